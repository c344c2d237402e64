/**
 * A throwaway repository for `mode: history`: a bare `origin` (GitHub's part) and a clone to commit in, whose app
 * (test/fixtures/apps/history) burns a given CPU time per request; commits are pushed to origin's main, tags too,
 * and each run of the action gets a fresh full clone of main (as actions/checkout with `fetch-depth: 0` leaves it).
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseHistory } from '../../src/history/lines.ts';
import type { HistoryLine } from '../../src/model/history.ts';
import { APPS_DIR } from './example.ts';
import { git } from './repo.ts';

export interface HistoryRepo {
  dir: string;
  /** The bare repository runs push the history to. */
  origin: string;
  /** Commits the app with `workUs` of CPU per request on main and pushes it; returns the commit. */
  commit(workUs: number, message: string): string;
  /** Tags main's head (annotated) and pushes the tag. */
  tag(name: string): void;
  /** A fresh clone of origin's main with every tag, for one run. */
  checkout(): string;
  /** The lines of the history branch on origin, oldest first; [] before it exists. */
  history(): HistoryLine[];
  /** A file of the history branch on origin. */
  file(path: string): string;
  cleanup(): void;
}

export function makeHistoryRepo(): HistoryRepo {
  const dir = mkdtempSync(join(tmpdir(), 'perf-gate-e2e-history-'));
  const origin = join(dir, 'origin.git');
  mkdirSync(origin);
  git(origin, 'init', '-q', '--bare', '-b', 'main');
  const work = join(dir, 'work');
  mkdirSync(work);
  git(work, 'init', '-q', '-b', 'main');
  git(work, 'remote', 'add', 'origin', `file://${origin}`);
  const app = join(APPS_DIR, 'history');
  const source = readFileSync(join(app, 'index.js'), 'utf8');
  writeFileSync(join(work, 'package.json'), readFileSync(join(app, 'package.json')));
  let runs = 0;
  return {
    dir,
    origin,
    commit(workUs, message) {
      writeFileSync(
        join(work, 'index.js'),
        source.replace(/const WORK_US = \d+;/, `const WORK_US = ${workUs};`),
      );
      git(work, 'add', '-A');
      git(work, 'commit', '-q', '--allow-empty', '-m', message);
      git(work, 'push', '-q', 'origin', 'main');
      return git(work, 'rev-parse', 'HEAD');
    },
    tag(name) {
      git(work, 'tag', '-a', name, '-m', `release ${name}`);
      git(work, 'push', '-q', 'origin', name);
    },
    checkout() {
      const workspace = join(dir, `run-${++runs}`, 'workspace');
      mkdirSync(join(dir, `run-${runs}`));
      git(dir, 'clone', '-q', '--branch', 'main', `file://${origin}`, workspace);
      return workspace;
    },
    history() {
      const branch = git(origin, 'branch', '--list', 'perf-gate-history');
      if (branch === '') return [];
      const files = git(origin, 'ls-tree', '-r', '--name-only', 'perf-gate-history', 'history/')
        .split('\n')
        .filter((f) => f !== '')
        .sort();
      return files.flatMap((f) => parseHistory(git(origin, 'show', `perf-gate-history:${f}`)).lines);
    },
    file(path) {
      return git(origin, 'show', `perf-gate-history:${path}`);
    },
    cleanup: () => rmSync(dir, { recursive: true, force: true }),
  };
}
