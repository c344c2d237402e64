/**
 * A describe's fake GitHub and the one throwaway repository its test gates: the fake started before the tests; after
 * them the fake closed, and the repository's processes killed before its directory goes (a gate that hangs is killed
 * by runAction and leaves its servers behind).
 */
import { after, before } from 'node:test';
import { type FakeGitHub, startFakeGitHub } from './fake-github/index.ts';
import { killProcessesUnder, type TestRepo } from './repo.ts';

export interface GateScaffold {
  /** The fake GitHub, once the describe's `before` has started it. */
  fake: () => FakeGitHub;
  /** Keeps `repo` for the cleanup after the tests; returns it. */
  keep: (repo: TestRepo) => TestRepo;
}

export function gateScaffold(token = 'ghs_testtoken'): GateScaffold {
  let fake: FakeGitHub | undefined;
  let kept: TestRepo | undefined;
  before(async () => {
    fake = await startFakeGitHub({ token });
  });
  after(async () => {
    await fake?.close();
    if (kept === undefined) return;
    killProcessesUnder(kept.dir);
    kept.cleanup();
  });
  return {
    fake: () => {
      if (fake === undefined) throw new Error('gateScaffold: the fake GitHub is started in `before`');
      return fake;
    },
    keep: (repo) => {
      kept = repo;
      return repo;
    },
  };
}
