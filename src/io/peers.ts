/**
 * The services a server uses on this machine, whose CPU belongs to the system under test rather than to a
 * disturbance: a Redis or a database the server is connected to over loopback TCP (found through /proc: the
 * server's sockets, /proc/net/tcp and tcp6, and which process holds the other end), and the containers of the
 * job's `services:` (processes under a containerd shim, and Docker's port proxy), whose sockets live in another
 * network namespace. Linux only; elsewhere nothing is found.
 */
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { liveProcesses, type ProcessEntry, processTree } from './proc.ts';

export interface TcpEntry {
  local: string;
  remote: string;
  /** 1 = ESTABLISHED, 10 = LISTEN (the kernel's numbering). */
  state: number;
  inode: number;
}

/**
 * The rows of /proc/net/tcp or tcp6: addresses as the kernel writes them (hex address:hex port), which is all
 * that matching two ends of a connection needs.
 */
export function parseTcpTable(text: string): TcpEntry[] {
  const rows: TcpEntry[] = [];
  for (const line of text.split('\n').slice(1)) {
    const fields = line.trim().split(/\s+/);
    if (fields.length < 10) continue;
    const inode = Number(fields[9]);
    if (!Number.isInteger(inode) || inode === 0) continue;
    rows.push({ local: fields[1]!, remote: fields[2]!, state: Number.parseInt(fields[3]!, 16), inode });
  }
  return rows;
}

/** Socket inodes of a process's open files ('socket:[12345]'); empty when they cannot be read. */
export function socketInodes(pid: number): number[] {
  const inodes: number[] = [];
  let fds: string[];
  try {
    fds = readdirSync(`/proc/${pid}/fd`);
  } catch {
    return inodes;
  }
  for (const fd of fds) {
    try {
      const match = /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${pid}/fd/${fd}`));
      if (match) inodes.push(Number(match[1]));
    } catch {
      // Closed meanwhile.
    }
  }
  return inodes;
}

/** The TCP sockets of `pid`'s network namespace (/proc/<pid>/net/tcp and tcp6); empty where they cannot be read. */
export function tcpTable(pid: number): TcpEntry[] {
  const rows: TcpEntry[] = [];
  for (const name of ['tcp', 'tcp6']) {
    try {
      rows.push(...parseTcpTable(readFileSync(`/proc/${pid}/net/${name}`, 'utf8')));
    } catch {
      // No IPv6, or not Linux.
    }
  }
  return rows;
}

/**
 * Inodes of the far ends of the established connections that `ours` (socket inodes) hold: the rows whose local
 * end is our remote end and whose remote end is our local end. Pure.
 */
export function peerInodes(table: readonly TcpEntry[], ours: ReadonlySet<number>): Set<number> {
  const ESTABLISHED = 1;
  const wanted = new Set<string>();
  for (const row of table)
    if (ours.has(row.inode) && row.state === ESTABLISHED) wanted.add(`${row.remote} ${row.local}`);
  const peers = new Set<number>();
  for (const row of table) {
    if (ours.has(row.inode) || row.state !== ESTABLISHED) continue;
    if (wanted.has(`${row.local} ${row.remote}`)) peers.add(row.inode);
  }
  return peers;
}

/** Comm names of container runtimes: their descendants are the job's service containers. */
const CONTAINER_SHIM = /^containerd-shim/;
const PORT_PROXY = 'docker-proxy';

/** Processes in containers (below a containerd shim) and Docker's port proxies. Pure. */
export function containerProcesses(processes: readonly ProcessEntry[]): number[] {
  const byPid = new Map(processes.map((p) => [p.pid, p]));
  const found: number[] = [];
  for (const p of processes) {
    if (p.comm === PORT_PROXY) {
      found.push(p.pid);
      continue;
    }
    // Walk up to the root (bounded: a corrupt table cannot loop forever).
    let parent = byPid.get(p.ppid);
    for (let depth = 0; parent && depth < 64; depth++) {
      if (CONTAINER_SHIM.test(parent.comm)) {
        found.push(p.pid);
        break;
      }
      parent = byPid.get(parent.ppid);
    }
  }
  return found;
}

/**
 * The families of `peers`: each peer's topmost ancestor running the same program (a database's postmaster above
 * its connection's backend) and every process below it, whose work (a checkpointer, an autovacuum worker) serves
 * the server as the connection does. Never climbs to an ancestor of `self` (a test runner that started both). Pure.
 */
export function serviceFamilies(
  processes: readonly ProcessEntry[],
  peers: readonly number[],
  self: number,
): number[] {
  const byPid = new Map(processes.map((p) => [p.pid, p]));
  const ancestorsOfSelf = new Set<number>();
  for (let p = byPid.get(self), depth = 0; p && depth < 64; p = byPid.get(p.ppid), depth++)
    ancestorsOfSelf.add(p.pid);
  const roots = new Set<number>();
  for (const pid of peers) {
    let root = byPid.get(pid);
    for (let depth = 0; root && depth < 64; depth++) {
      const parent = byPid.get(root.ppid);
      if (!parent || parent.comm !== root.comm || ancestorsOfSelf.has(parent.pid)) break;
      root = parent;
    }
    // A peer that is one of our own ancestors is no service; every other root's tree lies outside our line.
    if (root && !ancestorsOfSelf.has(root.pid)) roots.add(root.pid);
  }
  return [...new Set([...roots].flatMap((root) => processTree(root, processes)))];
}

/**
 * The processes serving `servers` (pids of the server trees) on this machine: local peers of their TCP
 * connections and their families, other than `exclude` (our own processes), plus service containers.
 */
export function servicePids(servers: readonly number[], exclude: ReadonlySet<number>): number[] {
  const processes = liveProcesses();
  const found = new Set<number>(containerProcesses(processes));
  const ours = new Set<number>();
  for (const pid of servers) for (const inode of socketInodes(pid)) ours.add(inode);
  if (ours.size > 0 && servers[0] !== undefined) {
    const peers = peerInodes(tcpTable(servers[0]), ours);
    if (peers.size > 0) {
      const connected: number[] = [];
      for (const p of processes) {
        if (exclude.has(p.pid) || servers.includes(p.pid)) continue;
        if (socketInodes(p.pid).some((inode) => peers.has(inode))) connected.push(p.pid);
      }
      for (const pid of serviceFamilies(processes, connected, process.pid)) found.add(pid);
    }
  }
  for (const pid of [...exclude, ...servers]) found.delete(pid);
  return [...found];
}
