/** Boots the repository's own server, waits until it answers over HTTP, and stops it with its whole tree. */
import { request } from 'node:http';
import { Socket } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { GateError } from '../model/errors.ts';
import type { Side } from '../model/measure.ts';
import { portNotMovedMessage, portTakenMessage } from '../report/error-text.ts';
import { freePort, type ListeningSocket, listeningSockets, PortAnswers, portHolder } from './ports.ts';
import { Child, processTree, safeEnv } from './proc.ts';

export interface ServerSpec {
  side: Side;
  /** Directory the command runs in. */
  cwd: string;
  /** Shell command line. */
  start: string;
  /** A fixed port the server listens on whatever PORT says; otherwise we pick a free one and pass it in PORT. */
  port: number | undefined;
  /**
   * With `port`: the port the server's environment moves that fixed port to (the port preload, given in `env`),
   * where it is probed and then loaded. A server that opens the fixed port instead, while nothing listens on this
   * one, was not moved: startServer stops it and throws a PortNotMovedError.
   */
  movedTo?: number;
  /** Path whose first HTTP answer (any status, unless readyStatus is set) means ready. */
  readyPath: string;
  /** The status the readiness probe must get; undefined: any answer will do. */
  readyStatus?: number;
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
/** How often a starting server is asked whether it answers: a refused connection costs next to nothing. */
const READY_POLL_MS = 20;

/**
 * A server on a fixed port that kept it instead of moving to the port its environment handed it (not Node.js, or a
 * process that did not load NODE_OPTIONS): it cannot run beside its twin. Its code is `server-start`, so that it
 * reads as any failure to start where nobody expects it.
 */
export class PortNotMovedError extends GateError {
  /** The fixed port (input `port`) and the port it was to move to. */
  readonly fixed: number;
  readonly movedTo: number;

  constructor(side: Side, start: string, fixed: number, movedTo: number, output?: string) {
    super('server-start', portNotMovedMessage(side, start, fixed, movedTo), {
      side,
      ...(output === undefined ? {} : { output }),
    });
    this.name = 'PortNotMovedError';
    this.fixed = fixed;
    this.movedTo = movedTo;
  }
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
export function getStatus(
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

/** Whether something accepts connections on `port` on 127.0.0.1 or ::1. */
async function open(port: number): Promise<boolean> {
  for (const host of HOSTS) if (await listening(host, port)) return true;
  return false;
}

/**
 * A moved server (process `pid`) that opened its fixed port while nothing listens on the port it was handed
 * (`movedTo`). Not when a program outside its processes holds the fixed port: that one is not the server's doing.
 */
export async function keptFixedPort(
  fixed: number | undefined,
  movedTo: number | undefined,
  pid: number,
): Promise<boolean> {
  if (fixed === undefined || movedTo === undefined) return false;
  return (await open(fixed)) && !(await open(movedTo)) && portHolder(fixed, pid) !== 'elsewhere';
}

/** A server that exited before it answered while a program outside its processes listened on its port. */
export class PortTakenError extends GateError {
  constructor(spec: ServerSpec, where: string, output: string) {
    super(
      'server-start',
      portTakenMessage(`the ${spec.side} server \`${spec.start}\``, where, spec.port !== undefined),
      {
        side: spec.side,
        output,
      },
    );
    this.name = 'PortTakenError';
  }
}

/** How often a server is started on a new port when another program took the one picked for it. */
const PORT_ATTEMPTS = 3;

export async function startServer(spec: ServerSpec): Promise<RunningServer> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await startOnce(spec);
    } catch (error) {
      // Only a port we picked can be picked again.
      if (!(error instanceof PortTakenError) || spec.port !== undefined || attempt >= PORT_ATTEMPTS)
        throw error;
    }
  }
}

