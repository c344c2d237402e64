/**
 * The CPU seconds each test file costs, it and every process it starts, and what kind of process spent them: wall
 * time on a shared machine is noisy, CPU seconds are not (bench/SUITE.md). Each file runs alone in a cpuacct cgroup
 * of its own (the total: every descendant, orphaned or not, waited for or not), with BSD process accounting on (each
 * process's own CPU when it exits, by pid and parent) and the cgroup's processes polled for their command lines (what
 * kind each one is). Needs root (cgroup v1 cpuacct, acct(2) through python3's ctypes). Run it under the load lock:
 *
 *   flock /tmp/perf-gate-load.lock npx node bench/suite-cpu.ts test/e2e/cli.test.ts test/e2e/faults.test.ts
 *
 * An argument `cmd:<shell command>` measures that command instead (a whole suite, its busy core a kind of its own).
 * Prints one line a file (wall, CPU, the machine's other CPU use meanwhile) and its CPU by kind of process; with
 * SUITE_CPU_COMMANDS=1 the 12 costliest commands too (=N, N > 12: the N costliest); with SUITE_CPU_OUT=<file>, appends JSON lines; with
 * SUITE_CPU_LOG=<file>, appends each run's whole output.
 */
import { spawn, spawnSync } from 'node:child_process';
import { appendFileSync, mkdirSync, readFileSync, readlinkSync, rmdirSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { machineTimes } from '../src/io/cpu.ts';

const GROUP = `/sys/fs/cgroup/cpuacct/perf-gate-suite-cpu-${process.pid}`;
const ACCT = join(tmpdir(), `perf-gate-suite-cpu-${process.pid}.acct`);
const TICK = 100; // acct(2)'s comp_t unit: AHZ, 100 a second

/** Turns process accounting on (to `file`) or off (null) through libc's acct(2). */
function acct(file: string | null): void {
  const arg = file === null ? 'None' : `b'${file}'`;
  const r = spawnSync('python3', [
    '-c',
    `import ctypes,os,sys\nlibc=ctypes.CDLL(None,use_errno=True)\nif libc.acct(${arg})!=0: sys.exit(os.strerror(ctypes.get_errno()))`,
  ]);
  if (r.status !== 0) throw new Error(`acct(${file}): ${r.stderr}`);
}

/** comp_t: a 13-bit mantissa and a 3-bit base-8 exponent. */
const compT = (v: number): number => (v & 0x1fff) << (3 * (v >> 13));

interface Record_ {
  pid: number;
  ppid: number;
  cpu: number;
  comm: string;
}

function readAcct(): Record_[] {
  const buf = readFileSync(ACCT);
  const out: Record_[] = [];
  for (let at = 0; at + 64 <= buf.length; at += 64) {
    if (buf[at + 1] !== 3) continue;
    const cpu = (compT(buf.readUInt16LE(at + 32)) + compT(buf.readUInt16LE(at + 34))) / TICK;
    const comm = buf
      .subarray(at + 48, at + 64)
      .toString('latin1')
      .replace(/\0.*$/s, '');
    out.push({ pid: buf.readUInt32LE(at + 16), ppid: buf.readUInt32LE(at + 20), cpu, comm });
  }
  return out;
}

/** All CPUs' busy time so far, in seconds, the hypervisor's steal included (src/io/cpu.ts machineTimes). */
function machineBusy(): number {
  const t = machineTimes();
  return t === undefined ? 0 : t.busy + t.steal;
}

/** The kind of process a command line (or, unseen, an accounting name) is. */
function kind(cmd: string | undefined, comm: string): string {
  if (cmd === undefined) {
    if (comm.startsWith('git')) return 'git';
    if (comm.startsWith('npm')) return 'npm';
    if (/^(sh|bash|dash)$/.test(comm)) return 'shell';
    if (/^(postgres|initdb|pg_ctl|redis)/.test(comm)) return 'database';
    return `unseen ${comm}`;
  }
  if (/(^| )git( |$)|\/git(-\S+)? /.test(cmd) || comm.startsWith('git')) return 'git';
  if (/npm-cli\.js|\bnpm (ci|install|run|exec)\b|npx-cli/.test(cmd) || comm.startsWith('npm')) return 'npm';
  if (/dist\/loadgen\.js|loadgen\.mjs/.test(cmd)) return 'load generator';
  if (/dist\/index\.js/.test(cmd)) return 'action (dist/index.js)';
  if (/dist\/cli\.js/.test(cmd)) return 'cli (dist/cli.js)';
  if (/\b0x\b/.test(cmd)) return '0x and profiled servers';
  if (/--test\b|\.test\.ts/.test(cmd)) return 'test process';
  if (/postgres|redis|initdb|pg_ctl/.test(cmd)) return 'database';
  if (/^(sh|bash|dash) /.test(cmd)) return 'shell';
  if (/for \(;;\) \{\}/.test(cmd)) return 'the busy core (a spinning process)';
  if (/worker|postinstall|node-gyp/.test(cmd)) return `other node: ${cmd.slice(0, 60)}`;
  if (/node/.test(cmd)) return 'servers (node)';
  return `other ${comm}`;
}

const files = process.argv.slice(2);
const out = process.env.SUITE_CPU_OUT;
try {
  rmdirSync(GROUP);
} catch {}
for (const file of files) {
  mkdirSync(GROUP);
  writeFileSync(ACCT, '');
  acct(ACCT);
  const cmds = new Map<number, string>();
  const poll = (): void => {
    for (const p of readFileSync(join(GROUP, 'cgroup.procs'), 'utf8').split('\n')) {
      if (!p) continue;
      try {
        const cmd = readFileSync(`/proc/${p}/cmdline`, 'utf8').replaceAll('\0', ' ').trim();
        let cwd = '';
        try {
          cwd = readlinkSync(`/proc/${p}/cwd`);
        } catch {}
        if (cmd) cmds.set(Number(p), `${cmd} @${cwd}`);
      } catch {}
    }
  };
  const busy0 = machineBusy();
  const load0 = loadavg()[0]!;
  const started = Date.now();
  // `cmd:<shell command>` runs that command instead of a test file (a whole suite: bench/repeat-suite.ts).
  const run = file.startsWith('cmd:')
    ? file.slice(4)
    : `exec "${process.execPath}" --test --test-concurrency=${process.env.SUITE_CPU_CONCURRENCY ?? 1} "${file}"`;
  const child = spawn('sh', ['-c', `echo $$ > ${GROUP}/cgroup.procs && ${run}`], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, NODE_COMPILE_CACHE: join(process.cwd(), 'node_modules/.cache/node-compile') },
  });
  let log = '';
  child.stdout.on('data', (d: Buffer) => (log += d.toString()));
  child.stderr.on('data', (d: Buffer) => (log += d.toString()));
  const timer = setInterval(poll, 15);
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  const wall = (Date.now() - started) / 1000;
  // What the file left running still counts (and is still in the cgroup): wait a little for it.
  for (let i = 0; i < 40 && readFileSync(join(GROUP, 'cgroup.procs'), 'utf8').trim() !== ''; i++)
    await new Promise((r) => setTimeout(r, 50));
  clearInterval(timer);
  const user = Number(readFileSync(join(GROUP, 'cpuacct.usage_user'), 'utf8')) / 1e9;
  const sys = Number(readFileSync(join(GROUP, 'cpuacct.usage_sys'), 'utf8')) / 1e9;
  const left = readFileSync(join(GROUP, 'cgroup.procs'), 'utf8').trim();
  const machine = machineBusy() - busy0;
  acct(null);
  const load1 = loadavg()[0]!;
  // Ours: every process seen in the cgroup, and every process whose parent is ours (a fixpoint: children exit first).
  const records = readAcct();
  const ours = new Set<number>([child.pid!, ...cmds.keys()]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const r of records)
      if (!ours.has(r.pid) && ours.has(r.ppid)) {
        ours.add(r.pid);
        grew = true;
      }
  }
  const byKind = new Map<string, { cpu: number; n: number }>();
  const byCommand = new Map<string, { cpu: number; n: number }>();
  let counted = 0;
  for (const r of records) {
    if (!ours.has(r.pid)) continue;
    const k = kind(cmds.get(r.pid), r.comm);
    const row = byKind.get(k) ?? { cpu: 0, n: 0 };
    row.cpu += r.cpu;
    row.n++;
    byKind.set(k, row);
    counted += r.cpu;
    // The command with its throwaway directories' names left out, to see which processes a kind is.
    const command = `${k}: ${(cmds.get(r.pid) ?? r.comm).replace(/\/tmp\/[^ ]*\//g, '…/').slice(0, 110)}`;
    const c = byCommand.get(command) ?? { cpu: 0, n: 0 };
    c.cpu += r.cpu;
    c.n++;
    byCommand.set(command, c);
  }
  const rows = [...byKind].sort((a, b) => b[1].cpu - a[1].cpu);
  const cpu = user + sys;
  const pass = /^ℹ pass (\d+)$/m.exec(log)?.[1];
  const fail = /^ℹ fail (\d+)$/m.exec(log)?.[1];
  console.log(
    `${file}: exit ${code}, ${pass} passed, ${fail} failed; wall ${wall.toFixed(1)} s; CPU ${cpu.toFixed(1)} s (user ${user.toFixed(1)}, sys ${sys.toFixed(1)}); machine's other CPU ${(machine - cpu).toFixed(1)} s; load ${load0.toFixed(1)} → ${load1.toFixed(1)}${left ? `; left running: ${left.split('\n').length}` : ''}`,
  );
  for (const [k, { cpu: c, n }] of rows)
    console.log(`  ${c.toFixed(1).padStart(7)} s  ${String(n).padStart(5)} × ${k}`);
  if (process.env.SUITE_CPU_COMMANDS)
    for (const [command, { cpu: c, n }] of [...byCommand]
      .sort((a, b) => b[1].cpu - a[1].cpu)
      .slice(0, Math.max(12, Number(process.env.SUITE_CPU_COMMANDS) || 0)))
      console.log(`      ${c.toFixed(1).padStart(7)} s  ${String(n).padStart(5)} × ${command}`);
  console.log(
    `  ${(cpu - counted).toFixed(1).padStart(7)} s          unaccounted (cgroup total − processes)`,
  );
  if (code !== 0 || file.startsWith('cmd:')) console.log(log.slice(-4000));
  // The whole log, for a failure's cause beyond the tail.
  if (process.env.SUITE_CPU_LOG) appendFileSync(process.env.SUITE_CPU_LOG, log);
  if (out)
    appendFileSync(
      out,
      `${JSON.stringify({ file, code, pass, fail, wall, cpu, user, sys, other: machine - cpu, load0, load1, kinds: Object.fromEntries(rows) })}\n`,
    );
  for (const p of left.split('\n').filter(Boolean))
    try {
      process.kill(Number(p), 'SIGKILL');
    } catch {}
  await new Promise((r) => setTimeout(r, 200));
  try {
    rmdirSync(GROUP);
  } catch (e) {
    console.log(`cgroup not removed: ${e}`);
  }
}
