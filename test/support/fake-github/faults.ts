/** Injected faults (FakeGitHub.addFault): the first that matches a request answers it, as many times as given. */
import { STATUS_CODES } from 'node:http';
import { error, Reply } from './reply.ts';
import type { Operation } from './spec.ts';
import type { FakeState } from './state.ts';
import type { Fault } from './types.ts';

/** The fault that answers `method` on `path`, counted as used; undefined when none matches. */
export function findFault(s: FakeState, method: string, path: string): Fault | undefined {
  const fault = s.faults.find((f) => {
    if (f.method && f.method.toUpperCase() !== method) return false;
    if (f.path) {
      f.path.lastIndex = 0;
      if (!f.path.test(path)) return false;
    }
    return true;
  });
  if (fault) {
    fault.remaining--;
    if (fault.remaining <= 0) s.faults.splice(s.faults.indexOf(fault), 1);
  }
  return fault;
}

export function faultReply(fault: Fault, op?: Operation): Reply {
  // GitHub answers 429 only for its rate limits, and says so.
  const message =
    fault.status === 429
      ? 'You have exceeded a secondary rate limit. Please wait a few minutes before you try again.'
      : (STATUS_CODES[fault.status] ?? 'Error');
  const reply =
    fault.body === undefined ? error(fault.status, message, op) : new Reply(fault.status, fault.body);
  Object.assign(reply.headers, fault.headers);
  return reply;
}
