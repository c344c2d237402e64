/**
 * The profile as the report keeps it when 0x failed on a side after the load ran: nothing named hotter, `cpu: false`
 * (the comment leaves its CPU section out), and the kept profile the inspector took, named where it is.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { profileSummary } from '../../../src/gate/profiling.ts';
import { GateError } from '../../../src/model/errors.ts';
import type { AllocationUnit } from '../../../src/model/profile.ts';
import { buildProfile } from '../../../src/profile/ticks.ts';

const REMEMBER: AllocationUnit = {
  ...{ level: 'function', name: 'remember', file: 'server.js', line: 5, package: '', pseudo: false },
  ...{ baseBytes: 0, headBytes: 66, deltaBytes: 66, p: 1e-7, evident: true },
};

test('0x failed on a side: nothing named hotter, `cpu: false`, and the kept profile stands', () => {
  const empty = buildProfile([], { roots: ['/repo/head'] });
  const kept = {
    evidence: {
      ...{ pairs: 16, windowSec: 0.125, level: 0.01, tested: 3, explain: true },
      base: { bytes: 41, samples: 61, requests: 24_210 },
      head: { bytes: 108, samples: 160, requests: 23_870 },
      functions: [REMEMBER],
      named: [REMEMBER],
    },
    profiles: { base: empty, head: empty },
    files: { base: '/out/profiles/base/kept.heapprofile', head: '/out/profiles/head/kept.heapprofile' },
  };
  const lost = new GateError('server-crash', '0x recorded no CPU samples of the base server', {
    side: 'base',
  });
  const result = { cpu: lost, allocation: undefined, kept, files: Object.values(kept.files) };
  const summary = profileSummary(result, { root: '/repo', headDir: '/repo/head', dir: '/out/profiles' }, 12);
  assert.equal(summary.cpu, false);
  assert.deepEqual(summary.hotter, []);
  assert.equal(summary.evidence, undefined);
  assert.equal(summary.allocation, undefined);
  assert.deepEqual(summary.files, [kept.files.base, kept.files.head]);
  assert.deepEqual(
    summary.kept?.more.map((m) => [m.fn, m.file, m.line, m.headBytes]),
    [['remember', 'head/server.js', 5, 66]],
  );
});
