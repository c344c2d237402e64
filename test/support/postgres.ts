/**
 * A real PostgreSQL server (Debian's package) for the tests that stand in for a workflow's `services: postgres`
 * container: a fresh cluster in a temporary directory, owned by the `postgres` user (initdb refuses root), on a
 * free loopback port, trusting loopback connections; asked with psql, and stopped and removed after. When the
 * machine has no PostgreSQL the test installs it with apt-get (as root), or fails with a message that says how.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { freePort } from '../../src/io/ports.ts';
import { aptInstall } from './apt.ts';

const ROOT = '/usr/lib/postgresql';

/** The newest installed server's bin directory, or undefined. */
function binDir(): string | undefined {
  if (!existsSync(ROOT)) return undefined;
  const versions = readdirSync(ROOT)
    .filter((v) => existsSync(join(ROOT, v, 'bin', 'postgres')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] === undefined ? undefined : join(ROOT, versions[0], 'bin');
}

/** Installs Debian's postgresql unless a server is there; returns its bin directory. */
export function ensurePostgres(): string {
  aptInstall({
    name: 'postgresql',
    present: () => binDir() !== undefined,
    missing: `no PostgreSQL server under ${ROOT}`,
    timeoutMs: 300_000,
  });
  return binDir()!;
}

export interface RunningPostgres {
  port: number;
  /** psql's unaligned, tuples-only answer to one statement, as the superuser `postgres`. */
  query: (database: string, sql: string) => string;
  databases: () => string[];
  stop: () => Promise<void>;
}

/** As root, the `postgres` user's ids to run the server as (initdb and postgres refuse root); else our own. */
function owner(): { uid?: number; gid?: number } {
  if (process.getuid?.() !== 0) return {};
  const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim());
  return { uid: id('-u'), gid: id('-g') };
}

async function waitReady(bin: string, port: number, child: ChildProcess, dir: string): Promise<void> {
  for (let i = 0; i < 300; i++) {
    if (child.exitCode !== null)
      throw new Error(`postgres exited with ${child.exitCode} before it was ready`);
    try {
      execFileSync(join(bin, 'pg_isready'), ['-h', '127.0.0.1', '-p', String(port), '-q'], {
        stdio: 'ignore',
      });
      return;
    } catch {
      await sleep(100);
    }
  }
  throw new Error(`postgres in ${dir} did not answer on port ${port} within 30 s`);
}

/** A new cluster on a free port; stop() ends the server and removes its directory. */
export async function startPostgres(): Promise<RunningPostgres> {
  const bin = ensurePostgres();
  const dir = mkdtempSync(join(tmpdir(), 'perf-gate-postgres-'));
  chmodSync(dir, 0o777);
  const data = join(dir, 'data');
  const user = owner();
  execFileSync(join(bin, 'initdb'), ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8'], {
    stdio: 'pipe',
    timeout: 120_000,
    ...user,
  });
  const port = await freePort();
  // biome-ignore format: one flag and its value a line
  const args = [
    '-D', data, '-p', String(port), '-k', dir, '-c', 'listen_addresses=127.0.0.1',
    '-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off',
  ];
  const child = spawn(join(bin, 'postgres'), args, { stdio: 'ignore', ...user });
  await waitReady(bin, port, child, dir);
  const query = (database: string, sql: string): string =>
    execFileSync(
      join(bin, 'psql'),
      ['-h', '127.0.0.1', '-p', String(port), '-U', 'postgres', '-d', database, '-Atc', sql],
      {
        encoding: 'utf8',
        timeout: 30_000,
      },
    ).trim();
  return {
    port,
    query,
    databases: () =>
      query('postgres', 'SELECT datname FROM pg_database WHERE NOT datistemplate ORDER BY datname').split(
        '\n',
      ),
    stop: async () => {
      child.kill('SIGINT'); // a fast shutdown
      for (let i = 0; i < 100 && child.exitCode === null && child.signalCode === null; i++) await sleep(100);
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
