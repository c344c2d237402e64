/**
 * The inputs a runner hands a `uses:` step: every input action.yml declares, the workflow's `with:` value or else
 * action.yml's default as written (an input with neither is ''); what `core.getInput` then reads.
 */
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import type { InputLookup } from '../../src/config/inputs.ts';

const action = parse(readFileSync(new URL('../../action.yml', import.meta.url), 'utf8')) as {
  inputs: Record<string, { default?: string }>;
};

/** A lookup of the inputs as a runner passes them for a step with `with`. */
export function runnerInputs(withInputs: Record<string, string>): InputLookup {
  return (name) => withInputs[name] ?? action.inputs[name]?.default ?? '';
}
