import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { GateError } from '../../src/io/errors.ts';
import {
  defaultZeroXCacheDir,
  ensureZeroX,
  isInstalled,
  ZEROX_VERSION,
  zeroXBin,
} from '../../src/profile/install.ts';
import zeroxLock from '../../src/profile/zerox-lock.json' with { type: 'json' };

describe('the pinned 0x lockfile', () => {
  test('pins 0x 6.0.0 with a version-3 lockfile and an integrity hash for every package', () => {
    assert.equal(ZEROX_VERSION, '6.0.0');
    assert.deepEqual(zeroxLock.packageJson.dependencies, { '0x': '6.0.0' });
    const lock = zeroxLock.packageLock as {
      lockfileVersion: number;
      packages: Record<string, { integrity?: string }>;
    };
    assert.equal(lock.lockfileVersion, 3);
    const packages = Object.entries(lock.packages).filter(([path]) => path !== '');
    assert.ok(packages.length > 100, `${packages.length} packages`);
    for (const [path, entry] of packages) assert.match(entry.integrity ?? '', /^sha512-/, path);
  });
});

describe('defaultZeroXCacheDir', () => {
  test("the runner's tool cache, else the temporary directory", () => {
    assert.equal(
      defaultZeroXCacheDir({ RUNNER_TOOL_CACHE: '/opt/hostedtoolcache' }),
      '/opt/hostedtoolcache/perf-gate-0x-6.0.0',
    );
    assert.equal(defaultZeroXCacheDir({}), join(tmpdir(), 'perf-gate-0x-6.0.0'));
  });
});

describe('ensureZeroX', () => {
  const scratch = mkdtempSync(join(tmpdir(), 'perf-gate-0x-install-'));
  after(() => rmSync(scratch, { recursive: true, force: true }));

  test('an empty directory is not an install', () => {
    assert.equal(isInstalled(scratch), false);
    assert.equal(zeroXBin('/c'), '/c/node_modules/0x/cmd.js');
  });

  test('says what failed when npm cannot run, and leaves nothing half-installed', async () => {
    const dir = join(scratch, 'cache');
    await assert.rejects(
      ensureZeroX(dir, { npm: join(scratch, 'no-such-npm'), timeoutMs: 10_000 }),
      (error: unknown) => {
        assert.ok(error instanceof GateError);
        assert.equal(error.code, 'install');
        assert.match(error.message, /installing the profiler 0x@6\.0\.0 .* could not be started/);
        return true;
      },
    );
    assert.equal(existsSync(dir), false);
  });
});
