/**
 * perf-gate's GitHub client (src/publish/client.ts) for tests against the fake: waits in milliseconds instead of
 * seconds, and plugin-throttling's limiters without the pacing GitHub asks of real clients (a second between
 * writes, three between comments), so that a test of ten comments does not take thirty seconds.
 */
import { createRequire } from 'node:module';
import { type ClientOptions, gitHubClient, type Octokit } from '../../src/publish/client.ts';

interface GroupConstructor {
  new (options: { maxConcurrent: number; minTime: number }): unknown;
}

const Bottleneck = createRequire(import.meta.url)('bottleneck/light.js') as { Group: GroupConstructor };

export function testClient(token: string, baseUrl: string, options: ClientOptions = {}): Octokit {
  const unpaced = () => new Bottleneck.Group({ maxConcurrent: 1, minTime: 0 });
  return gitHubClient(token, {
    baseUrl,
    unitMs: 1,
    limiters: { write: unpaced(), notifications: unpaced(), search: unpaced() },
    ...options,
  });
}
