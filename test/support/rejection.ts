import assert from 'node:assert/strict';
import { GateError } from '../../src/model/errors.ts';

/** The GateError `promise` rejects with; fails when it resolves or rejects with anything else. */
export async function rejection(promise: Promise<unknown>): Promise<GateError> {
  try {
    await promise;
  } catch (error) {
    assert.ok(error instanceof GateError, `expected a GateError, got ${String(error)}`);
    return error;
  }
  assert.fail('expected a rejection');
}
