/**
 * A real redis-server (Debian's package) for the tests that stand in for a workflow's `services: redis`
 * container: started on a free loopback port without persistence, asked with plain RESP over a socket, and
 * killed after. When the machine has no redis-server the test installs it with apt-get (as root), or fails with
 * a message that says how to get it.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../../src/io/ports.ts';
import { aptInstall } from './apt.ts';

export const REDIS_SERVER = '/usr/bin/redis-server';
export const REDIS_CLI = '/usr/bin/redis-cli';

/** Installs Debian's redis-server (which brings redis-cli) unless both are there; throws when it cannot. */
export function ensureRedis(): void {
  aptInstall({
    name: 'redis-server',
    present: () => existsSync(REDIS_SERVER) && existsSync(REDIS_CLI),
    missing: `${REDIS_SERVER} or ${REDIS_CLI} is missing`,
    timeoutMs: 180_000,
  });
}

/** Encodes a command as a RESP array of bulk strings. */
function encode(args: string[]): string {
  return `*${args.length}\r\n${args.map((a) => `$${Buffer.byteLength(a)}\r\n${a}\r\n`).join('')}`;
}

/**
 * Sends one command and returns its reply as text: a simple string or integer as is, a bulk string's contents.
 * Rejects on an error reply or when no complete reply arrives within `timeoutMs`.
 */
export function redisCommand(port: number, args: string[], timeoutMs = 2000): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: '127.0.0.1', port });
    let buffer = Buffer.alloc(0);
    const done = (error: Error | undefined, value?: string): void => {
      clearTimeout(timer);
      socket.destroy();
      if (error) reject(error);
      else resolve(value ?? '');
    };
    const timer = setTimeout(
      () => done(new Error(`redis ${args[0]}: no reply in ${timeoutMs} ms`)),
      timeoutMs,
    );
    socket.on('error', (error) => done(error));
    socket.on('connect', () => socket.write(encode(args)));
    socket.on('data', (chunk: Buffer) => {
      buffer = Buffer.concat([buffer, chunk]);
      const end = buffer.indexOf('\r\n');
      if (end < 0) return;
      const line = buffer.subarray(0, end).toString();
      const kind = line[0];
      if (kind === '+' || kind === ':') done(undefined, line.slice(1));
      else if (kind === '-') done(new Error(`redis ${args[0]}: ${line.slice(1)}`));
      else if (kind === '$') {
        const length = Number(line.slice(1));
        if (length < 0) done(undefined, '');
        else if (buffer.length >= end + 2 + length + 2)
          done(undefined, buffer.subarray(end + 2, end + 2 + length).toString());
      } else done(new Error(`redis ${args[0]}: unexpected reply ${JSON.stringify(line)}`));
    });
  });
}

export interface RedisServer {
  port: number;
  /** `INFO <section>` as name → value. */
  info(section: string): Promise<Record<string, string>>;
  /** Kills the server (SIGKILL) and removes its directory; waits for it to exit. */
  stop(): Promise<void>;
}

/** Starts redis-server on a free port of 127.0.0.1, no RDB or AOF, and waits until it answers PING. */
export async function startRedis(): Promise<RedisServer> {
  ensureRedis();
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'perf-gate-redis-'));
  const child: ChildProcess = spawn(
    REDIS_SERVER,
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir],
    { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  child.stdout?.on('data', (d: Buffer) => {
    output += d.toString();
  });
  child.stderr?.on('data', (d: Buffer) => {
    output += d.toString();
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async (): Promise<void> => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await exited;
    rmSync(dir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`redis-server exited with code ${child.exitCode} at start:\n${output}`);
    }
    try {
      if ((await redisCommand(port, ['PING'], 500)) === 'PONG') break;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`redis-server did not answer PING on port ${port} within 10 s:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    port,
    info: async (section) => {
      const text = await redisCommand(port, ['INFO', section]);
      return Object.fromEntries(
        text
          .split('\r\n')
          .filter((line) => line.includes(':') && !line.startsWith('#'))
          .map((line) => [line.slice(0, line.indexOf(':')), line.slice(line.indexOf(':') + 1)]),
      );
    },
    stop,
  };
}
