/** Fake GitHubs a test file starts in its tests: closed after each test, then every request checked against GitHub's description. */
import assert from 'node:assert/strict';
import { afterEach } from 'node:test';
import { startFakeGitHub } from './server.ts';
import type { FakeGitHub, FakeGitHubOptions } from './types.ts';

/** Registers the check after each test; returns a starter whose fakes take `defaults` under their own options. */
export function fakesPerTest(
  defaults: FakeGitHubOptions,
): (options?: FakeGitHubOptions) => Promise<FakeGitHub> {
  const running: FakeGitHub[] = [];
  afterEach(async () => {
    const fakes = running.splice(0);
    // Close first: a failed assertion must not leave a server that keeps the test process alive.
    await Promise.all(fakes.map((fake) => fake.close()));
    for (const fake of fakes) assert.deepEqual(fake.violations, [], 'every request and answer was GitHub’s');
  });
  return async (options = {}) => {
    const fake = await startFakeGitHub({ ...defaults, ...options });
    running.push(fake);
    return fake;
  };
}
