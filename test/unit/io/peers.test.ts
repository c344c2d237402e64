/** The services a server uses (src/io/peers.ts): whose CPU is part of the system under test. */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import { describe, test } from 'node:test';
import {
  containerProcesses,
  parseTcpTable,
  peerInodes,
  serviceFamilies,
  servicePids,
} from '../../../src/io/peers.ts';
import { liveProcesses } from '../../../src/io/proc.ts';

// Two rows of a real /proc/net/tcp: a listener on 127.0.0.1:6379 and one end of a connection to it.
const TABLE = `  sl  local_address rem_address   st tx_queue rx_queue tr tm->when retrnsmt   uid  timeout inode
   0: 0100007F:18EB 00000000:0000 0A 00000000:00000000 00:00000000 00000000     0        0 1001 1 0000000000000000 100 0 0 10 0
   1: 0100007F:18EB 0100007F:D431 01 00000000:00000000 00:00000000 00000000     0        0 1002 1 0000000000000000 20 4 30 10 -1
   2: 0100007F:D431 0100007F:18EB 01 00000000:00000000 00:00000000 00000000     0        0 2001 1 0000000000000000 20 4 30 10 -1
   3: 0100007F:D432 0100007F:1F90 01 00000000:00000000 00:00000000 00000000     0        0 2002 1 0000000000000000 20 4 30 10 -1
   4: 0100007F:0050 00000000:0000 0A 00000000:00000000 00:00000000 00000000     0        0 0 1 0000000000000000 100 0 0 10 0
`;

describe('peers', () => {
  test('parseTcpTable reads addresses, state and inode, and skips the header and rows without an inode', () => {
    const rows = parseTcpTable(TABLE);
    assert.equal(rows.length, 4);
    assert.deepEqual(rows[0], { local: '0100007F:18EB', remote: '00000000:0000', state: 10, inode: 1001 });
    assert.equal(rows[1]!.state, 1);
  });

  test('peerInodes: the far end of each established connection we hold, nothing else', () => {
    const rows = parseTcpTable(TABLE);
    // We hold 2001 (connected to :6379, whose far end is 1002) and 2002 (connected to :8080, no far end here).
    assert.deepEqual([...peerInodes(rows, new Set([2001, 2002]))], [1002]);
    assert.deepEqual([...peerInodes(rows, new Set([1001]))], [], 'a listening socket has no peer');
  });

  test('containerProcesses: everything under a containerd shim, and docker-proxy; not the rest', () => {
    const procs = [
      { pid: 1, ppid: 0, pgid: 1, comm: 'systemd' },
      { pid: 50, ppid: 1, pgid: 50, comm: 'containerd-shim-runc-v2' },
      { pid: 51, ppid: 50, pgid: 51, comm: 'redis-server' },
      { pid: 52, ppid: 51, pgid: 51, comm: 'redis-child' },
      { pid: 60, ppid: 1, pgid: 60, comm: 'docker-proxy' },
      { pid: 70, ppid: 1, pgid: 70, comm: 'node' },
      { pid: 71, ppid: 70, pgid: 70, comm: 'sh' },
    ];
    assert.deepEqual(
      containerProcesses(procs).sort((a, b) => a - b),
      [51, 52, 60],
    );
  });

  test("serviceFamilies: a database's postmaster and its background workers, not a shell above it nor our own runner", () => {
    const procs = [
      { pid: 1, ppid: 0, pgid: 1, comm: 'systemd' },
      { pid: 10, ppid: 1, pgid: 10, comm: 'postgres' },
      { pid: 11, ppid: 10, pgid: 10, comm: 'postgres' },
      { pid: 12, ppid: 10, pgid: 10, comm: 'postgres' },
      { pid: 13, ppid: 10, pgid: 10, comm: 'sh' },
      { pid: 14, ppid: 13, pgid: 10, comm: 'cp' },
      { pid: 20, ppid: 1, pgid: 20, comm: 'bash' },
      { pid: 21, ppid: 20, pgid: 20, comm: 'redis-server' },
      { pid: 30, ppid: 1, pgid: 30, comm: 'node' },
      { pid: 31, ppid: 30, pgid: 30, comm: 'node' },
      { pid: 32, ppid: 30, pgid: 30, comm: 'node' },
      { pid: 33, ppid: 30, pgid: 30, comm: 'node' },
      { pid: 34, ppid: 31, pgid: 34, comm: 'node' },
    ];
    const sorted = (pids: number[]): number[] => pids.sort((a, b) => a - b);
    // The backend 11 a server is connected to: the postmaster and all below it (an archive command's shell too).
    assert.deepEqual(sorted(serviceFamilies(procs, [11], 31)), [10, 11, 12, 13, 14]);
    // A Redis a step's shell started: the shell is another program, and is not the service.
    assert.deepEqual(serviceFamilies(procs, [21], 31), [21]);
    // A node peer whose node parent also started us (a test runner): the peer alone, never the runner or us.
    assert.deepEqual(serviceFamilies(procs, [32], 31), [32]);
    // A peer that is our own runner: no service, and nothing below us (our server 34) through it.
    assert.deepEqual(serviceFamilies(procs, [30], 31), []);
  });

  test('servicePids finds the process on the other end of a real loopback connection', async () => {
    // A "Redis": a separate process listening on a port; a "server": another process connected to it.
    const service = spawn(
      process.execPath,
      [
        '-e',
        "require('net').createServer((s) => s.on('data', () => {})).listen(0, '127.0.0.1', function () { console.log(this.address().port); });",
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    const [chunk] = (await once(service.stdout!, 'data')) as [Buffer];
    const port = Number(chunk.toString().trim());
    const server = spawn(
      process.execPath,
      [
        '-e',
        `const s = require('net').connect(${port}, '127.0.0.1', () => console.log('up')); setInterval(() => {}, 1000);`,
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    await once(server.stdout!, 'data');
    // An unrelated listener in this process is not a peer.
    const unrelated = createServer().listen(0, '127.0.0.1');
    try {
      // Containers on this machine, if any, are services too: leave them out of the comparison.
      const containers = new Set(containerProcesses(liveProcesses()));
      const without = (pids: number[]): number[] => pids.filter((pid) => !containers.has(pid));
      const found = without(servicePids([server.pid!], new Set([process.pid])));
      assert.deepEqual(found, [service.pid], `found ${found.join(', ')}`);
      assert.deepEqual(without(servicePids([service.pid!], new Set([process.pid, server.pid!]))), []);
    } finally {
      unrelated.close();
      server.kill('SIGKILL');
      service.kill('SIGKILL');
    }
  });
});
