/**
 * One gate of the memory e2e tests: the built action on a throwaway repository whose head is one of
 * memory-servers.ts's, against a fake GitHub; what the tests check of it. Short fixed gates: 12 pairs of 1 s turns
 * in blocks of 2 (6 blocks for the leak test), no flame graphs.
 */
import { readReport, runAction } from './action.ts';
import { startFakeGitHub } from './fake-github/index.ts';
import { type MemoryHead, memoryServers } from './memory-servers.ts';
import { makeRepo, processesUnder, pullRequestEvent } from './repo.ts';

export const MEMORY_INPUTS = {
  start: 'node server.js',
  paths: '/items',
  rounds: '12',
  duration: '1s',
  warmup: '0s',
  'restart-every': '2',
  prime: '0.25s',
  flamegraphs: 'off',
};

/**
 * Gates `head` against the unchanged base (`inputs` added to MEMORY_INPUTS); the run, its report, its comment's body
 * and what it left running.
 */
export async function memoryGate(head: MemoryHead, pr: number, inputs: Record<string, string> = {}) {
  const fake = await startFakeGitHub({ token: 'ghs_testtoken' });
  const { base, head: headFiles } = memoryServers(head);
  const repo = makeRepo(base, headFiles);
  try {
    const run = await runAction({
      workspace: repo.workspace,
      inputs: { ...MEMORY_INPUTS, ...inputs },
      event: pullRequestEvent(repo, pr),
      apiUrl: fake.url,
    });
    const report = readReport(run);
    const comment = fake.comments.get(pr)?.[0]?.body ?? '';
    return { run, report, comment, leftover: processesUnder(repo.dir), violations: [...fake.violations] };
  } finally {
    await fake.close();
    repo.cleanup();
  }
}

/** The comment's lead: its first bold line after the title. */
export function leadOf(comment: string): string {
  return comment.split('\n').find((l) => l.startsWith('**') && !l.startsWith('**Next:**')) ?? '';
}
