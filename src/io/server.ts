/** Boots the repository's own server, waits until it answers over HTTP, and stops it with its whole tree. */
import { request } from 'node:http';
import { createServer, Socket } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { GateError, type Side } from '../errors.ts';
import { Child, safeEnv } from './proc.ts';

export interface ServerSpec {
  side: Side;
  /** Directory the command runs in. */
  cwd: string;
  /** Shell command line. */
  start: string;
  /** A fixed port the server listens on whatever PORT says; otherwise we pick a free one and pass it in PORT. */
  port: number | undefined;
  /** Path whose first HTTP answer (any status) means ready. */
  readyPath: string;
  readyTimeoutMs: number;
  env?: Record<string, string>;
  /** Prefix for the command line, e.g. `taskset -c 0`. */
  wrap?: string;
  /** Called with the server's output as it comes. */
  onOutput?: (chunk: string) => void;
}

export interface RunningServer {
  readonly side: Side;
  readonly host: string;
  readonly port: number;
  readonly origin: string;
  readonly child: Child;
  /** Throws a GateError when the server has exited. */
  assertAlive(during: string): void;
  stop(): Promise<void>;
}

const HOSTS = ['127.0.0.1', '::1'] as const;

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** true when something accepts TCP connections on host:port. */
export function listening(host: string, port: number, timeoutMs = 500): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = new Socket();
    const done = (result: boolean): void => {
      socket.destroy();
      resolve(result);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
    socket.connect(port, host);
  });
}

/** Resolves with the status code of one GET, or undefined when nothing answered over HTTP. */
export function probe(
  host: string,
  port: number,
  path: string,
  timeoutMs = 1000,
): Promise<number | undefined> {
  return new Promise((resolve) => {
    const req = request({ host, port, path, method: 'GET', timeout: timeoutMs, agent: false }, (res) => {
      res.resume();
      res.once('end', () => resolve(res.statusCode));
      res.once('error', () => resolve(res.statusCode));
    });
    req.once('timeout', () => req.destroy());
    req.once('error', () => resolve(undefined));
    req.end();
  });
}

function describeExit(child: Child): string {
  const exit = child.exit;
  if (exit === undefined) return 'is still running';
  return exit.signal !== null ? `was killed by ${exit.signal}` : `exited with code ${exit.code}`;
}

export async function startServer(spec: ServerSpec): Promise<RunningServer> {
  const port = spec.port ?? (await freePort());
  if (spec.port !== undefined) await waitPortFree(spec.side, spec.port);
  const command = spec.wrap ? `${spec.wrap} ${spec.start}` : spec.start;
  const env = safeEnv({ NODE_ENV: 'production', ...spec.env, PORT: String(port) });
  const child = new Child(command, {
    cwd: spec.cwd,
    env,
    ...(spec.onOutput ? { onOutput: spec.onOutput } : {}),
  });
  const deadline = Date.now() + spec.readyTimeoutMs;
  let host: string | undefined;
  while (host === undefined) {
    if (child.exit !== undefined) {
      await child.stop(500);
      throw new GateError(
        'server-start',
        `the ${spec.side} server \`${spec.start}\` ${describeExit(child)} before it answered GET ${spec.readyPath} on port ${port}`,
        { side: spec.side, output: child.output.lastLines(40) },
      );
    }
    if (Date.now() > deadline) {
      await child.stop();
      const hint =
        spec.port === undefined
          ? ` It was given PORT=${port}: if it listens on a fixed port instead, set the \`port\` input to that port.`
          : ` Check that it listens on port ${port}, or raise \`ready-timeout\` if it needs longer to start.`;
      throw new GateError(
        'server-start',
        `the ${spec.side} server \`${spec.start}\` did not answer GET ${spec.readyPath} on port ${port} within ${Math.round(spec.readyTimeoutMs / 1000)} s.${hint}`,
        { side: spec.side, output: child.output.lastLines(40) },
      );
    }
    for (const candidate of HOSTS) {
      if ((await probe(candidate, port, spec.readyPath)) !== undefined) {
        host = candidate;
        break;
      }
    }
    if (host === undefined) await sleep(100);
  }
  const origin = host.includes(':') ? `http://[${host}]:${port}` : `http://${host}:${port}`;
  return {
    side: spec.side,
    host,
    port,
    origin,
    child,
    assertAlive(during: string): void {
      if (child.exit === undefined) return;
      throw new GateError(
        'server-crash',
        `the ${spec.side} server \`${spec.start}\` ${describeExit(child)} during ${during}`,
        {
          side: spec.side,
          output: child.output.lastLines(40),
        },
      );
    },
    async stop(): Promise<void> {
      await child.stop();
    },
  };
}

/** A fixed port must be free before we start: otherwise we would measure whatever else listens there. */
async function waitPortFree(side: Side, port: number): Promise<void> {
  const deadline = Date.now() + 5000;
  for (;;) {
    let busy = false;
    for (const host of HOSTS) if (await listening(host, port)) busy = true;
    if (!busy) return;
    if (Date.now() > deadline)
      throw new GateError(
        'server-start',
        `port ${port} (input \`port\`) is already in use by another process before the ${side} server starts: stop that process or choose another port`,
        { side },
      );
    await sleep(100);
  }
}
