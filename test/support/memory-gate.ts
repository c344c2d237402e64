/**
 * One gate of the memory e2e tests: the built action on a throwaway repository whose head is one of
 * memory-servers.ts's, against a fake GitHub; what the tests check of it. Short fixed gates: 8 pairs (the fewest
 * `rounds` allows) of 1 s turns in blocks of 2, no flame graphs.
 */
import { readReport, runAction } from './action.ts';
import { SUITE_PIN, TOKEN } from './example.ts';
import { startFakeGitHub } from './fake-github/index.ts';
import { type MemoryHead, memoryServers } from './memory-servers.ts';
import { killProcessesUnder, makeRepo, processesUnder, pullRequestEvent, type TestRepo } from './repo.ts';

export const MEMORY_INPUTS = {
  start: 'node server.js',
  paths: '/items',
  rounds: '8',
  duration: '1s',
  warmup: '0s',
  'restart-every': '2',
  prime: '0.25s',
  flamegraphs: 'off',
  pin: SUITE_PIN,
};

/**
 * The built action on pull request `pr` of `repo` (which it cleans up) against a fake GitHub: the run, its report,
 * its comment's body, what it left running (read before anything left is killed) and the API's violations.
 */
export async function pullRequestGate(
  repo: TestRepo,
  inputs: Record<string, string>,
  pr: number,
  timeoutMs?: number,
) {
  const fake = await startFakeGitHub({ token: TOKEN });
  try {
    const run = await runAction({
      workspace: repo.workspace,
      inputs,
      event: pullRequestEvent(repo, pr),
      apiUrl: fake.url,
      ...(timeoutMs === undefined ? {} : { timeoutMs }),
    });
    const report = readReport(run);
    const comment = fake.comments.get(pr)?.[0]?.body ?? '';
    return { run, report, comment, leftover: processesUnder(repo.dir), violations: [...fake.violations] };
  } finally {
    await fake.close();
    killProcessesUnder(repo.dir);
    repo.cleanup();
  }
}

/** Gates `head` against the unchanged base (`inputs` added to MEMORY_INPUTS). */
export async function memoryGate(head: MemoryHead, pr: number, inputs: Record<string, string> = {}) {
  const { base, head: headFiles } = memoryServers(head);
  return pullRequestGate(makeRepo(base, headFiles), { ...MEMORY_INPUTS, ...inputs }, pr);
}

/** The comment's lead: its first bold line after the title. */
export function leadOf(comment: string): string {
  return comment.split('\n').find((l) => l.startsWith('**') && !l.startsWith('**Next:**')) ?? '';
}
