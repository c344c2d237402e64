/** The tests' apt-get helper (test/support/apt.ts): nothing runs when the package is there; without root, how. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { aptInstall } from '../../support/apt.ts';

const pkg = { name: 'no-such-package-perf-gate', missing: 'no /nowhere/server', timeoutMs: 1000 };

test('a package that is present is not installed', () => {
  let asked = 0;
  aptInstall({ ...pkg, present: () => ++asked > 0 });
  assert.equal(asked, 1);
});

test('a missing package, not as root: the error names what is missing and the command that installs it', (t) => {
  t.mock.method(process as { getuid: () => number }, 'getuid', () => 1000);
  assert.throws(
    () => aptInstall({ ...pkg, present: () => false }),
    new Error(
      'no /nowhere/server: install it with `apt-get install -y --no-install-recommends no-such-package-perf-gate` (Debian/Ubuntu), as root',
    ),
  );
});
