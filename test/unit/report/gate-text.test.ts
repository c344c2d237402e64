/**
 * The gate's words (src/report/gate-text.ts) that the pair runner's tests do not already pin: the trees, the
 * hooks, the clean-up, profiling and the report's headline. Each expected string is the text the gate has always
 * written for these values.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import * as errors from '../../../src/report/error-text.ts';
import * as text from '../../../src/report/gate-text.ts';

test('preparing the trees', () => {
  assert.equal(text.baseTreeGroup('main', '0123456789abcdef'), 'base tree: main (0123456)');
  assert.equal(text.baseCheckedOutLog('/tmp/base'), 'base checked out at /tmp/base');
  assert.equal(
    errors.noDirectoryMessage('base', ''),
    'the base tree has no directory . (input `working-directory`)',
  );
  assert.equal(
    errors.noDirectoryMessage('head', 'app'),
    'the head tree has no directory app (input `working-directory`)',
  );
  assert.equal(text.nothingToInstallLog('head'), 'install head: nothing to install');
  assert.equal(text.stepGroup('build', 'base', 'npm run build'), 'build base: npm run build');
  assert.equal(text.stepTookLog('install', 'head', 12_345), 'install head took 12.3 s');
  assert.equal(
    errors.stepTimedOutMessage('install', 'base', 'npm ci', 600_000),
    'install of base (`npm ci`) did not finish within 600 s (input `build-timeout`, the limit of install and build each)',
  );
  assert.equal(
    errors.stepFailedMessage('build', 'head', 'tsc', 2),
    'build of head (`tsc`) failed with exit code 2',
  );
});

test('the hooks', () => {
  assert.equal(
    errors.hookFailedMessage('setup', 'base', './seed.sh', { timedOutMs: 90_400 }),
    'setup of base (`./seed.sh`) did not finish within 90 s (the `build-timeout` input limits it)',
  );
  assert.equal(
    errors.hookFailedMessage('teardown', 'head', './drop.sh', { code: null, signal: 'SIGKILL' }),
    'teardown of head (`./drop.sh`) was killed by SIGKILL',
  );
  assert.equal(
    errors.hookFailedMessage('setup', 'head', './seed.sh', { code: 3 }),
    'setup of head (`./seed.sh`) failed with exit code 3',
  );
  assert.equal(text.teardownNote('teardown of head failed'), 'teardown of head failed (the verdict stands).');
  assert.equal(errors.errorWithOutput('it failed', 'line 1'), 'it failed\nline 1');
  assert.equal(errors.errorWithOutput('it failed', undefined), 'it failed');
});

test('the clean-up', () => {
  assert.equal(
    text.keepTreesLog('/tmp/base'),
    'keep-trees: the base tree stays at /tmp/base (remove it with `git worktree remove --force`)',
  );
  assert.equal(
    text.diskUseLog('12 MB', false, '1 MB', 'out'),
    'disk use of this run: base tree 12 MB (removed), outputs 1 MB in out',
  );
  assert.equal(
    text.diskUseLog('12 MB', true, '1 MB', 'out'),
    'disk use of this run: base tree 12 MB (kept), outputs 1 MB in out',
  );
  assert.equal(
    text.diskUseLog('0 B', undefined, '1 MB', 'out'),
    'disk use of this run: base tree 0 B (none), outputs 1 MB in out',
  );
});

test("the report's headline and notes", () => {
  assert.equal(
    text.loadgenBusyNote(0.934),
    'the load generator kept 93% of a core busy: on this runner it, not the server, may set the pace, so changes in req/s may be understated.',
  );
  assert.equal(text.confirmationLog(6), 'a borderline regression earned 6 more pairs to confirm it');
  assert.equal(text.timeLimitNote(1), "the gate's time limit (input `timeout`) ran out after 1 pair.");
});

test('profiling', () => {
  assert.equal(
    text.NO_ROOM_FOR_PROFILES,
    'no flame graphs: the time limit (input `timeout`) left no room for the profiling pass.',
  );
  assert.equal(text.PROFILING_GROUP, 'profiling base and head with 0x');
  assert.equal(text.PROFILE_ARTIFACTS, 'the flame-graph artifact of this run');
  assert.equal(text.profilingTookLog(41.26), 'profiling took 41.3 s');
  assert.equal(text.noFlameGraphsNote('0x failed'), 'no flame graphs: 0x failed');
  assert.equal(text.profilingFailedLog('0x failed'), 'profiling failed (the verdict stands): 0x failed');
});

test('what a server was doing when it died', () => {
  assert.equal(errors.roundDuring(2, 'GET /'), 'round 3 (GET /)');
  assert.equal(errors.primingDuring(0, 'GET /'), 'priming before pair 1 (GET /)');
  assert.equal(errors.openLoopBaseDuring('GET /'), 'measuring base for the open loop (GET /)');
});

test("the open loop's part of a pair's log line", () => {
  const m = (paced?: { p99: number; sent: number; responses: number }) => ({
    responses: 10,
    elapsedSec: 1,
    rps: 1000,
    latencyMs: { p50: 1, p90: 1, p99: 1, max: 1, mean: 1 },
    bytesPerSec: 1,
    errors: 0,
    timeouts: 0,
    non2xx: 0,
    statusCodes: {},
    loadgenCpu: 0,
    ...(paced
      ? {
          paced: {
            rate: 400,
            sent: paced.sent,
            responses: paced.responses,
            failures: 0,
            latencyMs: { p50: 1, p90: 1, p99: paced.p99, max: 1, mean: 1 },
            sendLagP99Ms: 0,
          },
        }
      : {}),
  });
  assert.equal(
    text.pairLog(0, [{ scenario: 'GET /', base: m({ p99: Number.NaN, sent: 5, responses: 5 }), head: m() }]),
    'pair 1: GET /: base 1000 req/s, head 1000 req/s (0.0%), p99 at 400 req/s: base n/a, head no open-loop load',
  );
  assert.equal(
    text.pairLog(4, [
      { scenario: 'a', base: m(), head: m() },
      { scenario: 'b', base: m(), head: m() },
    ]),
    'pair 5: a: base 1000 req/s, head 1000 req/s (0.0%); b: base 1000 req/s, head 1000 req/s (0.0%)',
  );
});
