/**
 * The Next line sends the reader to their own code: a hot unit of Node's own modules is named with the first frame
 * outward that is the program's (the app's own file, else a dependency's package), the internal frame as context.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { hotterUnits } from '../../../src/gate/profiling.ts';
import type { ProfileEvidence, UnitCost } from '../../../src/model/profile.ts';
import type { Report } from '../../../src/model/report.ts';
import { callerOf } from '../../../src/profile/callers.ts';
import { buildProfile, type RawTicks } from '../../../src/profile/ticks.ts';
import { hotterAnnotation } from '../../../src/report/annotations.ts';
import { nextLine } from '../../../src/report/lead.ts';
import { gateReport } from '../../support/reports.ts';

const js = (fn: string, file: string, line = 1) => ({ name: `${fn} /app/${file}:${line}:1`, type: 'JS' });
const node = (fn: string, file: string, line: number) => ({
  name: `${fn} node:${file}:${line}:1`,
  type: 'JS',
});

const SERVER = js('emit', 'node_modules/restify/lib/server.js', 80);
const OWN = js('afterEach', 'lib/util.js', 19);
const UPDATE = node('update', 'internal/crypto/hash', 146);
const DIGEST = node('digest', 'internal/crypto/hash', 160);

/** Samples, root first: `n` copies of each stack. */
function ticks(stacks: [RawTicks[number], number][]): RawTicks {
  return stacks.flatMap(([stack, n]) => Array.from({ length: n }, () => stack));
}

const profile = buildProfile(
  ticks([
    [[SERVER, OWN, DIGEST, UPDATE], 30],
    [[SERVER, UPDATE], 5],
    [[SERVER, OWN], 10],
  ]),
  { roots: ['/app'] },
);

function unit(over: Partial<UnitCost>): UnitCost {
  return {
    level: 'function',
    name: 'update',
    file: 'node:internal/crypto/hash',
    line: 146,
    package: 'node:',
    pseudo: false,
    baseSelfUs: 1,
    headSelfUs: 40,
    baseTotalUs: 1,
    headTotalUs: 40,
    deltaUs: 39,
    spreadUs: 1,
    p: 0.001,
    evident: true,
    ...over,
  };
}

test("a hot function of Node's own is called from the app's frame that carries most of its samples", () => {
  const caller = callerOf(profile, unit({}));
  assert.equal(caller?.fn, 'afterEach');
  assert.equal(caller?.file, 'lib/util.js');
  assert.equal(caller?.line, 19);
});

test("Node's own package as a whole is traced to its caller too; the app's and a dependency's units are not", () => {
  assert.equal(
    callerOf(profile, unit({ level: 'package', name: 'node:', file: '', line: 0 }))?.fn,
    'afterEach',
  );
  assert.equal(
    callerOf(profile, unit({ name: 'afterEach', file: 'lib/util.js', line: 19, package: '' })),
    undefined,
  );
  assert.equal(callerOf(profile, unit({ name: 'emit', package: 'restify' })), undefined);
});

test("with no own frame between, the dependency's frame is the caller", () => {
  const only = buildProfile(ticks([[[SERVER, UPDATE], 5]]), { roots: ['/app'] });
  assert.equal(callerOf(only, unit({}))?.file, 'node_modules/restify/lib/server.js');
});

test('the Next line names the caller first, the internal frame as context; the annotation lands on its line', () => {
  const evidence = {
    named: [unit({})],
    base: { busyUs: 1000 },
    head: { busyUs: 1000 },
  } as unknown as ProfileEvidence;
  const hotter = hotterUnits(evidence, '/app', '/app', profile);
  assert.deepEqual(hotter[0]?.caller, { fn: 'afterEach', file: 'lib/util.js', line: 19, package: '' });
  const report: Report = {
    ...gateReport({ paths: { '/x': 0.5 } }),
    profile: { files: [], dir: '', hotter, seconds: 1 },
  };
  const next = nextLine(report, {});
  assert.match(
    next,
    /^\*\*Next:\*\* Look at `afterEach` in `lib\/util\.js:19`, whose call into `update` in `node:internal\/crypto\/hash:146` got hotter \(1\.00 µs → 40\.0 µs per request\)\./,
  );
  assert.match(
    hotterAnnotation(hotter[0]!, 'regression'),
    /^update \(node:internal\/crypto\/hash:146\), called here,/,
  );
  const dependency = hotterUnits(
    evidence,
    '/app',
    '/app',
    buildProfile(ticks([[[SERVER, UPDATE], 5]]), { roots: ['/app'] }),
  );
  assert.match(
    nextLine({ ...report, profile: { ...report.profile!, hotter: dependency } }, {}),
    /Look at the package `restify` \(`emit` in `node_modules\/restify\/lib\/server\.js:80`\), whose call into `update`/,
  );
});
