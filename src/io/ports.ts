/**
 * The ports of the servers we start: picked where the kernel hands no port to anyone else, and who listens on one
 * (Linux /proc; elsewhere nothing is found).
 */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { socketInodes, tcpTable } from './peers.ts';
import { processTree } from './proc.ts';

/** The lowest port we pick: below it sit the ports services are set up on (3000, 5432, 8080, …). */
const PICK_FROM = 20_000;
/** Where the kernel's ephemeral ports start when /proc cannot tell (the default of macOS and Windows). */
const EPHEMERAL_DEFAULT = 49_152;
const PICK_TRIES = 32;
/**
 * How long a port may answer while only programs outside a server's processes listen on it before that is taken
 * as the server's own doing (a container's port proxy): a server that found its port taken exits sooner.
 */
export const HANDED_ON_MS = 2000;
/** The kernel's state number of a listening socket. */
const LISTEN = 10;

/**
 * The ports to pick from, [from, to): below the ephemeral range (`/proc/sys/net/ipv4/ip_local_port_range`), from
 * which the kernel hands ports to every listen(0) and connect() on the machine, so that no other program is given
 * the port we picked before our server opens it. Undefined when that range leaves too little below it. Pure.
 */
export function pickRange(ephemeral: string | undefined): [number, number] | undefined {
  const low = Number(ephemeral?.trim().split(/\s+/)[0]);
  const to = Number.isInteger(low) && low > 0 ? low : EPHEMERAL_DEFAULT;
  return to - PICK_FROM >= 1000 ? [PICK_FROM, to] : undefined;
}

function readText(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return undefined;
  }
}

/** Listens on host:port and closes again: the port it got, or undefined when that address is in use or missing. */
function tryListen(port: number, host: string): Promise<number | undefined> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(undefined));
    server.listen(port, host, () => {
      const address = server.address();
      const got = typeof address === 'object' && address !== null ? address.port : undefined;
      server.close(() => resolve(got));
    });
  });
}

/** Whether nothing listens on the port on 127.0.0.1 (nor only on ::1, where the machine has IPv6). */
async function free(port: number): Promise<boolean> {
  if ((await tryListen(port, '127.0.0.1')) === undefined) return false;
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', (error: NodeJS.ErrnoException) => resolve(error.code !== 'EADDRINUSE'));
    server.listen(port, '::1', () => server.close(() => resolve(true)));
  });
}

/** A port nothing listens on, for a server we start; `random` chooses where in the pick range to try. */
export async function freePort(random: () => number = Math.random): Promise<number> {
  const range = pickRange(readText('/proc/sys/net/ipv4/ip_local_port_range'));
  for (let i = 0; range !== undefined && i < PICK_TRIES; i++) {
    const port = range[0] + Math.floor(random() * (range[1] - range[0]));
    if (await free(port)) return port;
  }
  const port = await tryListen(0, '127.0.0.1');
  if (port === undefined) throw new Error('no free port on 127.0.0.1');
  return port;
}

export interface ListeningSocket {
  port: number;
  /** Reachable on 127.0.0.1 or ::1 (bound to a loopback or a wildcard address). */
  local: boolean;
}

/** `local_address` of /proc/net/tcp{,6} (hex, little-endian words): loopback or wildcard? */
function localAddress(hex: string): boolean {
  if (hex.length === 8) return hex === '00000000' || hex.endsWith('7F');
  return (
    hex === '0'.repeat(32) ||
    hex === `${'0'.repeat(24)}01000000` ||
    (hex.startsWith(`${'0'.repeat(16)}FFFF0000`) && localAddress(hex.slice(24)))
  );
}

/** Every listening TCP socket of this network namespace, with the inode that tells whose it is. */
function listeners(): (ListeningSocket & { inode: number })[] {
  const found: (ListeningSocket & { inode: number })[] = [];
  for (const row of tcpTable(process.pid)) {
    const [address = '', portHex = ''] = row.local.split(':');
    const port = Number.parseInt(portHex, 16);
    if (row.state === LISTEN && Number.isInteger(port) && port > 0)
      found.push({ port, local: localAddress(address), inode: row.inode });
  }
  return found;
}

/** TCP sockets on which any of the processes listens; empty where /proc cannot tell. */
export function listeningSockets(pids: readonly number[]): ListeningSocket[] {
  const inodes = new Set(pids.flatMap(socketInodes));
  if (inodes.size === 0) return [];
  return listeners()
    .filter((s) => inodes.has(s.inode))
    .map(({ port, local }) => ({ port, local }));
}

/**
 * Who listens on `port`: `pid` or a process below it ('tree'), only processes outside that tree ('elsewhere': the
 * port was taken by another program, or the server handed it to one, as a container's port proxy), or /proc cannot
 * tell ('unknown').
 */
export function portHolder(port: number, pid: number): 'tree' | 'elsewhere' | 'unknown' {
  const onPort = listeners().filter((s) => s.port === port);
  if (onPort.length === 0) return 'unknown';
  const ours = new Set(processTree(pid).flatMap(socketInodes));
  return onPort.some((s) => ours.has(s.inode)) ? 'tree' : 'elsewhere';
}

/**
 * What a starting server's readiness probe got on its port (`pid`: the server's process): its own processes'
 * answers, or another program's, which count only once they have come for HANDED_ON_MS with the server alive.
 */
export class PortAnswers {
  /** Since when the port has answered while only programs outside the server's processes listened on it. */
  private elsewhereSince: number | undefined;

  private readonly port: number;
  private readonly pid: number;

  constructor(port: number, pid: number) {
    this.port = port;
    this.pid = pid;
  }

  /** Whether an answer the probe just got means the server is ready; false: another program's, wait on. */
  ready(): boolean {
    if (portHolder(this.port, this.pid) !== 'elsewhere') return true;
    this.elsewhereSince ??= Date.now();
    return Date.now() - this.elsewhereSince >= HANDED_ON_MS;
  }

  /**
   * Whether a server that exited found its port taken by another program: that program answered the probe, or holds
   * the port now. Asked once the server's own processes are gone (startServer stops what it left in the background
   * first; under 0x the server is node itself), so that only another program's listener counts.
   */
  taken(): boolean {
    return this.elsewhereSince !== undefined || portHolder(this.port, this.pid) === 'elsewhere';
  }
}