async function startOnce(spec: ServerSpec): Promise<RunningServer> {
  const moved = spec.port !== undefined ? spec.movedTo : undefined;
  const port = moved ?? spec.port ?? (await freePort());
  if (spec.port !== undefined) await waitPortFree(spec.side, spec.port);
  const command = spec.wrap ? `${spec.wrap} ${spec.start}` : spec.start;
  // PORT is the server's own port: the fixed one when there is one (moved or not), else the free one we picked.
  const env = safeEnv({ NODE_ENV: 'production', ...spec.env, PORT: String(spec.port ?? port) });
  const child = new Child(command, {
    cwd: spec.cwd,
    env,
    ...(spec.onOutput ? { onOutput: spec.onOutput } : {}),
  });
  const host = await waitReady(spec, child, port);
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

/** `port 41234`, or for a moved server `port 3000 (moved to 41234 by perf-gate)`: the user knows the fixed one. */
function portText(spec: ServerSpec, port: number): string {
  return spec.port !== undefined && spec.movedTo !== undefined
    ? `port ${spec.port} (moved to ${port} by perf-gate)`
    : `port ${port}`;
}

/**
 * Probes the server until it answers (on 127.0.0.1 or ::1, whichever answers first) and returns that host. Throws
 * (after stopping it) when the server exits, when the time is up, and when a moved server kept its fixed port.
 */
async function waitReady(spec: ServerSpec, child: Child, port: number): Promise<string> {
  const deadline = Date.now() + spec.readyTimeoutMs;
  const wanted = spec.readyStatus === undefined ? '' : ` with ${spec.readyStatus}`;
  const where = portText(spec, port);
  let lastStatus: number | undefined;
  const answers = new PortAnswers(port, child.pid);
  for (;;) {
    if (child.exit !== undefined) {
      await child.stop(500);
      if (answers.taken()) throw new PortTakenError(spec, where, child.output.lastLines(40));
      throw new GateError(
        'server-start',
        `the ${spec.side} server \`${spec.start}\` ${describeExit(child)} before it answered GET ${spec.readyPath}${wanted} on ${where}`,
        { side: spec.side, output: child.output.lastLines(40) },
      );
    }
    if (Date.now() > deadline) {
      const hint =
        lastStatus !== undefined
          ? ` It kept answering ${lastStatus}: check \`ready.status\` and \`ready.path\` in the config file, or raise \`ready.timeout\` if it needs longer to get ready.`
          : readyHint(spec.port, spec.port ?? port, ownPorts(spec, listeningSockets(processTree(child.pid))));
      await child.stop();
      throw new GateError(
        'server-start',
        `the ${spec.side} server \`${spec.start}\` did not answer GET ${spec.readyPath}${wanted} on ${where} within ${Math.round(spec.readyTimeoutMs / 1000)} s.${hint}`,
        { side: spec.side, output: child.output.lastLines(40) },
      );
    }
    for (const candidate of HOSTS) {
      const status = await getStatus(candidate, port, spec.readyPath);
      if (status === undefined) continue;
      if (spec.readyStatus === undefined || status === spec.readyStatus) {
        if (answers.ready()) return preferredHost(candidate, port, spec);
        break;
      }
      lastStatus = status;
    }
    if (await keptFixedPort(spec.port, spec.movedTo, child.pid)) {
      await child.stop();
      throw new PortNotMovedError(spec.side, spec.start, spec.port!, port, child.output.lastLines(40));
    }
    await sleep(READY_POLL_MS);
  }
}

/**
 * 127.0.0.1 when it answers too: a server listening on both may have started between the two probes of a sweep, and
 * every server of a gate must be loaded over the same loopback, or the comparison measures IPv4 against IPv6.
 */
async function preferredHost(host: string, port: number, spec: ServerSpec): Promise<string> {
  if (host === HOSTS[0]) return host;
  const status = await getStatus(HOSTS[0], port, spec.readyPath);
  const ready = status !== undefined && (spec.readyStatus === undefined || status === spec.readyStatus);
  return ready ? HOSTS[0] : host;
}

/** A moved server's sockets as the user knows them: the handed port shown as its fixed one. */
function ownPorts(spec: ServerSpec, sockets: readonly ListeningSocket[]): ListeningSocket[] {
  const { port, movedTo } = spec;
  if (port === undefined || movedTo === undefined) return [...sockets];
  return sockets.map((socket) => (socket.port === movedTo ? { ...socket, port } : socket));
}

/**
 * What to do about a server that did not answer in time, from where it does listen: on another port (it ignores
 * PORT, or `port` is wrong), on the right port but not on localhost, on the right one without answering, or
 * nowhere yet (slow to start).
 */
export function readyHint(
  fixed: number | undefined,
  port: number,
  sockets: readonly ListeningSocket[],
): string {
  const given = fixed === undefined ? `PORT=${port}` : `port ${port} (input \`port\`)`;
  const onPort = sockets.filter((s) => s.port === port);
  const others = [...new Set(sockets.filter((s) => s.port !== port).map((s) => s.port))].sort(
    (a, b) => a - b,
  );
  if (onPort.length === 0 && others.length > 0) {
    const where = others.length === 1 ? `port ${others[0]}` : `ports ${others.join(', ')}`;
    return fixed === undefined
      ? ` It listens on ${where}, not on the ${given} it was given: make it listen on \`process.env.PORT\`, or set the \`port\` input to ${others.length === 1 ? others[0] : 'the port it serves on'}.`
      : ` It listens on ${where}, not on ${given}: set the \`port\` input to the port it serves on.`;
  }
  if (onPort.length > 0 && !onPort.some((s) => s.local)) {
    return ` It listens on port ${port} but not on localhost (127.0.0.1 or ::1): bind it to \`0.0.0.0\` or \`localhost\`.`;
  }
  if (onPort.length > 0) {
    return ` It accepts connections on port ${port} but gave no HTTP answer: check that GET on that path gets a response, or raise \`ready-timeout\` if it needs longer to get ready.`;
  }
  return fixed === undefined
    ? ` It was given ${given} and opened no port: if it needs longer to start, raise \`ready-timeout\`; if it listens on a fixed port instead, set the \`port\` input to that port.`
    : ` It opened no port: check that it listens on ${given}, or raise \`ready-timeout\` if it needs longer to start.`;
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
