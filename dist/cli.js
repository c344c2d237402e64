#!/usr/bin/env node
import { createRequire as __pgCreateRequire } from 'node:module'; const require = __pgCreateRequire(import.meta.url);

// src/local.ts
import { mkdtemp as mkdtemp3 } from "node:fs/promises";
import { tmpdir as tmpdir4 } from "node:os";
import { join as join10 } from "node:path";

// src/errors.ts
var GateError = class extends Error {
  code;
  /** Which tree the failure belongs to; undefined when it is not tied to one. */
  side;
  /** The last lines a command printed, shown under the message. */
  output;
  neutralOverride;
  constructor(code2, message, options = {}) {
    super(message, options.cause === void 0 ? void 0 : { cause: options.cause });
    this.name = "GateError";
    this.code = code2;
    this.side = options.side;
    this.output = options.output;
    this.neutralOverride = options.neutral;
  }
  /**
   * A failure of the base tree is not the pull request's fault: the gate ends neutral (inconclusive) instead of
   * putting a red X on it; so does a machine too busy to measure. Everything else fails the step.
   */
  get neutral() {
    return this.neutralOverride ?? this.side === "base";
  }
};
function configError(input, problem, fix) {
  return new GateError("config", `input \`${input}\`: ${problem}. ${fix}`);
}

// src/plan.ts
function schedule(pairs) {
  return Array.from({ length: pairs }, (_, pair2) => ({
    pair: pair2,
    order: pair2 % 2 === 0 ? ["base", "head"] : ["head", "base"]
  }));
}
var LOOK_POINTS = [12, 16, 20, 24, 32, 40, 48, 64, 80, 96, 128, 160, 192, 256, 320, 384, 448];
function planLooks(maxPairs) {
  const last = Math.max(2, maxPairs - maxPairs % 2);
  return [...LOOK_POINTS.filter((n) => n < last), last];
}
function confirmationPairs(pairs) {
  const extra = Math.max(4, Math.ceil(pairs / 2));
  return extra + extra % 2;
}
function minimumPairs(comparisons, alpha) {
  let n = 1;
  while (2 / 2 ** n * comparisons >= alpha) n++;
  return n;
}

// src/config.ts
var INPUT_DEFAULTS = {
  start: "",
  paths: "/",
  port: "",
  threshold: "5%",
  "latency-threshold": "20%",
  alpha: "0.05",
  "fail-on-regression": "true",
  "github-token": "",
  install: "auto",
  build: "",
  base: "",
  rounds: "auto",
  "time-budget": "3m",
  duration: "3s",
  warmup: "0.5s",
  "restart-every": "8",
  pin: "true",
  connections: "10",
  "ready-timeout": "60s",
  "install-timeout": "10m",
  "build-timeout": "10m",
  timeout: "30m",
  "working-directory": ".",
  "output-dir": "",
  comment: "true",
  flamegraphs: "true",
  "profile-duration": "3s",
  "keep-trees": "false",
  "check-name": "",
  mode: "gate",
  results: "perf-gate-results"
};
var DURATION = /^(\d+(?:\.\d+)?)\s*(ms|s|m|h)?$/;
var UNIT_MS = { ms: 1, s: 1e3, m: 6e4, h: 36e5 };
function parseDuration(input, text, bounds) {
  const match = DURATION.exec(text.trim());
  if (!match) {
    throw configError(
      input,
      `\`${text}\` is not a duration`,
      "Write a positive number with a unit, e.g. `30s`, `500ms` or `5m`."
    );
  }
  const ms = Number(match[1]) * UNIT_MS[match[2] ?? "s"];
  if (ms < bounds.minMs || ms > bounds.maxMs) {
    throw configError(
      input,
      `${text} is out of range`,
      `Use a value from ${formatMs(bounds.minMs)} to ${formatMs(bounds.maxMs)}.`
    );
  }
  return ms;
}
function formatMs(ms) {
  if (ms % 36e5 === 0) return `${ms / 36e5}h`;
  if (ms % 6e4 === 0) return `${ms / 6e4}m`;
  if (ms % 1e3 === 0) return `${ms / 1e3}s`;
  return `${ms}ms`;
}
function parsePercent(input, text, bounds) {
  const match = /^(\d+(?:\.\d+)?)\s*%?$/.exec(text.trim());
  if (!match) {
    throw configError(input, `\`${text}\` is not a percentage`, "Write a percentage such as `5%`.");
  }
  const value = Number(match[1]) / 100;
  if (value < bounds.min || value > bounds.max) {
    throw configError(
      input,
      `${text} is out of range`,
      `Use a percentage from ${bounds.min * 100}% to ${bounds.max * 100}% (for five percent write \`5%\`).`
    );
  }
  return value;
}
function parseInteger(input, text, bounds) {
  const trimmed = text.trim();
  if (!/^\d+$/.test(trimmed)) {
    throw configError(
      input,
      `\`${text}\` is not a whole number`,
      `Use a whole number from ${bounds.min} to ${bounds.max}.`
    );
  }
  const value = Number(trimmed);
  if (value < bounds.min || value > bounds.max) {
    throw configError(
      input,
      `${text} is out of range`,
      `Use a whole number from ${bounds.min} to ${bounds.max}.`
    );
  }
  return value;
}
function parseBoolean(input, text) {
  const value = text.trim().toLowerCase();
  if (["true", "yes", "on", "1"].includes(value)) return true;
  if (["false", "no", "off", "0"].includes(value)) return false;
  throw configError(input, `\`${text}\` is not a boolean`, "Accepted values: `true` or `false`.");
}
function parsePaths(text) {
  const paths = text.split(/\r?\n/).map((line) => line.trim()).filter((line) => line !== "" && !line.startsWith("#"));
  if (paths.length === 0)
    throw configError("paths", "no path given", "Give one request path per line, e.g. `/health`.");
  for (const path of paths) {
    if (!path.startsWith("/") || /\s/.test(path)) {
      throw configError(
        "paths",
        `\`${path}\` is not a request path`,
        "Each line must be a path that starts with `/`, e.g. `/seed/v1`."
      );
    }
  }
  const twice = paths.find((path, i) => paths.indexOf(path) !== i);
  if (twice !== void 0) throw configError("paths", `\`${twice}\` is listed twice`, "List each path once.");
  return paths;
}
function parseConfig(lookup, defaults) {
  const get = (name) => {
    const value = lookup(name).trim();
    return value === "" ? INPUT_DEFAULTS[name] : value;
  };
  const mode = parseMode(get("mode"));
  const start = get("start");
  if (start === "" && mode === "gate") {
    throw configError(
      "start",
      "it is required",
      "Set it to the command that starts your server, e.g. `start: node index.js`."
    );
  }
  const portText = get("port");
  const install2 = get("install");
  const buildText = get("build");
  const baseText = get("base");
  const paths = parsePaths(get("paths"));
  const alpha = parseAlpha(get("alpha"));
  const pairs = parseRounds(get("rounds"));
  const needed = minimumPairs(3 * paths.length, alpha);
  if (pairs !== void 0 && pairs < needed) {
    throw configError(
      "rounds",
      `${pairs} pairs cannot show a significant change across ${3 * paths.length} comparisons (${paths.length} paths \xD7 3 metrics) at alpha ${alpha}`,
      `Use \`auto\` or at least ${needed} pairs.`
    );
  }
  return {
    start,
    paths,
    port: portText === "" ? void 0 : parseInteger("port", portText, { min: 1, max: 65535 }),
    threshold: parsePercent("threshold", get("threshold"), { min: 1e-3, max: 1 }),
    latencyThreshold: parsePercent("latency-threshold", get("latency-threshold"), { min: 1e-3, max: 10 }),
    alpha,
    failOnRegression: parseBoolean("fail-on-regression", get("fail-on-regression")),
    token: lookup("github-token").trim(),
    install: ["none", "false", "skip"].includes(install2.toLowerCase()) ? "skip" : install2.toLowerCase() === "auto" ? "auto" : install2,
    build: buildText === "" ? void 0 : buildText,
    base: baseText === "" ? void 0 : baseText,
    pairs,
    budgetMs: parseDuration("time-budget", get("time-budget"), { minMs: 1e4, maxMs: 6 * 36e5 }),
    durationSec: parseDuration("duration", get("duration"), { minMs: 1e3, maxMs: 6e5 }) / 1e3,
    warmupSec: parseDuration("warmup", get("warmup"), { minMs: 0, maxMs: 6e5 }) / 1e3,
    connections: parseInteger("connections", get("connections"), { min: 1, max: 1e4 }),
    restartEvery: parseInteger("restart-every", get("restart-every"), { min: 0, max: 1e3 }),
    pin: parseBoolean("pin", get("pin")),
    readyTimeoutMs: parseDuration("ready-timeout", get("ready-timeout"), { minMs: 1e3, maxMs: 36e5 }),
    installTimeoutMs: parseDuration("install-timeout", get("install-timeout"), {
      minMs: 1e3,
      maxMs: 6 * 36e5
    }),
    buildTimeoutMs: parseDuration("build-timeout", get("build-timeout"), {
      minMs: 1e3,
      maxMs: 6 * 36e5
    }),
    timeoutMs: parseDuration("timeout", get("timeout"), { minMs: 1e4, maxMs: 6 * 36e5 }),
    workingDirectory: get("working-directory"),
    outputDir: get("output-dir") || defaults.outputDir,
    comment: parseBoolean("comment", get("comment")),
    flamegraphs: parseBoolean("flamegraphs", get("flamegraphs")),
    profileSec: parseDuration("profile-duration", get("profile-duration"), { minMs: 1e3, maxMs: 6e5 }) / 1e3,
    keepTrees: parseBoolean("keep-trees", get("keep-trees")),
    checkName: parseCheckName(get("check-name")),
    mode,
    results: get("results")
  };
}
function parseMode(text) {
  const value = text.toLowerCase();
  if (value === "gate" || value === "report") return value;
  throw configError(
    "mode",
    `\`${text}\` is not a mode`,
    "Use `gate` (measure, the default) or `report` (publish report.json files measured by another job; runs no code of the pull request)."
  );
}
function parseCheckName(text) {
  if (text === "") return void 0;
  if (text.length > 100 || /[\r\n]/.test(text)) {
    throw configError(
      "check-name",
      "it must be one line of at most 100 characters",
      "Use a short name such as `perf-gate`."
    );
  }
  return text;
}
function parseRounds(text) {
  if (text.toLowerCase() === "auto") return void 0;
  if (!/^\d+$/.test(text) || Number(text) < 8 || Number(text) > 500) {
    throw configError(
      "rounds",
      `\`${text}\` is not a number of pairs`,
      "Use `auto` (adaptive, the default) or a whole number of pairs from 8 to 500."
    );
  }
  return Number(text);
}
function parseAlpha(text) {
  const value = Number(text);
  if (!Number.isFinite(value) || value <= 0 || value >= 0.5) {
    throw configError(
      "alpha",
      `\`${text}\` is not a significance level`,
      "Use a number between 0 and 0.5, e.g. `0.05`."
    );
  }
  return value;
}

// src/demo.ts
import { mkdtemp as mkdtemp2, rm as rm2, writeFile } from "node:fs/promises";
import { tmpdir as tmpdir2 } from "node:os";
import { join as join2 } from "node:path";

// src/io/git.ts
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";

// src/io/proc.ts
import { spawn } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { setTimeout as sleep } from "node:timers/promises";
var live = /* @__PURE__ */ new Set();
var exitHooksInstalled = false;
function installExitHooks() {
  if (exitHooksInstalled) return;
  exitHooksInstalled = true;
  process.on("exit", () => {
    for (const child of live) if (child.pid !== void 0) killTreeNow(child.pid, "SIGKILL");
  });
  for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) {
    process.once(signal, () => {
      for (const child of live) if (child.pid !== void 0) killTreeNow(child.pid, "SIGKILL");
      process.exit(128 + (signal === "SIGINT" ? 2 : signal === "SIGTERM" ? 15 : 1));
    });
  }
}
function liveProcesses() {
  const processes = [];
  let entries;
  try {
    entries = readdirSync("/proc");
  } catch {
    return processes;
  }
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      if (fields[0] === "Z" || fields[0] === "X") continue;
      processes.push({ pid: Number(entry), ppid: Number(fields[1]), pgid: Number(fields[2]) });
    } catch {
    }
  }
  return processes;
}
function parentMap() {
  return new Map(liveProcesses().map((p) => [p.pid, p.ppid]));
}
function processTree(pid) {
  const parents = parentMap();
  const children = /* @__PURE__ */ new Map();
  for (const [child, parent] of parents) {
    const list = children.get(parent) ?? [];
    list.push(child);
    children.set(parent, list);
  }
  const tree = [];
  const queue = [pid];
  while (queue.length > 0) {
    const current = queue.shift();
    if (current !== pid || parents.has(pid)) tree.push(current);
    for (const child of children.get(current) ?? []) queue.push(child);
  }
  return tree;
}
function killTreeNow(pid, signal) {
  const tree = processTree(pid);
  try {
    process.kill(-pid, signal);
  } catch {
  }
  for (const member of tree) {
    try {
      process.kill(member, signal);
    } catch {
    }
  }
  return tree;
}
function alive(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const state = stat.slice(stat.lastIndexOf(")") + 2).split(" ")[0];
    return state !== "Z" && state !== "X";
  } catch {
    try {
      process.kill(pid, 0);
      return true;
    } catch {
      return false;
    }
  }
}
async function killTree(pid, graceMs = 3e3) {
  const tree = killTreeNow(pid, "SIGTERM");
  const deadline = Date.now() + graceMs;
  while (Date.now() < deadline && tree.some(alive)) await sleep(25);
  const rest = tree.filter(alive);
  if (rest.length === 0) return;
  killTreeNow(pid, "SIGKILL");
  for (const member of rest) {
    try {
      process.kill(member, "SIGKILL");
    } catch {
    }
  }
  const hardDeadline = Date.now() + 2e3;
  while (Date.now() < hardDeadline && rest.some(alive)) await sleep(25);
}
var Tail = class {
  text = "";
  limit;
  constructor(limit = 16384) {
    this.limit = limit;
  }
  push(chunk) {
    this.text += chunk;
    if (this.text.length > 2 * this.limit) this.text = this.text.slice(-this.limit);
  }
  toString() {
    return this.text.length > this.limit ? this.text.slice(-this.limit) : this.text;
  }
  lastLines(count2) {
    const lines = this.toString().trimEnd().split("\n");
    return lines.slice(-count2).join("\n");
  }
};
var Child = class {
  pid;
  output = new Tail();
  exited;
  exitInfo;
  process;
  constructor(command, options) {
    installExitHooks();
    const child = options.args === void 0 ? spawn(command, { cwd: options.cwd, env: options.env, shell: true, detached: true, stdio: "pipe" }) : spawn(command, [...options.args], {
      cwd: options.cwd,
      env: options.env,
      detached: true,
      stdio: "pipe"
    });
    this.process = child;
    live.add(child);
    if (!options.keepStdin) child.stdin?.end();
    const onData = (data) => {
      const text = data.toString("utf8");
      this.output.push(text);
      options.onOutput?.(text);
    };
    child.stdout?.on("data", (data) => {
      onData(data);
      options.onStdout?.(data.toString("utf8"));
    });
    child.stderr?.on("data", onData);
    this.exited = new Promise((resolve6) => {
      child.once("error", (error) => {
        this.output.push(`
${error.message}
`);
        this.exitInfo = { code: 127, signal: null };
        live.delete(child);
        resolve6(this.exitInfo);
      });
      child.once("close", (code2, signal) => {
        this.exitInfo = { code: code2, signal };
        live.delete(child);
        resolve6(this.exitInfo);
      });
    });
    this.pid = child.pid ?? -1;
  }
  /** Writes to the child's stdin (see keepStdin). */
  write(text) {
    this.process.stdin?.write(text);
  }
  /** undefined while the process runs. */
  get exit() {
    return this.exitInfo;
  }
  /** Kills the whole tree (also after the direct child has exited: its descendants may live on). */
  async stop(graceMs = 3e3) {
    if (this.pid > 0) await killTree(this.pid, graceMs);
    const exit = await Promise.race([this.exited, sleep(5e3, void 0, { ref: false })]);
    live.delete(this.process);
    return exit ?? { code: null, signal: "SIGKILL" };
  }
};
async function runCommand(command, options) {
  const started = Date.now();
  let stdout = "";
  const child = new Child(command, {
    ...options,
    onStdout: (chunk) => {
      stdout += chunk;
      options.onStdout?.(chunk);
    }
  });
  const cancel = new AbortController();
  const timer = sleep(options.timeoutMs, "timeout", { signal: cancel.signal, ref: false }).catch(
    () => "cancelled"
  );
  const outcome = await Promise.race([child.exited, timer]);
  cancel.abort();
  if (outcome === "cancelled")
    throw new Error("unreachable: the timeout was cancelled before the race ended");
  if (outcome === "timeout") {
    const exit = await child.stop(1e3);
    return { ...exit, timedOut: true, output: child.output, stdout, durationMs: Date.now() - started };
  }
  await child.stop(500);
  return { ...outcome, timedOut: false, output: child.output, stdout, durationMs: Date.now() - started };
}
var HIDDEN_ENV = /^(GITHUB_TOKEN|GH_TOKEN|ACTIONS_RUNTIME_TOKEN|ACTIONS_RUNTIME_URL|ACTIONS_RESULTS_URL|ACTIONS_CACHE_URL|ACTIONS_ID_TOKEN_REQUEST_TOKEN|ACTIONS_ID_TOKEN_REQUEST_URL|GITHUB_OUTPUT|GITHUB_ENV|GITHUB_PATH|GITHUB_STATE|GITHUB_STEP_SUMMARY)$/;
function safeEnv(extra = {}, base = process.env) {
  const env = {};
  for (const [name, value] of Object.entries(base)) {
    if (value === void 0) continue;
    if (/^INPUT_/i.test(name)) continue;
    if (HIDDEN_ENV.test(name)) continue;
    env[name] = value;
  }
  return { ...env, ...extra };
}

// src/io/git.ts
async function git(cwd, args, timeoutMs = 12e4) {
  const result = await runCommand("git", {
    cwd,
    env: safeEnv({ GIT_TERMINAL_PROMPT: "0" }),
    args,
    timeoutMs
  });
  if (result.code !== 0 || result.timedOut) {
    throw new GateError(
      "git",
      `\`git ${args.join(" ")}\` ${result.timedOut ? "timed out" : `failed (exit code ${result.code})`}`,
      {
        output: result.output.lastLines(20)
      }
    );
  }
  return result.stdout.trim();
}
async function gitOk(cwd, args) {
  try {
    return await git(cwd, args);
  } catch {
    return void 0;
  }
}
async function repositoryRoot(cwd) {
  try {
    return await git(cwd, ["rev-parse", "--show-toplevel"]);
  } catch (cause) {
    throw new GateError(
      "git",
      `${cwd} is not inside a git repository: run actions/checkout before perf-gate`,
      { cause }
    );
  }
}
async function headCommit(root) {
  const sha = await git(root, ["rev-parse", "HEAD"]);
  const raw = await git(root, ["cat-file", "-p", sha]);
  const parents = raw.split("\n").filter((line) => line.startsWith("parent ")).map((line) => line.slice("parent ".length));
  const branch = await gitOk(root, ["symbolic-ref", "--short", "-q", "HEAD"]);
  return { sha, parents, label: branch ?? sha.slice(0, 7) };
}
async function ensureCommit(root, ref, input) {
  const local = await gitOk(root, ["rev-parse", "--verify", "--quiet", `${ref}^{commit}`]);
  if (local) return local;
  const remote = await gitOk(root, ["rev-parse", "--verify", "--quiet", `origin/${ref}^{commit}`]);
  if (remote) return remote;
  const fetched = await gitOk(root, ["fetch", "--no-tags", "--depth=1", "origin", ref]);
  if (fetched !== void 0) {
    const sha = await gitOk(root, ["rev-parse", "--verify", "--quiet", "FETCH_HEAD^{commit}"]);
    if (sha) return sha;
  }
  throw new GateError(
    "git",
    `the base commit \`${ref}\` (${input}) is not in this checkout and could not be fetched from origin. Check the ref, or check out with \`fetch-depth: 0\` in actions/checkout.`
  );
}
async function addWorktree(root, sha) {
  const parent = await mkdtemp(join(process.env.RUNNER_TEMP || tmpdir(), "perf-gate-base-"));
  const dir = join(parent, "tree");
  await git(root, ["worktree", "add", "--detach", "--force", dir, sha], 3e5);
  return {
    dir,
    async remove() {
      await gitOk(root, ["worktree", "remove", "--force", dir]);
      await rm(parent, { recursive: true, force: true });
      await gitOk(root, ["worktree", "prune"]);
    }
  };
}

// src/diagnostics/render.ts
function formatMs2(ms) {
  if (!Number.isFinite(ms)) return "n/a";
  if (ms >= 10) return `${Math.round(ms)} ms`;
  if (ms >= 1) return `${ms.toFixed(1)} ms`;
  return `${ms.toFixed(2)} ms`;
}
function formatMb(mb) {
  if (!Number.isFinite(mb)) return "n/a";
  return mb >= 100 ? `${Math.round(mb)} MB` : `${mb.toFixed(1)} MB`;
}
function formatTrend(trend) {
  const unit = trend.unit === "round" ? "MB/round" : "MB/s";
  const value = Math.abs(trend.slopeMb);
  const text = value >= 10 ? value.toFixed(0) : value.toFixed(1);
  if (Number(text) === 0) return `\xB10 ${unit}`;
  return `${trend.slopeMb > 0 ? "+" : "\u2212"}${text} ${unit}`;
}
function rate(trend) {
  const value = Math.abs(trend.slopeMb);
  const text = value >= 10 ? value.toFixed(0) : value.toFixed(1);
  return trend.unit === "round" ? `${text} MB per round` : `${text} MB/s`;
}
function extent(trend) {
  return trend.mode === "across-rounds" ? `over ${trend.points} rounds` : `within ${trend.growing} of ${trend.of} rounds`;
}
function missing(side) {
  return `No data from the ${side} server: none of its processes accepted TCP connections with perf-gate's preload loaded (not a Node.js server, or its start command replaces \`NODE_OPTIONS\`).`;
}
function describeDiagnostics(summary) {
  const { base, head, comparison } = summary;
  const sentences = [];
  const b = base?.eventLoopDelayMs;
  const h = head?.eventLoopDelayMs;
  if (b !== void 0 && h !== void 0) {
    switch (comparison.eventLoop) {
      case "blocked-on-head":
        sentences.push(
          `**Event loop blocked on head**: p99 delay ${formatMs2(h.p99)}, base ${formatMs2(b.p99)}.`
        );
        break;
      case "unblocked-on-head":
        sentences.push(
          `Event loop no longer blocked on head: p99 delay ${formatMs2(h.p99)}, base ${formatMs2(b.p99)}.`
        );
        break;
      case "blocked-on-both":
        sentences.push(
          `Event loop blocked on both sides (not new in this pull request): p99 delay ${formatMs2(h.p99)} on head, ${formatMs2(b.p99)} on base.`
        );
        break;
      default:
        break;
    }
  } else if (h !== void 0 && base === void 0 && h.p99 >= summary.blockedMs) {
    sentences.push(
      `Event loop blocked on head: p99 delay ${formatMs2(h.p99)} (no data from base to compare).`
    );
  }
  const ht = head?.rssTrend;
  const bt = base?.rssTrend;
  switch (comparison.leak) {
    case "head":
      if (ht !== void 0)
        sentences.push(
          `**head's RSS grew ${rate(ht)} ${extent(ht)}: a memory leak?**${bt === void 0 ? "" : ` (base: ${formatTrend(bt)})`}`
        );
      break;
    case "both":
      if (ht !== void 0 && bt !== void 0)
        sentences.push(
          `RSS grew on both sides (head ${rate(ht)}, base ${rate(bt)}): a memory leak that is not new in this pull request?`
        );
      break;
    case "base":
      if (bt !== void 0)
        sentences.push(`base's RSS grew ${rate(bt)} ${extent(bt)} and head's does not: a memory leak fixed?`);
      break;
    case void 0:
      if (head?.leak && ht !== void 0)
        sentences.push(
          `head's RSS grew ${rate(ht)} ${extent(ht)}: a memory leak? (no data from base to compare)`
        );
      break;
    default:
      break;
  }
  return sentences;
}
function cells(side, pick) {
  if (side === void 0) return "n/a";
  return pick(side) ?? "n/a";
}
function renderDiagnosticsSection(summary, options = {}) {
  const { base, head } = summary;
  if (base === void 0 && head === void 0) return "";
  const level = Math.min(6, Math.max(1, options.headingLevel ?? 3));
  const lines = [`${"#".repeat(level)} Event loop and memory`, ""];
  const sentences = describeDiagnostics(summary);
  if (sentences.length > 0) lines.push(sentences.join(" "), "");
  const row = (name, pick) => `| ${name} | ${cells(base, pick)} | ${cells(head, pick)} |`;
  lines.push(
    "| | base | head |",
    "|:--|--:|--:|",
    row("event-loop delay p50", (s) => s.eventLoopDelayMs ? formatMs2(s.eventLoopDelayMs.p50) : void 0),
    row("event-loop delay p99", (s) => s.eventLoopDelayMs ? formatMs2(s.eventLoopDelayMs.p99) : void 0),
    row("event-loop delay max", (s) => s.eventLoopDelayMs ? formatMs2(s.eventLoopDelayMs.max) : void 0),
    row("CPU", (s) => `${s.cpuCores.toFixed(2)} cores`),
    row("peak RSS", (s) => formatMb(s.peakRssMb)),
    row("peak heap", (s) => formatMb(s.peakHeapMb))
  );
  if (base?.rssTrend !== void 0 || head?.rssTrend !== void 0)
    lines.push(row("RSS trend", (s) => s.rssTrend ? formatTrend(s.rssTrend) : void 0));
  lines.push("");
  const notes = [];
  if (base === void 0) notes.push(missing("base"));
  if (head === void 0) notes.push(missing("head"));
  const windows = `${base?.windows ?? 0} base and ${head?.windows ?? 0} head rounds`;
  const where2 = options.artifacts ? ` Raw samples: ${escapeMarkdown(options.artifacts)}.` : "";
  notes.push(
    `Measured inside the server process by perf-gate's preload over ${windows}: event-loop delay is how late a 10 ms timer fired (median over rounds of each percentile), CPU is in cores (1 = one core busy throughout).${where2}`
  );
  lines.push(...notes.map((n) => `<sub>${n}</sub>`));
  return lines.join("\n");
}

// src/measure.ts
var METRICS = ["rps", "p50", "p99"];
function metricValue(m, metric) {
  switch (metric) {
    case "rps":
      return m.rps;
    case "p50":
      return m.latencyMs.p50;
    case "p99":
      return m.latencyMs.p99;
  }
}
function failures(m) {
  return m.errors + m.timeouts + m.non2xx;
}

// src/stats/describe.ts
function assertFinite(values, name = "values") {
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    if (!Number.isFinite(v)) throw new RangeError(`${name}[${i}] is ${v}; statistics need finite numbers`);
  }
}
function assertNonEmpty(values, name) {
  if (values.length === 0) throw new RangeError(`${name} is empty`);
}
function sortedCopy(values) {
  return [...values].sort((a, b) => a - b);
}
function mean(values) {
  assertFinite(values);
  assertNonEmpty(values, "values");
  let sum = 0;
  for (const v of values) sum += v;
  return sum / values.length;
}
function sd(values) {
  if (values.length < 2) throw new RangeError(`sd needs at least 2 values, got ${values.length}`);
  const m = mean(values);
  let ss = 0;
  for (const v of values) ss += (v - m) ** 2;
  return Math.sqrt(ss / (values.length - 1));
}
function median(values) {
  assertFinite(values);
  assertNonEmpty(values, "values");
  const s = sortedCopy(values);
  const mid = s.length >> 1;
  return s.length % 2 === 1 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
}
function averageRanks(values) {
  const order = values.map((_, i) => i).sort((a, b) => values[a] - values[b]);
  const ranks = new Array(values.length).fill(0);
  const tieSizes = [];
  for (let start = 0; start < order.length; ) {
    let end = start + 1;
    while (end < order.length && values[order[end]] === values[order[start]]) end++;
    const rank = (start + 1 + end) / 2;
    for (let k = start; k < end; k++) ranks[order[k]] = rank;
    if (end - start > 1) tieSizes.push(end - start);
    start = end;
  }
  return { ranks, tieSizes };
}

// src/stats/distributions.ts
var EPS = 1e-16;
var TINY = 1e-300;
var MAX_ITER = 1e4;
var LN_SQRT_PI = 0.5723649429247001;
function assertNumber(value, name) {
  if (Number.isNaN(value)) throw new RangeError(`${name} is NaN`);
}
var LANCZOS = [
  0.9999999999998099,
  676.5203681218851,
  -1259.1392167224028,
  771.3234287776531,
  -176.6150291621406,
  12.507343278686905,
  -0.13857109526572012,
  9984369578019572e-21,
  15056327351493116e-23
];
function lnGamma(x) {
  if (!(x > 0)) throw new RangeError(`lnGamma needs x > 0, got ${x}`);
  if (x === 0.5) return LN_SQRT_PI;
  if (x < 0.5) return Math.log(Math.PI / Math.sin(Math.PI * x)) - lnGamma(1 - x);
  const z = x - 1;
  let sum = LANCZOS[0];
  for (let i = 1; i < LANCZOS.length; i++) sum += LANCZOS[i] / (z + i);
  const t = z + 7.5;
  return 0.5 * Math.log(2 * Math.PI) + (z + 0.5) * Math.log(t) - t + Math.log(sum);
}
function gammaQ(a, x) {
  if (x <= 0) return 1;
  const front = Math.exp(-x + a * Math.log(x) - lnGamma(a));
  if (x < a + 1) {
    let ap = a;
    let term = 1 / a;
    let sum = term;
    for (let i = 0; i < MAX_ITER && Math.abs(term) > Math.abs(sum) * EPS; i++) {
      ap += 1;
      term *= x / ap;
      sum += term;
    }
    return 1 - sum * front;
  }
  let b = x + 1 - a;
  let c = 1 / TINY;
  let d = 1 / b;
  let h = d;
  for (let i = 1; i < MAX_ITER; i++) {
    const an = -i * (i - a);
    b += 2;
    d = an * d + b;
    if (Math.abs(d) < TINY) d = TINY;
    c = b + an / c;
    if (Math.abs(c) < TINY) c = TINY;
    d = 1 / d;
    const delta = d * c;
    h *= delta;
    if (Math.abs(delta - 1) < EPS) break;
  }
  return front * h;
}
function erfc(x) {
  return x >= 0 ? gammaQ(0.5, x * x) : 2 - gammaQ(0.5, x * x);
}
function normalCdf(z) {
  assertNumber(z, "z");
  if (z === Number.NEGATIVE_INFINITY) return 0;
  if (z === Number.POSITIVE_INFINITY) return 1;
  return 0.5 * erfc(-z / Math.SQRT2);
}
function normalSf(z) {
  return normalCdf(-z);
}
var A = [
  -39.69683028665376,
  220.9460984245205,
  -275.9285104469687,
  138.357751867269,
  -30.66479806614716,
  2.506628277459239
];
var B = [-54.47609879822406, 161.5858368580409, -155.6989798598866, 66.80131188771972, -13.28068155288572];
var C = [
  -0.007784894002430293,
  -0.3223964580411365,
  -2.400758277161838,
  -2.549732539343734,
  4.374664141464968,
  2.938163982698783
];
var D = [0.007784695709041462, 0.3224671290700398, 2.445134137142996, 3.754408661907416];
function poly(coefficients, x) {
  let acc = 0;
  for (const c of coefficients) acc = acc * x + c;
  return acc;
}
function normalQuantile(p) {
  if (!(p >= 0 && p <= 1)) throw new RangeError(`normalQuantile needs p in [0, 1], got ${p}`);
  if (p === 0) return Number.NEGATIVE_INFINITY;
  if (p === 1) return Number.POSITIVE_INFINITY;
  const pLow = 0.02425;
  let x;
  if (p < pLow) {
    const q = Math.sqrt(-2 * Math.log(p));
    x = poly(C, q) / (poly(D, q) * q + 1);
  } else if (p > 1 - pLow) {
    const q = Math.sqrt(-2 * Math.log1p(-p));
    x = -poly(C, q) / (poly(D, q) * q + 1);
  } else {
    const q = p - 0.5;
    const r = q * q;
    x = poly(A, r) * q / (poly(B, r) * r + 1);
  }
  const e = x <= 0 ? normalCdf(x) - p : 1 - p - normalSf(x);
  const u = e * Math.sqrt(2 * Math.PI) * Math.exp(x * x / 2);
  return Number.isFinite(u) ? x - u / (1 + x * u / 2) : x;
}

// src/stats/multiple.ts
function validate(p) {
  p.forEach((v, i) => {
    if (!(v >= 0 && v <= 1)) throw new RangeError(`p[${i}] is ${v}; p-values must be in [0, 1]`);
  });
}
function ascendingOrder(p) {
  return p.map((_, i) => i).sort((a, b) => p[a] - p[b] || a - b);
}
function holm(p) {
  validate(p);
  const m = p.length;
  const adjusted = new Array(m).fill(0);
  let running2 = 0;
  ascendingOrder(p).forEach((index, rank) => {
    running2 = Math.max(running2, Math.min(1, (m - rank) * p[index]));
    adjusted[index] = running2;
  });
  return adjusted;
}

// src/stats/wilcoxon.ts
var SIGNED_RANK_EXACT_MAX_N = 50;
var distributionCache = /* @__PURE__ */ new Map();
function signedRankDistribution(n) {
  if (!(Number.isInteger(n) && n >= 0)) throw new RangeError(`n must be a non-negative integer, got ${n}`);
  const cached = distributionCache.get(n);
  if (cached) return cached;
  const max = n * (n + 1) / 2;
  const counts = new Array(max + 1).fill(0);
  counts[0] = 1;
  for (let k = 1; k <= n; k++) {
    for (let s = k * (k + 1) / 2; s >= k; s--) counts[s] += counts[s - k];
  }
  Object.freeze(counts);
  distributionCache.set(n, counts);
  return counts;
}
function exactCdf(w, n) {
  const counts = signedRankDistribution(n);
  let sum = 0;
  for (let s = 0; s <= Math.min(Math.floor(w), counts.length - 1); s++) sum += counts[s];
  return sum / 2 ** n;
}
function wilcoxonSignedRank(d, options = {}) {
  assertFinite(d, "d");
  const alternative = options.alternative ?? "two-sided";
  const nonZero = d.filter((v) => v !== 0);
  const n = nonZero.length;
  const { ranks, tieSizes } = averageRanks(nonZero.map(Math.abs));
  let wPlus = 0;
  let wMinus = 0;
  nonZero.forEach((v, i) => {
    if (v > 0) wPlus += ranks[i];
    else wMinus += ranks[i];
  });
  const statistic = alternative === "two-sided" ? Math.min(wPlus, wMinus) : wPlus;
  const hasTies = tieSizes.length > 0;
  const requested = options.method ?? "auto";
  const exactApplies = !hasTies && n === d.length && n <= SIGNED_RANK_EXACT_MAX_N;
  const method = requested === "auto" ? exactApplies ? "exact" : "approx" : requested;
  const result = { statistic, wPlus, wMinus, n, method };
  if (n === 0) return { ...result, p: 1 };
  if (method === "exact") {
    if (hasTies)
      throw new RangeError('exact signed-rank p-values need untied |d|; use method "approx" or "auto"');
    const lower = exactCdf(wPlus, n);
    const upper = exactCdf(n * (n + 1) / 2 - wPlus, n);
    if (alternative === "less") return { ...result, p: lower };
    if (alternative === "greater") return { ...result, p: upper };
    return { ...result, p: Math.min(1, 2 * Math.min(lower, upper)) };
  }
  const meanW = n * (n + 1) / 4;
  const tieTerm = tieSizes.reduce((acc, t) => acc + t ** 3 - t, 0);
  const se = Math.sqrt(n * (n + 1) * (2 * n + 1) / 24 - tieTerm / 48);
  const diff = wPlus - meanW;
  let p;
  if (alternative === "two-sided")
    p = Math.min(1, 2 * normalSf(Math.abs((diff - 0.5 * Math.sign(diff)) / se)));
  else if (alternative === "less") p = normalCdf((diff + 0.5) / se);
  else p = normalSf((diff - 0.5) / se);
  return { ...result, p };
}
function walshAverages(d) {
  assertFinite(d, "d");
  const out = [];
  for (let i = 0; i < d.length; i++) for (let j = i; j < d.length; j++) out.push((d[i] + d[j]) / 2);
  return sortedCopy(out);
}
function hodgesLehmann1(d) {
  if (d.length === 0) throw new RangeError("d is empty");
  return median(walshAverages(d));
}
function signedRankConfidenceInterval(d, confidence = 0.95) {
  if (!(confidence > 0 && confidence < 1))
    throw new RangeError(`confidence must be in (0, 1), got ${confidence}`);
  const n = d.length;
  if (n === 0) throw new RangeError("d is empty");
  const walsh = walshAverages(d);
  const m = walsh.length;
  const alphaHalf = (1 - confidence) / 2;
  let k;
  let tail2;
  if (n <= SIGNED_RANK_EXACT_MAX_N) {
    const counts = signedRankDistribution(n);
    const total = 2 ** n;
    let cumulative = counts[0];
    k = -1;
    while (cumulative / total <= alphaHalf) {
      k++;
      cumulative += counts[k + 1];
    }
    tail2 = k < 0 ? counts[0] / total : (cumulative - counts[k + 1]) / total;
  } else {
    const meanW = n * (n + 1) / 4;
    const se = Math.sqrt(n * (n + 1) * (2 * n + 1) / 24);
    k = Math.floor(meanW - 0.5 + normalQuantile(alphaHalf) * se);
    tail2 = normalCdf((Math.max(k, 0) + 0.5 - meanW) / se);
  }
  const j = Math.max(k, 0);
  return {
    estimate: median(walsh),
    lower: walsh[j],
    upper: walsh[m - 1 - j],
    achievedConfidence: 1 - 2 * tail2
  };
}

// src/verdict.ts
function thresholdOf(metric, options) {
  return metric === "rps" ? options.threshold : options.latencyThreshold ?? options.threshold;
}
var METRIC_LABEL = { rps: "req/s", p50: "latency p50", p99: "latency p99" };
function metricLabel(metric) {
  return METRIC_LABEL[metric];
}
function pairsOf(rounds, path) {
  const byPair = /* @__PURE__ */ new Map();
  for (const round of rounds) {
    if (round.path !== path) continue;
    const entry = byPair.get(round.pair) ?? {};
    entry[round.side] = round;
    byPair.set(round.pair, entry);
  }
  const pairs = [];
  for (const [, entry] of [...byPair].sort((a, b) => a[0] - b[0])) {
    if (entry.base && entry.head) pairs.push({ base: entry.base, head: entry.head });
  }
  return pairs;
}
function compareErrors(path, pairs) {
  let baseFailures = 0;
  let baseResponses = 0;
  let headFailures = 0;
  let headResponses = 0;
  const headStatus = {};
  for (const { base, head } of pairs) {
    baseFailures += failures(base.measurement);
    baseResponses += base.measurement.responses + base.measurement.errors + base.measurement.timeouts;
    headFailures += failures(head.measurement);
    headResponses += head.measurement.responses + head.measurement.errors + head.measurement.timeouts;
    for (const [code2, count2] of Object.entries(head.measurement.statusCodes)) {
      if (!code2.startsWith("2")) headStatus[code2] = (headStatus[code2] ?? 0) + count2;
    }
  }
  const baseRate = baseResponses === 0 ? 0 : baseFailures / baseResponses;
  const headRate = headResponses === 0 ? 0 : headFailures / headResponses;
  const regression = headFailures > 0 && baseFailures === 0 || headRate >= 2 * baseRate && headRate - baseRate >= 0.01;
  return {
    path,
    baseFailures,
    baseResponses,
    headFailures,
    headResponses,
    headStatus,
    verdict: regression ? "regression" : "no-change"
  };
}
function compareMetric(path, metric, pairs) {
  const usable = pairs.filter(({ base: base2, head: head2 }) => {
    const b = metricValue(base2.measurement, metric);
    const h = metricValue(head2.measurement, metric);
    return Number.isFinite(b) && Number.isFinite(h) && b > 0 && h > 0;
  });
  const base = usable.map(({ base: round }) => metricValue(round.measurement, metric));
  const head = usable.map(({ head: round }) => metricValue(round.measurement, metric));
  const logRatios = usable.map((_, i) => Math.log(head[i] / base[i]));
  if (logRatios.length < 2) {
    return {
      path,
      metric,
      base: median(base),
      head: median(head),
      pairs: logRatios.length,
      change: Number.NaN,
      p: 1,
      noise: Number.NaN,
      worse: false,
      logRatios
    };
  }
  const change = Math.expm1(hodgesLehmann1(logRatios));
  return {
    path,
    metric,
    base: median(base),
    head: median(head),
    pairs: logRatios.length,
    change,
    p: wilcoxonSignedRank(logRatios).p,
    noise: sd(logRatios),
    worse: metric === "rps" ? change < 0 : change > 0,
    logRatios
  };
}
function interval(c, alpha, comparisons, looks) {
  if (c.logRatios.length < 2) return [Number.NaN, Number.NaN];
  const ci = signedRankConfidenceInterval(c.logRatios, 1 - alpha / (comparisons * looks));
  return [Math.expm1(ci.lower), Math.expm1(ci.upper)];
}
function classify(c, ci, pAdjusted, options) {
  if (!Number.isFinite(c.change)) return "inconclusive";
  const threshold = thresholdOf(c.metric, options);
  const significant = pAdjusted < options.alpha;
  if (significant && Math.abs(c.change) >= threshold) return c.worse ? "regression" : "improvement";
  if (ci[0] > -threshold && ci[1] < threshold) return "no-change";
  return "inconclusive";
}
function beyond(ci, bound) {
  return ci[0] >= bound || ci[1] <= -bound;
}
function detectableChange(noise, pairs, alpha, comparisons) {
  if (!Number.isFinite(noise) || pairs < 2) return Number.NaN;
  const z = normalQuantile(1 - alpha / (2 * Math.max(1, comparisons))) + normalQuantile(0.8);
  return Math.expm1(z * noise / Math.sqrt(pairs));
}
function resolved(decision) {
  if (decision.errors.some((e) => e.verdict === "regression")) return true;
  if (decision.comparisons.some((c) => c.verdict === "regression" && c.confirmed)) return true;
  return decision.comparisons.every(
    (c) => c.verdict === "no-change" || c.verdict === "improvement" && c.confirmed
  );
}
function decide(rounds, paths, options) {
  return decideGroups([{ rounds, paths, looks: options.looks ?? 1 }], options);
}
function decideGroups(groups, options) {
  const raw = [];
  const rawLooks = [];
  const errors = [];
  for (const group of groups) {
    const looks = Math.max(1, group.looks);
    for (const path of group.paths) {
      const pairs = pairsOf(group.rounds, path);
      errors.push(compareErrors(path, pairs));
      for (const metric of METRICS) {
        raw.push(compareMetric(path, metric, pairs));
        rawLooks.push(looks);
      }
    }
  }
  const uniform = rawLooks.every((l) => l === rawLooks[0]);
  const adjusted = uniform ? holm(raw.map((c) => c.p)).map((p) => Math.min(1, p * (rawLooks[0] ?? 1))) : holm(raw.map((c, i) => Math.min(1, c.p * rawLooks[i])));
  const comparisons = raw.map(({ logRatios: _, ...c }, i) => {
    const looks = rawLooks[i];
    const pAdjusted = adjusted[i];
    const ci = interval(raw[i], options.alpha, raw.length, looks);
    const verdict2 = classify(raw[i], ci, pAdjusted, options);
    return {
      ...c,
      ci,
      pAdjusted,
      confirmed: (verdict2 === "regression" || verdict2 === "improvement") && beyond(ci, thresholdOf(c.metric, options) / 2),
      detectable: detectableChange(c.noise, c.pairs, options.alpha, raw.length * looks),
      verdict: verdict2
    };
  });
  const verdict = overall(comparisons, errors);
  return {
    verdict,
    headline: headline(verdict, comparisons, errors, options),
    comparisons,
    errors,
    alpha: options.alpha,
    threshold: options.threshold,
    latencyThreshold: options.latencyThreshold ?? options.threshold
  };
}
function overall(comparisons, errors) {
  const all = [...comparisons.map((c) => c.verdict), ...errors.map((e) => e.verdict)];
  if (all.includes("regression")) return "regression";
  if (all.includes("improvement")) return "improvement";
  if (all.every((v) => v === "no-change")) return "no-change";
  return "inconclusive";
}
function formatPercent(value, digits = 1) {
  if (!Number.isFinite(value)) return "n/a";
  const percent = value * 100;
  if (Math.abs(percent) < 0.05) return "\xB10.0%";
  const text = Math.abs(percent) >= 100 ? percent.toFixed(0) : percent.toFixed(digits);
  return `${percent > 0 ? "+" : percent < 0 ? "\u2212" : "\xB1"}${text.replace("-", "")}%`;
}
function formatP(p) {
  if (!Number.isFinite(p)) return "n/a";
  if (p < 1e-3) return "< 0.001";
  return p < 0.1 ? p.toPrecision(2) : p.toFixed(2);
}
function formatShare(value) {
  return `${Number((value * 100).toFixed(2))}%`;
}
function describeChange(c, path) {
  const ratio = c.change < 0 ? 1 / (1 + c.change) : 1 + c.change;
  const p = `p = ${formatP(c.pAdjusted)}`;
  if (c.metric === "rps") {
    const size2 = ratio >= 2 ? `${ratio.toFixed(1)}\xD7` : `${Math.abs(c.change * 100).toFixed(Math.abs(c.change) >= 0.1 ? 0 : 1)}%`;
    const values = `req/s ${Math.round(c.base).toLocaleString("en-US")} \u2192 ${Math.round(c.head).toLocaleString("en-US")}`;
    return `head is ${size2} ${c.change < 0 ? "slower" : "faster"} on GET ${path} (${values}, ${p})`;
  }
  const size = ratio >= 2 ? `${ratio.toFixed(1)}\xD7` : `${Math.abs(c.change * 100).toFixed(Math.abs(c.change) >= 0.1 ? 0 : 1)}%`;
  return `head's ${metricLabel(c.metric)} is ${size} ${c.change > 0 ? "higher" : "lower"} on GET ${path} (${c.base.toFixed(2)} ms \u2192 ${c.head.toFixed(2)} ms, ${p})`;
}
function leading(candidates) {
  const rank = { rps: 0, p99: 1, p50: 2 };
  return [...candidates].sort(
    (a, b) => rank[a.metric] - rank[b.metric] || Math.abs(b.change) - Math.abs(a.change)
  )[0];
}
function headline(verdict, comparisons, errors, options) {
  const threshold = formatShare(options.threshold);
  const primary = comparisons.find((c) => c.metric === "rps");
  const primaryText = (c) => c ? `req/s ${formatPercent(c.change)}, ${formatShare(1 - options.alpha)} CI ${formatPercent(c.ci[0])} \u2026 ${formatPercent(c.ci[1])}` : "";
  if (verdict === "regression") {
    const failing = errors.find((e) => e.verdict === "regression");
    if (failing) {
      const codes = Object.entries(failing.headStatus).sort((a, b) => b[1] - a[1]).map(([code2]) => code2).slice(0, 3);
      const what = codes.length > 0 ? `answers ${codes.join("/")}` : "fails";
      return `head ${what} on GET ${failing.path}: ${failing.headFailures.toLocaleString("en-US")} of ${failing.headResponses.toLocaleString("en-US")} requests failed (base: ${failing.baseFailures.toLocaleString("en-US")})`;
    }
    const worst = leading(comparisons.filter((c) => c.verdict === "regression"));
    return describeChange(worst, worst.path);
  }
  if (verdict === "improvement") {
    const best = leading(comparisons.filter((c) => c.verdict === "improvement"));
    return describeChange(best, best.path);
  }
  const paths = [...new Set(comparisons.map((c) => c.path))];
  const where2 = paths.length === 1 ? `GET ${paths[0]}` : `${paths.length} paths`;
  if (verdict === "no-change") return `no change beyond \xB1${threshold} on ${where2} (${primaryText(primary)})`;
  const open = comparisons.filter((c) => c.verdict === "inconclusive").map((c) => `${metricLabel(c.metric)} of GET ${c.path}`);
  return `inconclusive: the data cannot tell whether ${open.slice(0, 2).join(" and ")}${open.length > 2 ? ` and ${open.length - 2} more` : ""} changed by more than \xB1${threshold} (${primaryText(primary)})`;
}

// src/report.ts
function redact(report, secrets) {
  const hidden = secrets.filter((secret) => secret.length >= 8);
  if (hidden.length === 0) return report;
  const json = JSON.stringify(report);
  let clean = json;
  for (const secret of hidden) {
    const encoded = JSON.stringify(secret).slice(1, -1);
    clean = clean.replaceAll(encoded, "***");
  }
  return clean === json ? report : JSON.parse(clean);
}
var VERDICT_ICON = {
  regression: "\u{1F534}",
  improvement: "\u{1F7E2}",
  "no-change": "\u26AA",
  inconclusive: "\u{1F7E1}"
};
function escapeMarkdown(text) {
  return text.replace(/[\\`*_{}[\]|<>~]/g, (c) => `\\${c}`).replace(/@/g, "@\u200B").replace(/\r\n?|\n/g, " ");
}
function code(text) {
  const clean = text.replace(/\r\n?|\n/g, " ").replace(/@/g, "@\u200B").replace(/<!--/g, "<!\u200B--");
  const longest = Math.max(0, ...[...clean.matchAll(/`+/g)].map((m) => m[0].length));
  const fence = "`".repeat(longest + 1);
  return `${fence}${clean.startsWith("`") || clean.endsWith("`") ? ` ${clean} ` : clean}${fence}`;
}
function inlineText(text) {
  return text.split(/`([^`\r\n]+)`/).map((part, i) => i % 2 === 1 ? code(part) : escapeMarkdown(part)).join("");
}
function codeBlock(text) {
  const longest = Math.max(2, ...[...text.matchAll(/`+/g)].map((m) => m[0].length));
  const fence = "`".repeat(longest + 1);
  return `${fence}text
${text.replace(/<!--/g, "<!\u200B--").replace(/@/g, "@\u200B")}
${fence}`;
}
function formatValue(metric, value) {
  if (!Number.isFinite(value)) return "n/a";
  if (metric === "rps") return Math.round(value).toLocaleString("en-US");
  return value >= 100 ? `${value.toFixed(0)} ms` : value >= 10 ? `${value.toFixed(1)} ms` : `${value.toFixed(2)} ms`;
}
function formatSeconds(sec) {
  const whole = Math.round(sec);
  if (whole < 90) return `${whole} s`;
  return `${Math.floor(whole / 60)} min ${whole % 60} s`;
}
var VERDICT_TEXT = {
  regression: "regression",
  improvement: "improvement",
  "no-change": "no change",
  inconclusive: "inconclusive"
};
function formatLevel(level) {
  return `${Number((level * 100).toFixed(2))}%`;
}
function comparisonTable(decision) {
  const lines = [
    `| path | metric | base | head | change | ${formatLevel(1 - decision.alpha)} CI | p | verdict |`,
    "| --- | --- | ---: | ---: | ---: | --- | ---: | --- |"
  ];
  for (const e of decision.errors) {
    if (e.headFailures === 0 && e.baseFailures === 0) continue;
    lines.push(
      `| GET ${escapeMarkdown(e.path)} | failed requests | ${e.baseFailures.toLocaleString("en-US")} of ${e.baseResponses.toLocaleString("en-US")} | ${e.headFailures.toLocaleString("en-US")} of ${e.headResponses.toLocaleString("en-US")} |  |  |  | ${VERDICT_ICON[e.verdict]} ${VERDICT_TEXT[e.verdict]} |`
    );
  }
  for (const c of decision.comparisons) {
    lines.push(
      `| GET ${escapeMarkdown(c.path)} | ${metricLabel(c.metric)} | ${formatValue(c.metric, c.base)} | ${formatValue(c.metric, c.head)} | ${formatPercent(c.change)} | ${formatPercent(c.ci[0])} \u2026 ${formatPercent(c.ci[1])} | ${formatP(c.pAdjusted)} | ${VERDICT_ICON[c.verdict]} ${VERDICT_TEXT[c.verdict]} |`
    );
  }
  return lines;
}
function noiseLine(decision) {
  const parts = [];
  for (const metric of ["rps", "p50", "p99"]) {
    const of = decision.comparisons.filter((c) => c.metric === metric && Number.isFinite(c.noise));
    if (of.length === 0) continue;
    const noise = Math.max(...of.map((c) => c.noise));
    const detectable = Math.max(...of.map((c) => c.detectable));
    parts.push(
      `${metricLabel(metric)} \xB1${(noise * 100).toFixed(1)}% (could detect \u2248${(detectable * 100).toFixed(1)}%)`
    );
  }
  if (parts.length === 0) return "";
  return `What this runner could see: round-to-round noise between adjacent base and head rounds (sd of the log ratio) ${parts.join(", ")}; "could detect" is the change these pairs would catch 80% of the time.`;
}
var STOP_TEXT = {
  resolved: "stopped early: every comparison was resolved",
  budget: "stopped at the time budget",
  fixed: "a fixed number of pairs",
  deadline: "stopped by the gate's time limit",
  "no-paths": "no path left to compare"
};
function lifecycle(restartEvery) {
  if (!restartEvery) return "a fresh server process per round";
  return `base and head servers side by side, restarted together and primed every ${restartEvery} pairs`;
}
function howMeasured(report, comparisons) {
  const s = report.settings;
  const q = report.sequential;
  const shards = report.shards ?? [];
  const pairs = shards.length > 1 ? `${shards.length} shards of ${shards.map((x) => x.pairs).join(", ")}` : q?.pairs ?? new Set(report.rounds.map((r) => r.pair)).size;
  const adaptive = q === void 0 || shards.length > 1 ? "" : s.pairs === void 0 ? ` (adaptive, ${STOP_TEXT[q.stoppedBy]}; looked after ${q.looked.join(", ")} pairs of ${q.plannedLooks} planned looks${q.confirmationPairs > 0 ? `; ${q.confirmationPairs} pairs added to confirm a borderline regression` : ""}${q.disturbedPairs > 0 ? `; ${q.disturbedPairs} disturbed pairs measured again` : ""})` : ` (${STOP_TEXT[q.stoppedBy]})`;
  const across = shards.length > 1 ? " (across all shards)" : "";
  return `${pairs} pairs of interleaved rounds${adaptive}, base and head alternating ABBA, ${s.durationSec} s each after ${s.warmupSec} s warm-up, ${s.connections} connections, ${lifecycle(s.restartEvery)} \xB7 threshold \xB1${formatShare(s.threshold)} (req/s), \xB1${formatShare(s.latencyThreshold ?? s.threshold)} (latency) \xB7 p-values Holm-adjusted across ${comparisons} comparisons${across} and split across looks (\u03B1 = ${s.alpha}) \xB7 measuring ${formatSeconds(report.timing.measureSec)}, ${formatSeconds(report.timing.wallSec)} in all`;
}
function roundsTable(report) {
  const lines = [
    "| pair | order | path | base req/s | head req/s | head/base | base p99 | head p99 | failed (base/head) |",
    "| ---: | --- | --- | ---: | ---: | ---: | ---: | ---: | ---: |"
  ];
  const pairs = [...new Set(report.rounds.map((r) => r.pair))].sort((a, b) => a - b);
  for (const pair2 of pairs) {
    for (const path of report.settings.paths) {
      const base = report.rounds.find((r) => r.pair === pair2 && r.path === path && r.side === "base");
      const head = report.rounds.find((r) => r.pair === pair2 && r.path === path && r.side === "head");
      if (!base || !head) continue;
      const order = base.position === 0 ? "base \u2192 head" : "head \u2192 base";
      const ratio = head.measurement.rps / base.measurement.rps;
      lines.push(
        `| ${pair2 + 1} | ${order} | ${escapeMarkdown(path)} | ${formatValue("rps", base.measurement.rps)} | ${formatValue("rps", head.measurement.rps)} | ${ratio.toFixed(3)} | ${formatValue("p99", base.measurement.latencyMs.p99)} | ${formatValue("p99", head.measurement.latencyMs.p99)} | ${failures(base.measurement)} / ${failures(head.measurement)} |`
      );
    }
  }
  return lines;
}
function renderMarkdown(report, options = {}) {
  const out = [];
  out.push(`### ${VERDICT_ICON[report.verdict]} perf-gate: ${VERDICT_TEXT[report.verdict]}`, "");
  out.push(`**${escapeMarkdown(report.headline)}**`, "");
  if (report.error) {
    const e = report.error;
    out.push(e.neutral ? "> [!WARNING]" : "> [!CAUTION]", `> ${escapeMarkdown(e.message)}`, "");
    if (e.output)
      out.push("<details><summary>Last output</summary>", "", codeBlock(e.output), "", "</details>", "");
  }
  const decision = report.decision;
  if (decision) {
    out.push(...comparisonTable(decision), "");
  }
  const diagnostics = report.diagnostics ? renderDiagnosticsSection(report.diagnostics) : "";
  if (diagnostics !== "") out.push(diagnostics.trim(), "");
  if (report.profile) out.push(report.profile.markdown.trim(), "");
  if (report.newPaths.length > 0) {
    out.push(
      `New on head (base answers them with errors, so they are not compared): ${report.newPaths.map((p) => `GET ${escapeMarkdown(p)}`).join(", ")}.`,
      ""
    );
  }
  out.push(howMeasured(report, decision?.comparisons.length ?? 0));
  out.push(
    "",
    `base ${code(report.base.label)} (${report.base.sha.slice(0, 7)}) \xB7 head ${code(report.head.label)} (${report.head.sha.slice(0, 7)}) \xB7 Node ${report.environment.node} \xB7 ${report.environment.cpus} CPUs`
  );
  if (decision) {
    const noise = noiseLine(decision);
    if (noise) out.push("", noise);
  }
  for (const note of report.notes) out.push("", `Note: ${inlineText(note)}`);
  if (report.rounds.length > 0) {
    out.push("", "<details><summary>Every round</summary>", "", ...roundsTable(report), "", "</details>");
  }
  if (options.detailsUrl) out.push("", `[Flame graphs and raw numbers (artifact)](${options.detailsUrl})`);
  out.push(
    "",
    "<sub>How to read this: each pair of adjacent rounds shares the machine\u2019s speed of that moment, so the change is estimated from per-pair ratios (Hodges-Lehmann) with a Wilcoxon signed-rank test. A regression needs significance and a change beyond the threshold.</sub>"
  );
  return `${out.join("\n")}
`;
}

// src/demo.ts
var SERVER = (perRequest) => `// A seed catalogue served over plain node:http.
const http = require('node:http');

const seeds = Array.from({ length: 300 }, (_, id) => ({ id, name: 'seed-' + id, tags: ['heirloom', 'organic'], stock: id % 17 }));
const cached = JSON.stringify(seeds);

http
  .createServer((req, res) => {
    if (req.url === '/seed/v1') {
      res.setHeader('content-type', 'application/json');
${perRequest}
      return;
    }
    res.statusCode = 404;
    res.end('not found');
  })
  .listen(process.env.PORT || 3000);
`;
var BASE = SERVER("      res.end(cached);");
var HEAD = SERVER(
  "      res.end(JSON.stringify(structuredClone(seeds).sort((a, b) => a.name.localeCompare(b.name))));"
);
async function runDemo(compare2) {
  const dir = await mkdtemp2(join2(tmpdir2(), "perf-gate-demo-"));
  try {
    const commit = async (message) => {
      await git(dir, ["add", "-A"]);
      await git(dir, [
        "-c",
        "user.name=demo",
        "-c",
        "user.email=demo@example.invalid",
        "commit",
        "-q",
        "-m",
        message
      ]);
    };
    await git(dir, ["init", "-q", "-b", "main"]);
    await writeFile(
      join2(dir, "package.json"),
      `${JSON.stringify({ name: "seed-shop", private: true, scripts: { start: "node index.js" } }, null, 2)}
`
    );
    await writeFile(join2(dir, "index.js"), BASE);
    await commit("seed catalogue, cached");
    await git(dir, ["checkout", "-q", "-b", "fresh-catalogue"]);
    await writeFile(join2(dir, "index.js"), HEAD);
    await commit("serve a freshly sorted catalogue on every request");
    process.stderr.write(
      `demo repository: ${dir} (main: cached catalogue; fresh-catalogue: rebuilt per request)
`
    );
    const report = await compare2(
      [
        "--base",
        "main",
        "--start",
        "node index.js",
        "--paths",
        "/seed/v1",
        "--duration",
        "2s",
        "--time-budget",
        "2m",
        "--warmup",
        "1s"
      ],
      dir
    );
    process.stdout.write(`
${renderMarkdown(report)}`);
    if (report.verdict !== "regression") {
      process.stderr.write(
        `
demo: expected the gate to flag the slower head, but the verdict is ${report.verdict}
`
      );
      return 1;
    }
    process.stderr.write(`
demo: the gate caught the regression in ${report.timing.wallSec.toFixed(0)} s
`);
    return 0;
  } finally {
    await rm2(dir, { recursive: true, force: true });
  }
}

// src/pipeline.ts
import { existsSync as existsSync4 } from "node:fs";
import { mkdir, writeFile as writeFile2 } from "node:fs/promises";
import { availableParallelism } from "node:os";
import { join as join9, relative as relative2, resolve as resolve5 } from "node:path";

// src/diagnostics/install.ts
import { mkdirSync, readFileSync as readFileSync2, renameSync, writeFileSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { dirname, join as join3, resolve } from "node:path";
import { setTimeout as sleep2 } from "node:timers/promises";

// src/diagnostics/preload.ts
var DIAGNOSTICS_ENV = "PERF_GATE_DIAGNOSTICS";
var CONTROL_SUFFIX = ".ctl";
var RESOLUTION_MS = 10;
var TICK_MS = 100;
var SERIES_MS = 250;
var SERIES_MAX = 240;
var PRELOAD_SOURCE = `'use strict';
// perf-gate diagnostics preload: event-loop delay, CPU, RSS and heap of the process that serves TCP.
// Written by perf-gate (src/diagnostics/preload.ts); safe to delete. It does nothing unless
// ${DIAGNOSTICS_ENV} names an output file.
(function perfGateDiagnostics() {
  var outFile = process.env.${DIAGNOSTICS_ENV};
  if (typeof outFile !== 'string' || outFile === '') return;
  var GUARD = Symbol.for('perf-gate.diagnostics');
  try {
    if (process[GUARD]) return;
    Object.defineProperty(process, GUARD, { value: true, enumerable: false });
  } catch (error) {
    return;
  }
  var fs, perfHooks, threads;
  try {
    fs = require('fs');
    perfHooks = require('perf_hooks');
    threads = require('worker_threads');
  } catch (error) {
    return;
  }
  if (!threads.isMainThread || typeof perfHooks.monitorEventLoopDelay !== 'function') return;

  var RESOLUTION_MS = ${RESOLUTION_MS};
  var TICK_MS = ${TICK_MS};
  var SERIES_MAX = ${SERIES_MAX};
  var controlFile = outFile + ${JSON.stringify(CONTROL_SUFFIX)};
  var performance = perfHooks.performance;
  var hasElu = performance && typeof performance.eventLoopUtilization === 'function';

  var reporter = false;
  var histogram = null;
  var ports = [];
  var windowStart = Date.now();
  var cpuBase = process.cpuUsage();
  var eluBase = hasElu ? performance.eventLoopUtilization() : null;
  var rssPeak = 0, rssLast = 0, heapPeak = 0, heapLast = 0;
  var series = [];
  var seriesEvery = ${SERIES_MS};
  var lastSeriesAt = 0;
  var controlStamp = '';
  var controlToken = '';

  function sample(now) {
    var usage = process.memoryUsage();
    rssLast = usage.rss;
    heapLast = usage.heapUsed;
    if (rssLast > rssPeak) rssPeak = rssLast;
    if (heapLast > heapPeak) heapPeak = heapLast;
    if (now - lastSeriesAt >= seriesEvery) {
      lastSeriesAt = now;
      series.push([now - windowStart, rssLast, heapLast]);
      if (series.length >= SERIES_MAX) {
        series = series.filter(function (point, index) { return index % 2 === 0; });
        seriesEvery *= 2;
      }
    }
  }

  function resetWindow(now) {
    windowStart = now;
    cpuBase = process.cpuUsage();
    if (hasElu) eluBase = performance.eventLoopUtilization();
    if (histogram !== null) histogram.reset();
    rssPeak = rssLast;
    heapPeak = heapLast;
    series = [];
    lastSeriesAt = 0;
    sample(now);
  }

  function delayMs(nanoseconds) {
    var ms = nanoseconds / 1e6 - RESOLUTION_MS;
    return ms > 0 && isFinite(ms) ? Math.round(ms * 1000) / 1000 : 0;
  }

  function write(reason, seq) {
    var now = Date.now();
    try { sample(now); } catch (error) { /* keep the previous sample */ }
    var count = histogram === null ? 0 : typeof histogram.count === 'number' ? histogram.count : 1;
    var cpu = process.cpuUsage(cpuBase);
    var elu = null;
    if (hasElu && eluBase !== null) {
      try { elu = performance.eventLoopUtilization(eluBase).utilization; } catch (error) { elu = null; }
    }
    var line = {
      v: 1,
      pid: process.pid,
      ppid: process.ppid,
      reason: reason,
      seq: seq,
      at: now,
      startedAt: windowStart,
      elapsedMs: now - windowStart,
      uptimeMs: Math.round(process.uptime() * 1000),
      ports: ports.slice(),
      eventLoopDelayMs: count > 0 && histogram !== null
        ? {
            p50: delayMs(histogram.percentile(50)),
            p99: delayMs(histogram.percentile(99)),
            max: delayMs(histogram.max),
            mean: delayMs(histogram.mean),
            count: count,
          }
        : { p50: 0, p99: 0, max: 0, mean: 0, count: 0 },
      eventLoopUtilization: typeof elu === 'number' && isFinite(elu) ? Math.round(elu * 10000) / 10000 : null,
      cpu: { userMs: cpu.user / 1000, systemMs: cpu.system / 1000 },
      rss: { peak: rssPeak, last: rssLast },
      heapUsed: { peak: heapPeak, last: heapLast },
      memory: series,
      node: process.version,
    };
    fs.appendFileSync(outFile, JSON.stringify(line) + '\\n');
    resetWindow(now);
  }

  function safeWrite(reason, seq) {
    try { write(reason, seq); } catch (error) { /* diagnostics never disturb the app */ }
  }

  function addPort(port) {
    if (typeof port === 'number' && port > 0 && ports.indexOf(port) === -1 && ports.length < 16) ports.push(port);
  }

  function listeningPorts() {
    if (typeof process._getActiveHandles !== 'function') return;
    var handles = process._getActiveHandles();
    for (var i = 0; i < handles.length; i++) {
      var handle = handles[i];
      if (handle && handle.listening === true && typeof handle.address === 'function') {
        var address = handle.address();
        if (address !== null && typeof address === 'object') addPort(address.port);
      }
    }
  }

  function controlStampNow() {
    var stat = fs.statSync(controlFile, { throwIfNoEntry: false });
    return stat ? stat.ino + ':' + stat.mtimeMs + ':' + stat.size : '';
  }

  function readControl() {
    var stamp = controlStampNow();
    if (stamp === controlStamp) return '';
    controlStamp = stamp;
    if (stamp === '') return '';
    var token = fs.readFileSync(controlFile, 'utf8').trim().slice(0, 200);
    if (token === '' || token === controlToken) return '';
    controlToken = token;
    return token;
  }

  function onSignal(signal) {
    var handler = function () {
      try { process.removeListener(signal, handler); } catch (error) { /* ignore */ }
      safeWrite(signal, null);
      try {
        // Nobody else handles it: the default action (death by this signal), as without the preload.
        if (process.listenerCount(signal) === 0) process.kill(process.pid, signal);
      } catch (error) { /* ignore */ }
    };
    process.prependListener(signal, handler);
  }

  function becomeReporter() {
    if (reporter) return;
    reporter = true;
    try { listeningPorts(); } catch (error) { /* ports stay unknown */ }
    try {
      histogram = perfHooks.monitorEventLoopDelay({ resolution: RESOLUTION_MS });
      histogram.enable();
    } catch (error) {
      histogram = null;
    }
    try {
      // A token written before this process reported is not addressed to it.
      controlStamp = controlStampNow();
      if (controlStamp !== '') controlToken = fs.readFileSync(controlFile, 'utf8').trim().slice(0, 200);
    } catch (error) { /* no control file yet */ }
    try { onSignal('SIGTERM'); } catch (error) { /* ignore */ }
    try { onSignal('SIGINT'); } catch (error) { /* ignore */ }
    try { process.on('exit', function () { safeWrite('exit', null); }); } catch (error) { /* ignore */ }
    safeWrite('listening', null);
  }

  var channel = null;
  var onSocket = function (message) {
    try {
      var port = message && message.socket ? message.socket.localPort : undefined;
      if (typeof port !== 'number') return;
      addPort(port);
      if (reporter) return;
      becomeReporter();
      // Stop listening to every connection; later, not while the channel is publishing.
      var later = setImmediate(function () {
        try {
          var dc = require('diagnostics_channel');
          if (typeof dc.unsubscribe === 'function') dc.unsubscribe('net.server.socket', onSocket);
          else if (channel !== null) channel.unsubscribe(onSocket);
        } catch (error) { /* keep it */ }
      });
      if (later && typeof later.unref === 'function') later.unref();
    } catch (error) { /* ignore */ }
  };
  try {
    var dc = require('diagnostics_channel');
    channel = dc.channel('net.server.socket'); // held strongly: old releases kept channels weakly
    if (typeof dc.subscribe === 'function') dc.subscribe('net.server.socket', onSocket);
    else channel.subscribe(onSocket);
  } catch (error) { /* the tick still finds listening servers */ }

  function tick() {
    try {
      if (!reporter) {
        if (typeof process.getActiveResourcesInfo === 'function' &&
            process.getActiveResourcesInfo().indexOf('TCPServerWrap') !== -1) becomeReporter();
        return;
      }
      sample(Date.now());
      var token = readControl();
      if (token !== '') safeWrite('snapshot', token);
    } catch (error) { /* try again next tick */ }
  }

  try {
    var timer = setInterval(tick, TICK_MS);
    if (timer && typeof timer.unref === 'function') timer.unref();
  } catch (error) { /* no sampling */ }
})();
`;

// src/diagnostics/install.ts
var PRELOAD_FILE = "perf-gate-diagnostics.cjs";
function writePreload(dir) {
  const path = resolve(dir, PRELOAD_FILE);
  mkdirSync(dirname(path), { recursive: true });
  let current;
  try {
    current = readFileSync2(path, "utf8");
  } catch {
    current = void 0;
  }
  if (current !== PRELOAD_SOURCE) {
    const temporary = `${path}.${process.pid}.tmp`;
    writeFileSync(temporary, PRELOAD_SOURCE);
    renameSync(temporary, path);
  }
  return path;
}
function quoteNodeOption(value) {
  return `"${value.replace(/[\\"]/g, (c) => `\\${c}`)}"`;
}
function diagnosticsEnv(preloadPath, outFile, existingNodeOptions) {
  const existing = existingNodeOptions?.trim() ?? "";
  const require2 = `--require ${quoteNodeOption(resolve(preloadPath))}`;
  return {
    NODE_OPTIONS: existing === "" ? require2 : `${require2} ${existing}`,
    PERF_GATE_DIAGNOSTICS: resolve(outFile)
  };
}
function controlFile(outFile) {
  return `${resolve(outFile)}${CONTROL_SUFFIX}`;
}
var REASONS = /* @__PURE__ */ new Set([
  "listening",
  "snapshot",
  "SIGTERM",
  "SIGINT",
  "exit"
]);
var FINAL = /* @__PURE__ */ new Set(["SIGTERM", "SIGINT", "exit"]);
function isRecord(value) {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
function count(value) {
  return typeof value === "number" && Number.isFinite(value) && value >= 0 ? value : void 0;
}
function pair(value, a, b) {
  if (!isRecord(value)) return void 0;
  const x = count(value[a]);
  const y = count(value[b]);
  return x === void 0 || y === void 0 ? void 0 : { [a]: x, [b]: y };
}
function parseSnapshot(line) {
  let raw;
  try {
    raw = JSON.parse(line);
  } catch {
    return void 0;
  }
  if (!isRecord(raw) || raw.v !== 1) return void 0;
  const pid = count(raw.pid);
  const ppid = count(raw.ppid) ?? 0;
  const reason = typeof raw.reason === "string" && REASONS.has(raw.reason) ? raw.reason : void 0;
  const seq = typeof raw.seq === "string" ? raw.seq.slice(0, 200) : null;
  const at = count(raw.at);
  const startedAt = count(raw.startedAt);
  const elapsedMs = count(raw.elapsedMs);
  const uptimeMs = count(raw.uptimeMs) ?? 0;
  const delay = raw.eventLoopDelayMs;
  const cpu = pair(raw.cpu, "userMs", "systemMs");
  const rss = pair(raw.rss, "peak", "last");
  const heap = pair(raw.heapUsed, "peak", "last");
  if (pid === void 0 || reason === void 0 || at === void 0 || startedAt === void 0 || elapsedMs === void 0 || !isRecord(delay) || cpu === void 0 || rss === void 0 || heap === void 0)
    return void 0;
  const p50 = count(delay.p50);
  const p99 = count(delay.p99);
  const max = count(delay.max);
  const mean2 = count(delay.mean);
  const samples = count(delay.count);
  if (p50 === void 0 || p99 === void 0 || max === void 0 || mean2 === void 0 || samples === void 0)
    return void 0;
  const ports = Array.isArray(raw.ports) ? raw.ports.filter((p) => Number.isInteger(p) && p > 0 && p < 65536) : [];
  const memory = [];
  if (Array.isArray(raw.memory)) {
    for (const point of raw.memory.slice(0, 1e4)) {
      if (!Array.isArray(point) || point.length !== 3) continue;
      const [t, r, h] = point.map(count);
      if (t !== void 0 && r !== void 0 && h !== void 0) memory.push([t, r, h]);
    }
  }
  const elu = count(raw.eventLoopUtilization);
  return {
    v: 1,
    pid,
    ppid,
    reason,
    seq,
    at,
    startedAt,
    elapsedMs,
    uptimeMs,
    ports: ports.slice(0, 16),
    eventLoopDelayMs: { p50, p99, max, mean: mean2, count: samples },
    eventLoopUtilization: elu === void 0 ? null : Math.min(1, elu),
    cpu: { userMs: cpu.userMs, systemMs: cpu.systemMs },
    rss: { peak: rss.peak, last: rss.last },
    heapUsed: { peak: heap.peak, last: heap.last },
    memory,
    node: typeof raw.node === "string" ? raw.node.slice(0, 40) : ""
  };
}
function parseSnapshots(text) {
  const out = [];
  for (const line of text.split("\n")) {
    if (line.trim() === "") continue;
    const snapshot2 = parseSnapshot(line);
    if (snapshot2 !== void 0) out.push(snapshot2);
  }
  return out;
}
function readSnapshots(outFile) {
  try {
    return parseSnapshots(readFileSync2(outFile, "utf8"));
  } catch {
    return [];
  }
}
function alive2(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === "EPERM";
  }
}
function liveReporters(lines) {
  const live2 = /* @__PURE__ */ new Set();
  for (const line of lines) {
    if (FINAL.has(line.reason)) live2.delete(line.pid);
    else live2.add(line.pid);
  }
  for (const pid of live2) if (!alive2(pid)) live2.delete(pid);
  return live2;
}
var sequence = 0;
var queues = /* @__PURE__ */ new Map();
function snapshot(outFile, options = {}) {
  const file = resolve(outFile);
  const previous = queues.get(file) ?? Promise.resolve();
  const next = previous.then(() => takeSnapshot(file, options)).catch(() => []);
  queues.set(file, next);
  void next.finally(() => {
    if (queues.get(file) === next) queues.delete(file);
  });
  return next;
}
async function takeSnapshot(outFile, options) {
  const timeoutMs = options.timeoutMs ?? 3e3;
  const registrationDeadline = Date.now() + (options.registrationMs ?? 500);
  let expected = liveReporters(readSnapshots(outFile));
  while (expected.size === 0) {
    if (Date.now() > registrationDeadline) return [];
    await sleep2(25);
    expected = liveReporters(readSnapshots(outFile));
  }
  const label = (options.label ?? "snapshot").replace(/\s+/g, "-").slice(0, 120);
  const token = `${label}#${process.pid}.${++sequence}.${Date.now()}`;
  const control = controlFile(outFile);
  const temporary = `${control}.${process.pid}.tmp`;
  writeFileSync(temporary, `${token}
`);
  renameSync(temporary, control);
  const deadline = Date.now() + timeoutMs;
  for (; ; ) {
    await sleep2(25);
    let text = "";
    try {
      text = await readFile(outFile, "utf8");
    } catch {
      text = "";
    }
    const lines = parseSnapshots(text);
    const answers = lines.filter((line) => line.seq === token);
    const answered = new Set(answers.map((line) => line.pid));
    const pending2 = [...expected].filter(
      (pid) => !answered.has(pid) && alive2(pid) && !lines.some((l) => l.pid === pid && FINAL.has(l.reason))
    );
    if (pending2.length === 0 || Date.now() > deadline) return answers;
  }
}
function outFileFor(dir, name) {
  return join3(resolve(dir), `${name.replace(/[^A-Za-z0-9._-]+/g, "_").slice(0, 100)}.jsonl`);
}

// src/diagnostics/recorder.ts
import { setTimeout as sleep3 } from "node:timers/promises";

// src/diagnostics/summary.ts
var MB = 1024 * 1024;
var DEFAULTS = {
  blockedMs: 20,
  blockedRatio: 2,
  blockedMarginMs: 10,
  minPoints: 4,
  leakMbPerRound: 1,
  leakMbPerSecond: 1,
  risingShare: 0.75,
  leakRatio: 2
};
function theilSen(points) {
  const slopes = [];
  for (let i = 0; i < points.length; i++) {
    for (let j = i + 1; j < points.length; j++) {
      const [xi, yi] = points[i];
      const [xj, yj] = points[j];
      if (xj !== xi) slopes.push((yj - yi) / (xj - xi));
    }
  }
  return slopes.length === 0 ? 0 : median(slopes);
}
function rising(ys) {
  let growing = 0;
  for (let i = 1; i < ys.length; i++) if (ys[i] > ys[i - 1]) growing++;
  return { growing, of: Math.max(0, ys.length - 1) };
}
function windowsOf(lines) {
  const usable = lines.filter((l) => l.reason !== "listening" && l.elapsedMs > 0);
  const groups = /* @__PURE__ */ new Map();
  for (const line of usable) {
    const key = line.seq ?? `${line.reason}:${line.pid}:${line.at}`;
    const group = groups.get(key) ?? /* @__PURE__ */ new Map();
    group.set(line.pid, line);
    groups.set(key, group);
  }
  const windows = [];
  for (const group of groups.values()) {
    const processes = [...group.values()];
    const measured = processes.filter((p) => p.eventLoopDelayMs.count > 0);
    const worst = (pick) => Math.max(...measured.map(pick));
    const elus = processes.map((p) => p.eventLoopUtilization).filter((u) => u !== null);
    const main2 = processes.reduce((a, b) => b.rss.peak > a.rss.peak ? b : a);
    windows.push({
      at: Math.min(...processes.map((p) => p.at)),
      pids: processes.map((p) => p.pid).sort((a, b) => a - b).join(","),
      delay: measured.length === 0 ? void 0 : {
        p50: worst((p) => p.eventLoopDelayMs.p50),
        p99: worst((p) => p.eventLoopDelayMs.p99),
        max: worst((p) => p.eventLoopDelayMs.max)
      },
      elu: elus.length === 0 ? void 0 : Math.max(...elus),
      cpuMs: processes.reduce((sum, p) => sum + p.cpu.userMs + p.cpu.systemMs, 0),
      wallMs: Math.max(...processes.map((p) => p.elapsedMs)),
      rssPeak: processes.reduce((sum, p) => sum + p.rss.peak, 0),
      rssLast: processes.reduce((sum, p) => sum + p.rss.last, 0),
      heapPeak: processes.reduce((sum, p) => sum + p.heapUsed.peak, 0),
      series: main2.memory.map(([t, rss]) => [t / 1e3, rss / MB])
    });
  }
  return windows.sort((a, b) => a.at - b.at);
}
function trendOf(windows, o) {
  const byPids = /* @__PURE__ */ new Map();
  for (const w of windows) byPids.set(w.pids, [...byPids.get(w.pids) ?? [], w]);
  const lived = [...byPids.values()].filter((group) => group.length >= o.minPoints);
  if (lived.length > 0) {
    const fits = lived.map((group) => {
      const ys = group.map((w) => w.rssLast / MB);
      return { slope: theilSen(ys.map((y, i) => [i, y])), points: ys.length, ...rising(ys) };
    });
    const slopeMb2 = median(fits.map((f) => f.slope));
    const growing2 = fits.reduce((sum, f) => sum + f.growing, 0);
    const of = fits.reduce((sum, f) => sum + f.of, 0);
    const points = fits.reduce((sum, f) => sum + f.points, 0);
    return {
      trend: { mode: "across-rounds", slopeMb: slopeMb2, unit: "round", points, growing: growing2, of },
      leak: slopeMb2 >= o.leakMbPerRound && growing2 >= o.risingShare * of
    };
  }
  const fitted = windows.filter((w) => w.series.length >= o.minPoints).map((w) => {
    const slope = theilSen(w.series);
    const { growing: growing2, of } = rising(w.series.map(([, y]) => y));
    return { slope, grows: slope >= o.leakMbPerSecond && growing2 >= o.risingShare * of };
  });
  if (fitted.length === 0) return { trend: void 0, leak: false };
  const slopeMb = median(fitted.map((f) => f.slope));
  const growing = fitted.filter((f) => f.grows).length;
  return {
    trend: {
      mode: "within-rounds",
      slopeMb,
      unit: "second",
      points: fitted.length,
      growing,
      of: fitted.length
    },
    leak: fitted.length >= 2 && growing >= o.risingShare * fitted.length && slopeMb >= o.leakMbPerSecond
  };
}
function summarizeSide(lines, options = {}) {
  const o = { ...DEFAULTS, ...options };
  const windows = windowsOf(lines);
  if (windows.length === 0) return void 0;
  const delays = windows.map((w) => w.delay).filter((d) => d !== void 0);
  const elus = windows.map((w) => w.elu).filter((u) => u !== void 0);
  const wallMs = windows.reduce((sum, w) => sum + w.wallMs, 0);
  const { trend, leak } = trendOf(windows, o);
  const pids = new Set(windows.flatMap((w) => w.pids.split(",")));
  return {
    windows: windows.length,
    processes: pids.size,
    eventLoopDelayMs: delays.length === 0 ? void 0 : {
      p50: median(delays.map((d) => d.p50)),
      p99: median(delays.map((d) => d.p99)),
      max: median(delays.map((d) => d.max))
    },
    eventLoopUtilization: elus.length === 0 ? void 0 : median(elus),
    cpuCores: wallMs === 0 ? 0 : windows.reduce((sum, w) => sum + w.cpuMs, 0) / wallMs,
    peakRssMb: Math.max(...windows.map((w) => w.rssPeak)) / MB,
    peakHeapMb: Math.max(...windows.map((w) => w.heapPeak)) / MB,
    rssTrendMbPerRound: trend === void 0 ? void 0 : trend.unit === "round" ? trend.slopeMb : trend.slopeMb * (median(windows.map((w) => w.wallMs)) / 1e3),
    rssTrend: trend,
    leak
  };
}
function eventLoopCall(base, head, o) {
  const blocked = (a, b) => a >= o.blockedMs && a / Math.max(b, 1) >= o.blockedRatio && a - b >= o.blockedMarginMs;
  if (blocked(head.p99, base.p99)) return "blocked-on-head";
  if (blocked(base.p99, head.p99)) return "unblocked-on-head";
  if (head.p99 >= o.blockedMs && base.p99 >= o.blockedMs) return "blocked-on-both";
  return "similar";
}
function leakCall(base, head, o) {
  const rate2 = (s) => Math.max(0, s.rssTrendMbPerRound ?? 0);
  if (head.leak && base.leak) return rate2(head) >= o.leakRatio * rate2(base) ? "head" : "both";
  if (head.leak) return "head";
  if (base.leak) return "base";
  return "none";
}
function summarizeDiagnostics(lines, options = {}) {
  const o = { ...DEFAULTS, ...options };
  const base = summarizeSide(lines.base, options);
  const head = summarizeSide(lines.head, options);
  const baseDelay = base?.eventLoopDelayMs;
  const headDelay = head?.eventLoopDelayMs;
  const bothDelays = baseDelay !== void 0 && headDelay !== void 0;
  return {
    base,
    head,
    comparison: {
      eventLoopP99Ratio: bothDelays ? Math.max(headDelay.p99, 1) / Math.max(baseDelay.p99, 1) : void 0,
      eventLoop: bothDelays ? eventLoopCall(baseDelay, headDelay, o) : void 0,
      leak: base !== void 0 && head !== void 0 ? leakCall(base, head, o) : void 0
    },
    blockedMs: o.blockedMs
  };
}

// src/diagnostics/recorder.ts
function servingPort(lines, port) {
  if (port === void 0 || !lines.some((l) => l.ports.includes(port))) return [...lines];
  return lines.filter((l) => l.ports.includes(port));
}
var ServerDiagnostics = class {
  side;
  /** The JSON-lines file this server's processes append to. */
  outFile;
  /** Merge into startServer's `env`; {} when diagnostics are off. */
  env;
  recorder;
  windows = 0;
  constructor(recorder, side, outFile, env) {
    this.recorder = recorder;
    this.side = side;
    this.outFile = outFile;
    this.env = env ?? {};
  }
  /**
   * Runs `run` (one round of load) with a snapshot once its warm-up is over and another when it ends; the
   * second one's lines are this server's measured window and are recorded for the summary. Returns what run
   * returns, rethrows what it throws.
   */
  async measure(label, options, run) {
    if (!this.recorder.enabled) return run();
    const key = `${this.side}-${label}-${++this.windows}`;
    const cancel = new AbortController();
    const delayMs = options.warmupSec > 0 ? options.warmupSec * 1e3 + (options.startupMs ?? 300) : 0;
    const begin = delayMs === 0 ? await snapshot(this.outFile, { label: `${key}-begin` }) : sleep3(delayMs, void 0, { signal: cancel.signal }).then(
      () => snapshot(this.outFile, { label: `${key}-begin` }),
      () => []
    );
    let result;
    try {
      result = await run();
    } finally {
      cancel.abort();
      await begin;
    }
    const lines = await snapshot(this.outFile, { label: `${key}-end` });
    this.recorder.record(this.side, servingPort(lines, options.port));
    return result;
  }
  /** Every line this server's processes wrote so far (registration, snapshots, final lines). */
  lines() {
    return readSnapshots(this.outFile);
  }
};
var DiagnosticsRecorder = class {
  dir;
  /** The written preload; undefined when it could not be written (diagnostics are then off). */
  preloadPath;
  nodeOptions;
  recorded = { base: [], head: [] };
  servers = 0;
  /**
   * dir: where the preload and the output files go (e.g. `<output-dir>/diagnostics`). nodeOptions: the
   * NODE_OPTIONS the servers would get without us (default process.env.NODE_OPTIONS), kept after our --require.
   */
  constructor(dir, nodeOptions = process.env.NODE_OPTIONS) {
    this.dir = dir;
    this.nodeOptions = nodeOptions;
    let path;
    try {
      path = writePreload(dir);
    } catch {
      path = void 0;
    }
    this.preloadPath = path;
  }
  get enabled() {
    return this.preloadPath !== void 0;
  }
  /** A new server's diagnostics: its own output file (`<dir>/<name>-<n>.jsonl`) and environment. */
  server(side, name) {
    const outFile = outFileFor(this.dir, `${name}-${++this.servers}`);
    const env = this.preloadPath === void 0 ? void 0 : diagnosticsEnv(this.preloadPath, outFile, this.nodeOptions);
    return new ServerDiagnostics(this, side, outFile, env);
  }
  /** Adds the lines of one measured window of a side. */
  record(side, lines) {
    this.recorded[side].push(...lines);
  }
  /** The recorded measured-window lines of both sides. */
  snapshots() {
    return { base: [...this.recorded.base], head: [...this.recorded.head] };
  }
  summary(options = {}) {
    return summarizeDiagnostics(this.recorded, options);
  }
};

// src/io/disk.ts
import { lstat, readdir } from "node:fs/promises";
import { join as join4 } from "node:path";
async function diskUsage(path) {
  let info;
  try {
    info = await lstat(path);
  } catch {
    return 0;
  }
  const own = info.blocks * 512;
  if (!info.isDirectory()) return own;
  let entries;
  try {
    entries = await readdir(path);
  } catch {
    return own;
  }
  let total = own;
  for (const entry of entries) total += await diskUsage(join4(path, entry));
  return total;
}
function formatBytes(bytes) {
  const units = ["B", "KB", "MB", "GB", "TB"];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value >= 10 || unit === 0 ? Math.round(value) : value.toFixed(1)} ${units[unit]}`;
}

// src/io/install.ts
import { existsSync, readFileSync as readFileSync3 } from "node:fs";
import { dirname as dirname2, join as join5, relative, resolve as resolve2 } from "node:path";
function hasDependencies(dir) {
  try {
    const manifest = JSON.parse(readFileSync3(join5(dir, "package.json"), "utf8"));
    const count2 = (field) => Object.keys(manifest[field] ?? {}).length;
    return count2("dependencies") + count2("devDependencies") + count2("optionalDependencies") > 0;
  } catch {
    return false;
  }
}
function detectInstall(root, dir) {
  let current = resolve2(dir);
  const top = resolve2(root);
  for (; ; ) {
    const has = (file) => existsSync(join5(current, file));
    if (has("pnpm-lock.yaml")) return { command: "pnpm install --frozen-lockfile", cwd: current };
    if (has("yarn.lock"))
      return {
        command: has(".yarnrc.yml") ? "yarn install --immutable" : "yarn install --frozen-lockfile",
        cwd: current
      };
    if (has("bun.lockb") || has("bun.lock"))
      return { command: "bun install --frozen-lockfile", cwd: current };
    if (has("package-lock.json") || has("npm-shrinkwrap.json")) return { command: "npm ci", cwd: current };
    if (current === top || relative(top, current).startsWith("..")) break;
    current = dirname2(current);
  }
  return hasDependencies(dir) ? { command: "npm install", cwd: resolve2(dir) } : void 0;
}
function failureExcerpt(text, count2 = 40) {
  const lines = text.trimEnd().split("\n");
  if (lines.length <= count2) return lines.join("\n");
  const first = lines.findIndex((line) => /\berror\b|\bERR!/i.test(line));
  if (first === -1 || first >= lines.length - count2) return lines.slice(-count2).join("\n");
  const cause = lines.slice(first, first + Math.floor(count2 / 3));
  const tail2 = lines.slice(-(count2 - cause.length - 1));
  const skipped = lines.length - first - cause.length - tail2.length;
  return [...cause, ...skipped > 0 ? [`\u2026 (${skipped} more lines)`] : [], ...tail2].join("\n");
}
async function step(code2, side, command, cwd, timeoutMs, log) {
  await log.group(`${code2} ${side}: ${command}`, async () => {
    const result = await runCommand(command, {
      cwd,
      env: safeEnv({ CI: "true" }),
      timeoutMs,
      onOutput: (chunk) => log.output(chunk.trimEnd())
    });
    if (result.timedOut) {
      throw new GateError(
        code2,
        `${code2} of ${side} (\`${command}\`) did not finish within ${Math.round(timeoutMs / 1e3)} s (input \`${code2}-timeout\`)`,
        {
          side,
          output: failureExcerpt(result.output.toString())
        }
      );
    }
    if (result.code !== 0) {
      throw new GateError(code2, `${code2} of ${side} (\`${command}\`) failed with exit code ${result.code}`, {
        side,
        output: failureExcerpt(result.output.toString())
      });
    }
    log.info(`${code2} ${side} took ${(result.durationMs / 1e3).toFixed(1)} s`);
  });
}
async function prepareTree(options) {
  const { side, root, dir, log } = options;
  if (!existsSync(dir)) {
    throw new GateError(
      "install",
      `the ${side} tree has no directory ${relative(root, dir) || "."} (input \`working-directory\`)`,
      { side }
    );
  }
  const plan = options.install === "skip" ? void 0 : options.install === "auto" ? detectInstall(root, dir) : { command: options.install, cwd: dir };
  if (plan) await step("install", side, plan.command, plan.cwd, options.installTimeoutMs, log);
  else log.info(`install ${side}: nothing to install`);
  if (options.build) await step("build", side, options.build, dir, options.buildTimeoutMs, log);
}

// src/io/load.ts
import { fileURLToPath } from "node:url";
var script = fileURLToPath(
  new URL(import.meta.url.endsWith(".ts") ? "../loadgen.ts" : "./loadgen.js", import.meta.url)
);
async function runLoad(spec, side, cpus) {
  const argv = [process.execPath, script, JSON.stringify(spec)];
  const [command, ...args] = cpus === void 0 ? argv : ["taskset", "-c", cpus, ...argv];
  const timeoutMs = (spec.warmupSec + spec.durationSec + spec.timeoutSec) * 1e3 + 15e3;
  const result = await runCommand(command, { cwd: process.cwd(), env: safeEnv(), args, timeoutMs });
  if (result.timedOut || result.code !== 0) {
    throw new GateError(
      "load",
      `the load generator failed against the ${side} server at ${spec.url} (${result.timedOut ? "timed out" : `exit code ${result.code}`})`,
      { side, output: result.output.lastLines(20) }
    );
  }
  const line = result.stdout.trim().split("\n").pop() ?? "";
  try {
    return JSON.parse(line);
  } catch (cause) {
    throw new GateError("load", `the load generator printed no result for ${spec.url}`, {
      side,
      output: result.output.lastLines(20),
      cause
    });
  }
}
var LoadGenerator = class {
  child;
  buffer = "";
  waiting;
  cpus;
  constructor(cpus) {
    this.cpus = cpus;
    const argv = [process.execPath, script, "--serve"];
    const [command, ...args] = cpus === void 0 ? argv : ["taskset", "-c", cpus, ...argv];
    this.child = new Child(command, {
      cwd: process.cwd(),
      env: safeEnv(),
      args,
      keepStdin: true,
      onStdout: (chunk) => {
        this.buffer += chunk;
        const newline = this.buffer.indexOf("\n");
        if (newline >= 0 && this.waiting) {
          const line = this.buffer.slice(0, newline);
          this.buffer = this.buffer.slice(newline + 1);
          const resolve6 = this.waiting;
          this.waiting = void 0;
          resolve6(line);
        }
      }
    });
  }
  async run(spec, side) {
    const timeoutMs = (spec.warmupSec + spec.durationSec + spec.timeoutSec) * 1e3 + 15e3;
    const line = new Promise((resolve6) => {
      this.waiting = resolve6;
    });
    this.child.write(`${JSON.stringify(spec)}
`);
    const failed = (why) => new GateError("load", `the load generator failed against the ${side} server at ${spec.url} (${why})`, {
      side,
      output: this.child.output.lastLines(20)
    });
    const outcome = await Promise.race([
      line,
      this.child.exited.then((exit) => ({ exit })),
      new Promise((resolve6) => setTimeout(() => resolve6("timeout"), timeoutMs).unref())
    ]);
    if (outcome === "timeout") {
      await this.stop();
      throw failed("timed out");
    }
    if (typeof outcome !== "string") throw failed(`exit code ${outcome.exit.code}`);
    const answer = JSON.parse(outcome);
    if (!answer.measurement) throw failed(answer.error ?? "no result");
    return answer.measurement;
  }
  get cpu() {
    return this.cpus;
  }
  async stop() {
    await this.child.stop(1e3);
  }
};

// src/io/server.ts
import { readdirSync as readdirSync2, readFileSync as readFileSync4, readlinkSync } from "node:fs";
import { request } from "node:http";
import { createServer, Socket } from "node:net";
import { setTimeout as sleep4 } from "node:timers/promises";
var HOSTS = ["127.0.0.1", "::1"];
async function freePort() {
  return new Promise((resolve6, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address !== null ? address.port : 0;
      server.close(() => resolve6(port));
    });
  });
}
function listening(host, port, timeoutMs = 500) {
  return new Promise((resolve6) => {
    const socket = new Socket();
    const done = (result) => {
      socket.destroy();
      resolve6(result);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once("connect", () => done(true));
    socket.once("error", () => done(false));
    socket.connect(port, host);
  });
}
function probe(host, port, path, timeoutMs = 1e3) {
  return new Promise((resolve6) => {
    const req = request({ host, port, path, method: "GET", timeout: timeoutMs, agent: false }, (res) => {
      res.resume();
      res.once("end", () => resolve6(res.statusCode));
      res.once("error", () => resolve6(res.statusCode));
    });
    req.once("timeout", () => req.destroy());
    req.once("error", () => resolve6(void 0));
    req.end();
  });
}
function describeExit(child) {
  const exit = child.exit;
  if (exit === void 0) return "is still running";
  return exit.signal !== null ? `was killed by ${exit.signal}` : `exited with code ${exit.code}`;
}
async function startServer(spec) {
  const port = spec.port ?? await freePort();
  if (spec.port !== void 0) await waitPortFree(spec.side, spec.port);
  const command = spec.wrap ? `${spec.wrap} ${spec.start}` : spec.start;
  const env = safeEnv({ NODE_ENV: "production", ...spec.env, PORT: String(port) });
  const child = new Child(command, {
    cwd: spec.cwd,
    env,
    ...spec.onOutput ? { onOutput: spec.onOutput } : {}
  });
  const deadline = Date.now() + spec.readyTimeoutMs;
  let host;
  while (host === void 0) {
    if (child.exit !== void 0) {
      await child.stop(500);
      throw new GateError(
        "server-start",
        `the ${spec.side} server \`${spec.start}\` ${describeExit(child)} before it answered GET ${spec.readyPath} on port ${port}`,
        { side: spec.side, output: child.output.lastLines(40) }
      );
    }
    if (Date.now() > deadline) {
      const hint = readyHint(spec.port, port, listeningSockets(processTree(child.pid)));
      await child.stop();
      throw new GateError(
        "server-start",
        `the ${spec.side} server \`${spec.start}\` did not answer GET ${spec.readyPath} on port ${port} within ${Math.round(spec.readyTimeoutMs / 1e3)} s.${hint}`,
        { side: spec.side, output: child.output.lastLines(40) }
      );
    }
    for (const candidate of HOSTS) {
      if (await probe(candidate, port, spec.readyPath) !== void 0) {
        host = candidate;
        break;
      }
    }
    if (host === void 0) await sleep4(100);
  }
  const origin = host.includes(":") ? `http://[${host}]:${port}` : `http://${host}:${port}`;
  return {
    side: spec.side,
    host,
    port,
    origin,
    child,
    assertAlive(during) {
      if (child.exit === void 0) return;
      throw new GateError(
        "server-crash",
        `the ${spec.side} server \`${spec.start}\` ${describeExit(child)} during ${during}`,
        {
          side: spec.side,
          output: child.output.lastLines(40)
        }
      );
    },
    async stop() {
      await child.stop();
    }
  };
}
function localAddress(hex) {
  if (hex.length === 8) return hex === "00000000" || hex.endsWith("7F");
  return hex === "0".repeat(32) || hex === `${"0".repeat(24)}01000000` || hex.startsWith(`${"0".repeat(16)}FFFF0000`) && localAddress(hex.slice(24));
}
function listeningSockets(pids) {
  const inodes = /* @__PURE__ */ new Set();
  for (const pid of pids) {
    let fds;
    try {
      fds = readdirSync2(`/proc/${pid}/fd`);
    } catch {
      continue;
    }
    for (const fd of fds) {
      try {
        const inode = /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${pid}/fd/${fd}`))?.[1];
        if (inode !== void 0) inodes.add(inode);
      } catch {
      }
    }
  }
  if (inodes.size === 0) return [];
  const found = [];
  for (const table of ["/proc/net/tcp", "/proc/net/tcp6"]) {
    let text;
    try {
      text = readFileSync4(table, "utf8");
    } catch {
      continue;
    }
    for (const line of text.split("\n").slice(1)) {
      const fields = line.trim().split(/\s+/);
      if (fields.length < 10 || fields[3] !== "0A" || !inodes.has(fields[9])) continue;
      const [address = "", portHex = ""] = fields[1].split(":");
      const port = Number.parseInt(portHex, 16);
      if (Number.isInteger(port) && port > 0) found.push({ port, local: localAddress(address) });
    }
  }
  return found;
}
function readyHint(fixed, port, sockets) {
  const given = fixed === void 0 ? `PORT=${port}` : `port ${port} (input \`port\`)`;
  const onPort = sockets.filter((s) => s.port === port);
  const others = [...new Set(sockets.filter((s) => s.port !== port).map((s) => s.port))].sort(
    (a, b) => a - b
  );
  if (onPort.length === 0 && others.length > 0) {
    const where2 = others.length === 1 ? `port ${others[0]}` : `ports ${others.join(", ")}`;
    return fixed === void 0 ? ` It listens on ${where2}, not on the ${given} it was given: make it listen on \`process.env.PORT\`, or set the \`port\` input to ${others.length === 1 ? others[0] : "the port it serves on"}.` : ` It listens on ${where2}, not on ${given}: set the \`port\` input to the port it serves on.`;
  }
  if (onPort.length > 0 && !onPort.some((s) => s.local)) {
    return ` It listens on port ${port} but not on localhost (127.0.0.1 or ::1): bind it to \`0.0.0.0\` or \`localhost\`.`;
  }
  if (onPort.length > 0) {
    return ` It accepts connections on port ${port} but gave no HTTP answer: check that GET on that path gets a response, or raise \`ready-timeout\` if it needs longer to get ready.`;
  }
  return fixed === void 0 ? ` It was given ${given} and opened no port: if it needs longer to start, raise \`ready-timeout\`; if it listens on a fixed port instead, set the \`port\` input to that port.` : ` It opened no port: check that it listens on ${given}, or raise \`ready-timeout\` if it needs longer to start.`;
}
async function waitPortFree(side, port) {
  const deadline = Date.now() + 5e3;
  for (; ; ) {
    let busy = false;
    for (const host of HOSTS) if (await listening(host, port)) busy = true;
    if (!busy) return;
    if (Date.now() > deadline)
      throw new GateError(
        "server-start",
        `port ${port} (input \`port\`) is already in use by another process before the ${side} server starts: stop that process or choose another port`,
        { side }
      );
    await sleep4(100);
  }
}

// src/profile/compare.ts
import { mkdirSync as mkdirSync4, readFileSync as readFileSync7, writeFileSync as writeFileSync3 } from "node:fs";
import { join as join8 } from "node:path";

// src/profile/diff.ts
function groupKey(f) {
  return `${f.fn}\0${f.file}`;
}
function matchFunctions(base, head) {
  const groups = /* @__PURE__ */ new Map();
  const group = (key) => {
    let g = groups.get(key);
    if (g === void 0) {
      g = { base: [], head: [] };
      groups.set(key, g);
    }
    return g;
  };
  for (const f of base) group(groupKey(f)).base.push(f);
  for (const f of head) group(groupKey(f)).head.push(f);
  const matching = { pairs: [], baseId: /* @__PURE__ */ new Map(), headId: /* @__PURE__ */ new Map() };
  const pair2 = (b, h) => {
    const id = h?.key ?? b.key;
    matching.pairs.push({ base: b, head: h, id });
    if (b) matching.baseId.set(b.key, id);
    if (h) matching.headId.set(h.key, id);
  };
  for (const g of groups.values()) {
    const headKeys = new Map(g.head.map((h) => [h.key, h]));
    const restBase = [];
    for (const b of g.base) {
      const h = headKeys.get(b.key);
      if (h) {
        pair2(b, h);
        headKeys.delete(b.key);
      } else restBase.push(b);
    }
    const restHead = [...headKeys.values()];
    const byLine = (a, b) => a.line - b.line || a.column - b.column;
    restBase.sort(byLine);
    restHead.sort(byLine);
    const n = Math.min(restBase.length, restHead.length);
    for (let i = 0; i < n; i++) pair2(restBase[i], restHead[i]);
    for (const b of restBase.slice(n)) pair2(b, void 0);
    for (const h of restHead.slice(n)) pair2(void 0, h);
  }
  return matching;
}
function grew(r) {
  return r.deltaSelf > 0 || r.deltaSelf === 0 && r.deltaTotal > 0;
}
function shrank(r) {
  return r.deltaSelf < 0 || r.deltaSelf === 0 && r.deltaTotal < 0;
}
function diffProfiles(base, head) {
  const { pairs } = matchFunctions(base.functions, head.functions);
  const rows = pairs.map(({ base: b, head: h }) => {
    const f = h ?? b;
    const row = {
      fn: f.fn,
      file: f.file,
      line: f.line,
      pseudo: f.pseudo,
      baseSelf: b?.selfShare ?? 0,
      headSelf: h?.selfShare ?? 0,
      baseTotal: b?.totalShare ?? 0,
      headTotal: h?.totalShare ?? 0,
      deltaSelf: (h?.selfShare ?? 0) - (b?.selfShare ?? 0),
      deltaTotal: (h?.totalShare ?? 0) - (b?.totalShare ?? 0)
    };
    if (b && h && b.line !== h.line) row.baseLine = b.line;
    return row;
  });
  const order = (a, b) => b.deltaSelf - a.deltaSelf || b.deltaTotal - a.deltaTotal || a.fn.localeCompare(b.fn) || a.file.localeCompare(b.file) || a.line - b.line;
  rows.sort(order);
  return {
    rows,
    grown: rows.filter(grew),
    shrunk: rows.filter(shrank).reverse(),
    base: { samples: base.samples, busy: base.busy },
    head: { samples: head.samples, busy: head.busy }
  };
}
function changeZ(row, diff) {
  const nb = diff.base.busy;
  const nh = diff.head.busy;
  if (nb === 0 || nh === 0) return 0;
  const pooled = (row.baseSelf * nb + row.headSelf * nh) / (nb + nh);
  const se = Math.sqrt(pooled * (1 - pooled) * (1 / nb + 1 / nh));
  if (se === 0) return row.deltaSelf === 0 ? 0 : Math.sign(row.deltaSelf) * Number.POSITIVE_INFINITY;
  return row.deltaSelf / se;
}
function buildTree(profile, idOf) {
  const root = {
    id: "",
    frame: { key: "", fn: "all busy samples", file: "", line: 0, column: 0, pseudo: true },
    total: 0,
    self: 0,
    children: /* @__PURE__ */ new Map()
  };
  for (const stack of profile.stacks) {
    let node = root;
    node.total += stack.count;
    for (const frame of stack.frames) {
      const id = idOf.get(frame.key) ?? frame.key;
      let child = node.children.get(id);
      if (child === void 0) {
        child = { id, frame, total: 0, self: 0, children: /* @__PURE__ */ new Map() };
        node.children.set(id, child);
      }
      child.total += stack.count;
      node = child;
    }
    node.self += stack.count;
  }
  return root;
}
function escapeHtml(text) {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c
  );
}
function pct(share) {
  const p = share * 100;
  if (p === 0) return "0%";
  if (p < 0.1) return "<0.1%";
  return p >= 10 ? `${p.toFixed(0)}%` : `${p.toFixed(1)}%`;
}
function colour(delta, scale) {
  const t = Math.min(1, Math.abs(delta) / scale);
  if (Math.abs(delta) < 1e-3 || t < 0.02) return "hsl(40,12%,86%)";
  const light = Math.round(90 - 42 * Math.sqrt(t));
  return delta > 0 ? `hsl(0,80%,${light}%)` : `hsl(214,80%,${light}%)`;
}
function location(frame) {
  if (frame.file === "") return "";
  return frame.line > 0 ? `${frame.file}:${frame.line}` : frame.file;
}
function diffFlameGraphHtml(base, head, shape, options = {}) {
  const matching = matchFunctions(base.functions, head.functions);
  const trees = { base: buildTree(base, matching.baseId), head: buildTree(head, matching.headId) };
  const busy = { base: base.busy, head: head.busy };
  const other = shape === "head" ? "base" : "head";
  const width = options.width ?? 1200;
  const rowHeight = 18;
  const maxDepth = 120;
  const minWidth = 0.4;
  const boxes = [];
  const shareOf = (node, side, field) => node === void 0 || busy[side] === 0 ? 0 : node[field] / busy[side];
  const delta = (box) => {
    const drawnSelf = shareOf(box.node, shape, "self");
    const otherSelf = shareOf(box.counterpart, other, "self");
    return shape === "head" ? drawnSelf - otherSelf : otherSelf - drawnSelf;
  };
  const walk = (node, counterpart, x, depth2) => {
    const w = busy[shape] === 0 ? 0 : node.total / busy[shape] * width;
    if (w < minWidth || depth2 > maxDepth) return;
    boxes.push({ node, counterpart, x, w, depth: depth2 });
    let cx = x;
    const children = [...node.children.values()].sort(
      (a, b) => a.frame.fn.localeCompare(b.frame.fn) || a.id.localeCompare(b.id)
    );
    for (const child of children) {
      walk(child, counterpart?.children.get(child.id), cx, depth2 + 1);
      cx += busy[shape] === 0 ? 0 : child.total / busy[shape] * width;
    }
  };
  walk(trees[shape], trees[other], 0, 0);
  const scale = Math.max(0.01, ...boxes.slice(1).map((b) => Math.abs(delta(b))));
  const depth = boxes.reduce((m, b) => Math.max(m, b.depth), 0);
  const height = (depth + 1) * rowHeight;
  const parts = [];
  for (const box of boxes) {
    const { node, counterpart } = box;
    const isRoot = box.depth === 0;
    const name = isRoot ? `all busy samples (${busy[shape]} on ${shape})` : node.frame.fn;
    const where2 = location(node.frame);
    const baseNode = shape === "base" ? node : counterpart;
    const headNode = shape === "head" ? node : counterpart;
    const tip = [
      where2 === "" ? name : `${name} \u2014 ${where2}`,
      `base: ${pct(shareOf(baseNode, "base", "total"))} of busy samples (self ${pct(shareOf(baseNode, "base", "self"))})`,
      `head: ${pct(shareOf(headNode, "head", "total"))} of busy samples (self ${pct(shareOf(headNode, "head", "self"))})`
    ].join("\n");
    const fill = isRoot ? "hsl(40,12%,80%)" : colour(delta(box), scale);
    const y = box.depth * rowHeight;
    const chars = Math.floor((box.w - 6) / 6.6);
    const label = chars < 3 ? "" : name.length <= chars ? name : `${name.slice(0, Math.max(1, chars - 1))}\u2026`;
    parts.push(
      `<g><title>${escapeHtml(tip)}</title><rect x="${box.x.toFixed(1)}" y="${y}" width="${box.w.toFixed(1)}" height="${rowHeight - 1}" fill="${fill}" rx="2"/>${label === "" ? "" : `<text x="${(box.x + 3).toFixed(1)}" y="${y + rowHeight - 5}">${escapeHtml(label)}</text>`}</g>`
    );
  }
  const title = options.title ?? (shape === "head" ? "perf-gate: head profile, coloured by change from base" : "perf-gate: base profile, coloured by change on head");
  const explain = shape === "head" ? "Head's call tree. Width: share of head's busy CPU samples." : "Base's call tree (work that head no longer does shows here). Width: share of base's busy CPU samples.";
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'">
<title>${escapeHtml(title)}</title>
<style>
body{font:13px/1.4 system-ui,sans-serif;margin:16px;color:#222}
svg{display:block;font:11px ui-monospace,monospace}
svg text{pointer-events:none;fill:#111}
svg g:hover rect{stroke:#000;stroke-width:.8}
#details{white-space:pre;min-height:3.2em;margin:8px 0;font:12px ui-monospace,monospace}
.key{display:inline-block;width:12px;height:12px;vertical-align:middle;border-radius:2px}
</style></head><body>
<h1 style="font-size:16px;margin:0 0 4px">${escapeHtml(title)}</h1>
<p style="margin:0">${escapeHtml(explain)} Colour: change of the share spent in the function itself on the same call path,
<span class="key" style="background:hsl(0,80%,55%)"></span> more on head,
<span class="key" style="background:hsl(214,80%,55%)"></span> less on head,
<span class="key" style="background:hsl(40,12%,86%)"></span> about the same. Base: ${base.busy} busy samples; head: ${head.busy}.</p>
<div id="details">Point at a frame for details.</div>
<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
${parts.join("\n")}
</svg>
<script>
const details = document.getElementById('details');
for (const g of document.querySelectorAll('svg g')) {
  g.addEventListener('mouseenter', () => { details.textContent = g.querySelector('title').textContent; });
}
</script>
</body></html>
`;
}

// src/profile/install.ts
import { createHash } from "node:crypto";
import { existsSync as existsSync2, mkdirSync as mkdirSync2, readFileSync as readFileSync5, renameSync as renameSync2, rmSync, writeFileSync as writeFileSync2 } from "node:fs";
import { tmpdir as tmpdir3 } from "node:os";
import { dirname as dirname3, join as join6, resolve as resolve3 } from "node:path";

// src/profile/zerox-lock.json
var zerox_lock_default = {
  "//": "0x pinned for perf-gate profiling: package.json and its lockfile (npm install --package-lock-only 0x@6.0.0), written to the cache directory and installed with npm ci.",
  packageJson: {
    name: "perf-gate-0x",
    version: "1.0.0",
    private: true,
    dependencies: {
      "0x": "6.0.0"
    }
  },
  packageLock: {
    name: "perf-gate-0x",
    version: "1.0.0",
    lockfileVersion: 3,
    requires: true,
    packages: {
      "": {
        name: "perf-gate-0x",
        version: "1.0.0",
        dependencies: {
          "0x": "6.0.0"
        }
      },
      "node_modules/0x": {
        version: "6.0.0",
        integrity: "sha512-4JrGHSPTaoEL3MZiKYH5BlNv67X2F48FmR3dKJZOoR/Z1CLVtVOwUb/n4PMf7B+sP9RPz+X50EbIFuwtfYguRQ==",
        license: "MIT",
        dependencies: {
          ajv: "^8.8.2",
          browserify: "^17.0.0",
          "concat-stream": "^2.0.0",
          "d3-fg": "^6.14.0",
          debounce: "^1.2.0",
          debug: "^4.1.1",
          "end-of-stream": "^1.1.0",
          "env-string": "^1.0.0",
          "escape-string-regexp": "^4.0.0",
          execspawn: "^1.0.1",
          "fs-extra": "^10.1.0",
          "has-unicode": "^2.0.1",
          "hsl-to-rgb-for-reals": "^1.1.0",
          jsonstream2: "^3.0.0",
          "make-dir": "^3.1.0",
          minimist: "^1.2.0",
          morphdom: "^2.3.3",
          nanohtml: "^1.4.0",
          "on-net-listen": "^1.1.0",
          opn: "^5.4.0",
          pump: "^3.0.0",
          pumpify: "^2.0.1",
          semver: "^7.3.5",
          "single-line-log": "^1.0.1",
          split2: "^4.0.0",
          tachyons: "^4.9.1",
          through2: "^4.0.0",
          which: "^2.0.2"
        },
        bin: {
          "0x": "cmd.js"
        },
        engines: {
          node: ">=8.5.0"
        }
      },
      "node_modules/acorn": {
        version: "7.4.1",
        integrity: "sha512-nQyp0o1/mNdbTO1PO6kHkwSrmgZ0MT/jCCpNiwbUjGoRN4dlBhqJtoQuCnEOKzgTVwg0ZWiCoQy6SxMebQVh8A==",
        license: "MIT",
        bin: {
          acorn: "bin/acorn"
        },
        engines: {
          node: ">=0.4.0"
        }
      },
      "node_modules/acorn-node": {
        version: "1.8.2",
        integrity: "sha512-8mt+fslDufLYntIoPAaIMUe/lrbrehIiwmR3t2k9LljIzoigEPF27eLk2hy8zSGzmR/ogr7zbRKINMo1u0yh5A==",
        license: "Apache-2.0",
        dependencies: {
          acorn: "^7.0.0",
          "acorn-walk": "^7.0.0",
          xtend: "^4.0.2"
        }
      },
      "node_modules/acorn-walk": {
        version: "7.2.0",
        integrity: "sha512-OPdCF6GsMIP+Az+aWfAAOEt2/+iVDKE7oy6lJ098aoe59oAmK76qV6Gw60SbZ8jHuG2wH058GF4pLFbYamYrVA==",
        license: "MIT",
        engines: {
          node: ">=0.4.0"
        }
      },
      "node_modules/ajv": {
        version: "8.20.0",
        integrity: "sha512-Thbli+OlOj+iMPYFBVBfJ3OmCAnaSyNn4M1vz9T6Gka5Jt9ba/HIR56joy65tY6kx/FCF5VXNB819Y7/GUrBGA==",
        license: "MIT",
        dependencies: {
          "fast-deep-equal": "^3.1.3",
          "fast-uri": "^3.0.1",
          "json-schema-traverse": "^1.0.0",
          "require-from-string": "^2.0.2"
        },
        funding: {
          type: "github",
          url: "https://github.com/sponsors/epoberezkin"
        }
      },
      "node_modules/ansi-regex": {
        version: "2.1.1",
        integrity: "sha512-TIGnTpdo+E3+pCyAluZvtED5p5wCqLdezCyhPZzKPcxvFplEt4i+W7OONCKgeZFT3+y5NZZfOOS/Bdcanm1MYA==",
        license: "MIT",
        engines: {
          node: ">=0.10.0"
        }
      },
      "node_modules/ansi-styles": {
        version: "2.2.1",
        integrity: "sha512-kmCevFghRiWM7HB5zTPULl4r9bVFSWjz62MhqizDGUrq2NWuNMQyuv4tHHoKJHs69M/MF64lEcHdYIocrdWQYA==",
        license: "MIT",
        engines: {
          node: ">=0.10.0"
        }
      },
      "node_modules/asn1.js": {
        version: "4.10.1",
        integrity: "sha512-p32cOF5q0Zqs9uBiONKYLm6BClCoBCM5O9JfeUSlnQLBTxYdTK+pW+nXflm8UkKd2UYlEbYz5qEi0JuZR9ckSw==",
        license: "MIT",
        dependencies: {
          "bn.js": "^4.0.0",
          inherits: "^2.0.1",
          "minimalistic-assert": "^1.0.0"
        }
      },
      "node_modules/asn1.js/node_modules/bn.js": {
        version: "4.12.5",
        integrity: "sha512-3aRg6/JxfffFD+OlOjOFR3Vo79l39ooBTFucxx+MT3dhCtzn3EmiUPQo+6/OZuI2jbXi3YKgmiTFBgChQMwIRQ==",
        license: "MIT"
      },
      "node_modules/assert": {
        version: "1.5.1",
        integrity: "sha512-zzw1uCAgLbsKwBfFc8CX78DDg+xZeBksSO3vwVIDDN5i94eOrPsSSyiVhmsSABFDM/OcpE2aagCat9dnWQLG1A==",
        license: "MIT",
        dependencies: {
          "object.assign": "^4.1.4",
          util: "^0.10.4"
        }
      },
      "node_modules/assert/node_modules/inherits": {
        version: "2.0.3",
        integrity: "sha512-x00IRNXNy63jwGkJmzPigoySHbaqpNuzKbBOmzK+g2OdZpQ9w+sxCN+VSB3ja7IAge2OP2qpfxTjeNcyjmW1uw==",
        license: "ISC"
      },
      "node_modules/assert/node_modules/util": {
        version: "0.10.4",
        integrity: "sha512-0Pm9hTQ3se5ll1XihRic3FDIku70C+iHUdT/W926rSgHV5QgXsYbKZN8MSC3tJtSkhuROzvsQjAaFENRXr+19A==",
        license: "MIT",
        dependencies: {
          inherits: "2.0.3"
        }
      },
      "node_modules/async-function": {
        version: "1.0.0",
        integrity: "sha512-hsU18Ae8CDTR6Kgu9DYf0EbCr/a5iGL0rytQDobUcdpYOKokk8LEjVphnXkDkgpi0wYVsqrXuP0bZxJaTqdgoA==",
        license: "MIT",
        engines: {
          node: ">= 0.4"
        }
      },
      "node_modules/async-generator-function": {
        version: "1.0.0",
        integrity: "sha512-+NAXNqgCrB95ya4Sr66i1CL2hqLVckAk7xwRYWdcm39/ELQ6YNn1aw5r0bdQtqNZgQpEWzc5yc/igXc7aL5SLA==",
        license: "MIT",
        engines: {
          node: ">= 0.4"
        }
      },
      "node_modules/available-typed-arrays": {
        version: "1.0.7",
        integrity: "sha512-wvUjBtSGN7+7SjNpq/9M2Tg350UZD3q62IFZLbRAR1bSMlCo1ZaeW+BJ+D090e4hIIZLBcTDWe4Mh4jvUDajzQ==",
        license: "MIT",
        dependencies: {
          "possible-typed-array-names": "^1.0.0"
        },
        engines: {
          node: ">= 0.4"
        },
        funding: {
          url: "https://github.com/sponsors/ljharb"
        }
      },
      "node_modules/balanced-match": {
        version: "1.0.2",
        integrity: "sha512-3oSeUO0TMV67hN1AmbXsK4yaqU7tjiHlbxRDZOpH0KW9+CeX4bRAaX0Anxt0tx2MrpRpWwQaPwIlISEJhYU5Pw==",
        license: "MIT"
      },
      "node_modules/base64-js": {
        version: "1.5.1",
        integrity: "sha512-AKpaYlHn8t4SVbOHCy+b5+KKgvR4vrsD8vbvrbiQJps7fKDTkjkDry6ji0rUJjC0kzbNePLwzxq8iypo41qeWA==",
        funding: [
          {
            type: "github",
            url: "https://github.com/sponsors/feross"
          },
          {
            type: "patreon",
            url: "https://www.patreon.com/feross"
          },
          {
            type: "consulting",
            url: "https://feross.org/support"
          }
        ],
        license: "MIT"
      },
      "node_modules/bn.js": {
        version: "5.2.5",
        integrity: "sha512-Vq886eXykuP5E6HcKSSStP3bJgrE6In5WKxVUvJ8XGpWWYs2xZHWqUwzCtGgEtBcxyd57KBFDPFoUfNzdaHCNg==",
        license: "MIT"
      },
      "node_modules/brace-expansion": {
        version: "1.1.22",
        integrity: "sha512-CKLDTuSsN0+r1ThM0WkzzBI7dnPI6xEGfa/JnVYIK9JNBA1N1NyPwXVHor//NKD/y3sDxp764sZdLhFK7pH8XQ==",
        license: "MIT",
        dependencies: {
          "balanced-match": "^1.0.0",
          "concat-map": "0.0.1"
        }
      },
      "node_modules/brorand": {
        version: "1.1.0",
        integrity: "sha512-cKV8tMCEpQs4hK/ik71d6LrPOnpkpGBR0wzxqr68g2m/LB2GxVYQroAjMJZRVM1Y4BCjCKc3vAamxSzOY2RP+w==",
        license: "MIT"
      },
      "node_modules/browser-pack": {
        version: "6.1.0",
        integrity: "sha512-erYug8XoqzU3IfcU8fUgyHqyOXqIE4tUTTQ+7mqUjQlvnXkOO6OlT9c/ZoJVHYoAaqGxr09CN53G7XIsO4KtWA==",
        license: "MIT",
        dependencies: {
          "combine-source-map": "~0.8.0",
          defined: "^1.0.0",
          JSONStream: "^1.0.3",
          "safe-buffer": "^5.1.1",
          through2: "^2.0.0",
          umd: "^3.0.0"
        },
        bin: {
          "browser-pack": "bin/cmd.js"
        }
      },
      "node_modules/browser-pack/node_modules/through2": {
        version: "2.0.5",
        integrity: "sha512-/mrRod8xqpA+IHSLyGCQ2s8SPHiCDEeQJSep1jqLYeEUClOFG2Qsh+4FU6G9VeqpZnGW/Su8LQGc4YKni5rYSQ==",
        license: "MIT",
        dependencies: {
          "readable-stream": "~2.3.6",
          xtend: "~4.0.1"
        }
      },
      "node_modules/browser-process-hrtime": {
        version: "0.1.3",
        integrity: "sha512-bRFnI4NnjO6cnyLmOV/7PVoDEMJChlcfN0z4s1YMBY989/SvlfMI1lgCnkFUs53e9gQF+w7qu7XdllSTiSl8Aw==",
        license: "BSD-2-Clause"
      },
      "node_modules/browser-resolve": {
        version: "2.0.0",
        integrity: "sha512-7sWsQlYL2rGLy2IWm8WL8DCTJvYLc/qlOnsakDac87SOoCd16WLsaAMdCiAqsTNHIe+SXfaqyxyo6THoWqs8WQ==",
        license: "MIT",
        dependencies: {
          resolve: "^1.17.0"
        }
      },
      "node_modules/browserify": {
        version: "17.0.1",
        integrity: "sha512-pxhT00W3ylMhCHwG5yfqtZjNnFuX5h2IJdaBfSo4ChaaBsIp9VLrEMQ1bHV+Xr1uLPXuNDDM1GlJkjli0qkRsw==",
        license: "MIT",
        dependencies: {
          assert: "^1.4.0",
          "browser-pack": "^6.0.1",
          "browser-resolve": "^2.0.0",
          "browserify-zlib": "~0.2.0",
          buffer: "~5.2.1",
          "cached-path-relative": "^1.0.0",
          "concat-stream": "^1.6.0",
          "console-browserify": "^1.1.0",
          "constants-browserify": "~1.0.0",
          "crypto-browserify": "^3.0.0",
          defined: "^1.0.0",
          "deps-sort": "^2.0.1",
          "domain-browser": "^1.2.0",
          duplexer2: "~0.1.2",
          events: "^3.0.0",
          glob: "^7.1.0",
          hasown: "^2.0.0",
          htmlescape: "^1.1.0",
          "https-browserify": "^1.0.0",
          inherits: "~2.0.1",
          "insert-module-globals": "^7.2.1",
          JSONStream: "^1.0.3",
          "labeled-stream-splicer": "^2.0.0",
          "mkdirp-classic": "^0.5.2",
          "module-deps": "^6.2.3",
          "os-browserify": "~0.3.0",
          parents: "^1.0.1",
          "path-browserify": "^1.0.0",
          process: "~0.11.0",
          punycode: "^1.3.2",
          "querystring-es3": "~0.2.0",
          "read-only-stream": "^2.0.0",
          "readable-stream": "^2.0.2",
          resolve: "^1.1.4",
          "shasum-object": "^1.0.0",
          "shell-quote": "^1.6.1",
          "stream-browserify": "^3.0.0",
          "stream-http": "^3.0.0",
          string_decoder: "^1.1.1",
          subarg: "^1.0.0",
          "syntax-error": "^1.1.1",
          through2: "^2.0.0",
          "timers-browserify": "^1.0.1",
          "tty-browserify": "0.0.1",
          url: "~0.11.0",
          util: "~0.12.0",
          "vm-browserify": "^1.0.0",
          xtend: "^4.0.0"
        },
        bin: {
          browserify: "bin/cmd.js"
        },
        engines: {
          node: ">= 0.8"
        }
      },
      "node_modules/browserify-aes": {
        version: "1.2.0",
        integrity: "sha512-+7CHXqGuspUn/Sl5aO7Ea0xWGAtETPXNSAjHo48JfLdPWcMng33Xe4znFvQweqc/uzk5zSOI3H52CYnjCfb5hA==",
        license: "MIT",
        dependencies: {
          "buffer-xor": "^1.0.3",
          "cipher-base": "^1.0.0",
          "create-hash": "^1.1.0",
          evp_bytestokey: "^1.0.3",
          inherits: "^2.0.1",
          "safe-buffer": "^5.0.1"
        }
      },
      "node_modules/browserify-cipher": {
        version: "1.0.1",
        integrity: "sha512-sPhkz0ARKbf4rRQt2hTpAHqn47X3llLkUGn+xEJzLjwY8LRs2p0v7ljvI5EyoRO/mexrNunNECisZs+gw2zz1w==",
        license: "MIT",
        dependencies: {
          "browserify-aes": "^1.0.4",
          "browserify-des": "^1.0.0",
          evp_bytestokey: "^1.0.0"
        }
      },
      "node_modules/browserify-des": {
        version: "1.0.2",
        integrity: "sha512-BioO1xf3hFwz4kc6iBhI3ieDFompMhrMlnDFC4/0/vd5MokpuAc3R+LYbwTA9A5Yc9pq9UYPqffKpW2ObuwX5A==",
        license: "MIT",
        dependencies: {
          "cipher-base": "^1.0.1",
          "des.js": "^1.0.0",
          inherits: "^2.0.1",
          "safe-buffer": "^5.1.2"
        }
      },
      "node_modules/browserify-rsa": {
        version: "4.1.1",
        integrity: "sha512-YBjSAiTqM04ZVei6sXighu679a3SqWORA3qZTEqZImnlkDIFtKc6pNutpjyZ8RJTjQtuYfeetkxM11GwoYXMIQ==",
        license: "MIT",
        dependencies: {
          "bn.js": "^5.2.1",
          randombytes: "^2.1.0",
          "safe-buffer": "^5.2.1"
        },
        engines: {
          node: ">= 0.10"
        }
      },
      "node_modules/browserify-sign": {
        version: "4.2.6",
        integrity: "sha512-sd+Q65fjlWCYWtZKXiKfrUc8d+4jtp/8f0W2NkwzLtoW4bI6UDnWusLWIurHnmurW0XShIRxpwiOX4EoPtXUAg==",
        license: "ISC",
        dependencies: {
          "bn.js": "^5.2.3",
          "browserify-rsa": "^4.1.1",
          "create-hash": "^1.2.0",
          "create-hmac": "^1.1.7",
          elliptic: "^6.6.1",
          inherits: "^2.0.4",
          "parse-asn1": "^5.1.9",
          "readable-stream": "^2.3.8",
          "safe-buffer": "^5.2.1"
        },
        engines: {
          node: ">= 0.10"
        }
      },
      "node_modules/browserify-zlib": {
        version: "0.2.0",
        integrity: "sha512-Z942RysHXmJrhqk88FmKBVq/v5tqmSkDz7p54G/MGyjMnCFFnC79XWNbg+Vta8W6Wb2qtSZTSxIGkJrRpCFEiA==",
        license: "MIT",
        dependencies: {
          pako: "~1.0.5"
        }
      },
      "node_modules/browserify/node_modules/concat-stream": {
        version: "1.6.2",
        integrity: "sha512-27HBghJxjiZtIk3Ycvn/4kbJk/1uZuJFfuPEns6LaEvpvG1f0hTea8lilrouyo9mVc2GWdcEZ8OLoGmSADlrCw==",
        engines: ["node >= 0.8"],
        license: "MIT",
        dependencies: {
          "buffer-from": "^1.0.0",
          inherits: "^2.0.3",
          "readable-stream": "^2.2.2",
          typedarray: "^0.0.6"
        }
      },
      "node_modules/browserify/node_modules/through2": {
        version: "2.0.5",
        integrity: "sha512-/mrRod8xqpA+IHSLyGCQ2s8SPHiCDEeQJSep1jqLYeEUClOFG2Qsh+4FU6G9VeqpZnGW/Su8LQGc4YKni5rYSQ==",
        license: "MIT",
        dependencies: {
          "readable-stream": "~2.3.6",
          xtend: "~4.0.1"
        }
      },
      "node_modules/buffer": {
        version: "5.2.1",
        integrity: "sha512-c+Ko0loDaFfuPWiL02ls9Xd3GO3cPVmUobQ6t3rXNUk304u6hGq+8N/kFi+QEIKhzK3uwolVhLzszmfLmMLnqg==",
        license: "MIT",
        dependencies: {
          "base64-js": "^1.0.2",
          ieee754: "^1.1.4"
        }
      },
      "node_modules/buffer-from": {
        version: "1.1.2",
        integrity: "sha512-E+XQCRwSbaaiChtv6k6Dwgc+bx+Bs6vuKJHHl5kox/BaKbhiXzqQOwK4cO22yElGp2OCmjwVhT3HmxgyPGnJfQ==",
        license: "MIT"
      },
      "node_modules/buffer-xor": {
        version: "1.0.3",
        integrity: "sha512-571s0T7nZWK6vB67HI5dyUF7wXiNcfaPPPTl6zYCNApANjIvYJTg7hlud/+cJpdAhS7dVzqMLmfhfHR3rAcOjQ==",
        license: "MIT"
      },
      "node_modules/builtin-status-codes": {
        version: "3.0.0",
        integrity: "sha512-HpGFw18DgFWlncDfjTa2rcQ4W88O1mC8e8yZ2AvQY5KDaktSTwo+KRf6nHK6FRI5FyRyb/5T6+TSxfP7QyGsmQ==",
        license: "MIT"
      },
      "node_modules/cached-path-relative": {
        version: "1.1.0",
        integrity: "sha512-WF0LihfemtesFcJgO7xfOoOcnWzY/QHR4qeDqV44jPU3HTI54+LnfXK3SA27AVVGCdZFgjjFFaqUA9Jx7dMJZA==",
        license: "MIT"
      },
      "node_modules/call-bind": {
        version: "1.0.9",
        integrity: "sha512-a/hy+pNsFUTR+Iz8TCJvXudKVLAnz/DyeSUo10I5yvFDQJBFU2s9uqQpoSrJlroHUKoKqzg+epxyP9lqFdzfBQ==",
        license: "MIT",
        dependencies: {
          "call-bind-apply-helpers": "^1.0.2",
          "es-define-property": "^1.0.1",
          "get-intrinsic": "^1.3.0",
          "set-function-length": "^1.2.2"
        },
        engines: {
          node: ">= 0.4"
        },
        funding: {
          url: "https://github.com/sponsors/ljharb"
        }
      },
      "node_modules/call-bind-apply-helpers": {
        version: "1.0.2",
        integrity: "sha512-Sp1ablJ0ivDkSzjcaJdxEunN5/XvksFJ2sMBFfq6x0ryhQV/2b/KwFe21cMpmHtPOSij8K99/wSfoEuTObmuMQ==",
        license: "MIT",
        dependencies: {
          "es-errors": "^1.3.0",
          "function-bind": "^1.1.2"
        },
        engines: {
          node: ">= 0.4"
        }
      },
      "node_modules/call-bound": {
        version: "1.0.4",
        integrity: "sha512-+ys997U96po4Kx/ABpBCqhA9EuxJaQWDQg7295H4hBphv3IZg0boBKuwYpt4YXp6MZ5AmZQnU/tyMTlRpaSejg==",
        license: "MIT",
        dependencies: {
          "call-bind-apply-helpers": "^1.0.2",
          "get-intrinsic": "^1.3.0"
        },
        engines: {
          node: ">= 0.4"
        },
        funding: {
          url: "https://github.com/sponsors/ljharb"
        }
      },
      "node_modules/camel-case": {
        version: "3.0.0",
        integrity: "sha512-+MbKztAYHXPr1jNTSKQF52VpcFjwY5RkR7fxksV8Doo4KAYc5Fl4UJRgthBbTmEx8C54DqahhbLJkDwjI3PI/w==",
        license: "MIT",
        dependencies: {
          "no-case": "^2.2.0",
          "upper-case": "^1.1.1"
        }
      },
      "node_modules/chalk": {
        version: "1.1.3",
        integrity: "sha512-U3lRVLMSlsCfjqYPbLyVv11M9CPW4I728d6TCKMAOJueEeB9/8o+eSsMnxPJD+Q+K909sdESg7C+tIkoH6on1A==",
        license: "MIT",
        dependencies: {
          "ansi-styles": "^2.2.1",
          "escape-string-regexp": "^1.0.2",
          "has-ansi": "^2.0.0",
          "strip-ansi": "^3.0.0",
          "supports-color": "^2.0.0"
        },
        engines: {
          node: ">=0.10.0"
        }
      },
      "node_modules/chalk/node_modules/escape-string-regexp": {
        version: "1.0.5",
        integrity: "sha512-vbRorB5FUQWvla16U8R/qgaFIya2qGzwDrNmCZuYKrbdSUMG6I1ZCGQRefkRVhuOkIGVne7BQ35DSfo1qvJqFg==",
        license: "MIT",
        engines: {
          node: ">=0.8.0"
        }
      },
      "node_modules/cipher-base": {
        version: "1.0.7",
        integrity: "sha512-Mz9QMT5fJe7bKI7MH31UilT5cEK5EHHRCccw/YRFsRY47AuNgaV6HY3rscp0/I4Q+tTW/5zoqpSeRRI54TkDWA==",
        license: "MIT",
        dependencies: {
          inherits: "^2.0.4",
          "safe-buffer": "^5.2.1",
          "to-buffer": "^1.2.2"
        },
        engines: {
          node: ">= 0.10"
        }
      },
      "node_modules/code-point-at": {
        version: "1.1.0",
        integrity: "sha512-RpAVKQA5T63xEj6/giIbUEtZwJ4UFIc3ZtvEkiaUERylqe8xb5IvqcgOurZLahv93CLKfxcw5YI+DZcUBRyLXA==",
        license: "MIT",
        engines: {
          node: ">=0.10.0"
        }
      },
      "node_modules/combine-source-map": {
        version: "0.8.0",
        integrity: "sha512-UlxQ9Vw0b/Bt/KYwCFqdEwsQ1eL8d1gibiFb7lxQJFdvTgc2hIZi6ugsg+kyhzhPV+QEpUiEIwInIAIrgoEkrg==",
        license: "MIT",
        dependencies: {
          "convert-source-map": "~1.1.0",
          "inline-source-map": "~0.6.0",
          "lodash.memoize": "~3.0.3",
          "source-map": "~0.5.3"
        }
      },
      "node_modules/concat-map": {
        version: "0.0.1",
        integrity: "sha512-/Srv4dswyQNBfohGpz9o6Yb3Gz3SrUDqBH5rTuhGR7ahtlbYKnVxw2bCFMRljaA7EXHaXZ8wsHdodFvbkhKmqg==",
        license: "MIT"
      },
      "node_modules/concat-stream": {
        version: "2.0.0",
        integrity: "sha512-MWufYdFw53ccGjCA+Ol7XJYpAlW6/prSMzuPOTRnJGcGzuhLn4Scrz7qf6o8bROZ514ltazcIFJZevcfbo0x7A==",
        engines: ["node >= 6.0"],
        license: "MIT",
        dependencies: {
          "buffer-from": "^1.0.0",
          inherits: "^2.0.3",
          "readable-stream": "^3.0.2",
          typedarray: "^0.0.6"
        }
      },
      "node_modules/concat-stream/node_modules/readable-stream": {
        version: "3.6.2",
        integrity: "sha512-9u/sniCrY3D5WdsERHzHE4G2YCXqoG5FTHUiCC4SIbr6XcLZBY05ya9EKjYek9O5xOAwjGq+1JdGBAS7Q9ScoA==",
        license: "MIT",
        dependencies: {
          inherits: "^2.0.3",
          string_decoder: "^1.1.1",
          "util-deprecate": "^1.0.1"
        },
        engines: {
          node: ">= 6"
        }
      },
      "node_modules/console-browserify": {
        version: "1.2.0",
        integrity: "sha512-ZMkYO/LkF17QvCPqM0gxw8yUzigAOZOSWSHg91FH6orS7vcEj5dVZTidN2fQ14yBSdg97RqhSNwLUXInd52OTA=="
      },
      "node_modules/constants-browserify": {
        version: "1.0.0",
        integrity: "sha512-xFxOwqIzR/e1k1gLiWEophSCMqXcwVHIH7akf7b/vxcUeGunlj3hvZaaqxwHsTgn+IndtkQJgSztIDWeumWJDQ==",
        license: "MIT"
      },
      "node_modules/convert-source-map": {
        version: "1.1.3",
        integrity: "sha512-Y8L5rp6jo+g9VEPgvqNfEopjTR4OTYct8lXlS8iVQdmnjDvbdbzYe9rjtFCB9egC86JoNCU61WRY+ScjkZpnIg==",
        license: "MIT"
      },
      "node_modules/core-util-is": {
        version: "1.0.3",
        integrity: "sha512-ZQBvi1DcpJ4GDqanjucZ2Hj3wEO5pZDS89BWbkcrvdxksJorwUDDZamX9ldFkp9aw2lmBDLgkObEA4DWNJ9FYQ==",
        license: "MIT"
      },
      "node_modules/create-ecdh": {
        version: "4.0.4",
        integrity: "sha512-mf+TCx8wWc9VpuxfP2ht0iSISLZnt0JgWlrOKZiNqyUZWnjIaCIVNQArMHnCZKfEYRg6IM7A+NeJoN8gf/Ws0A==",
        license: "MIT",
        dependencies: {
          "bn.js": "^4.1.0",
          elliptic: "^6.5.3"
        }
      },
      "node_modules/create-ecdh/node_modules/bn.js": {
        version: "4.12.5",
        integrity: "sha512-3aRg6/JxfffFD+OlOjOFR3Vo79l39ooBTFucxx+MT3dhCtzn3EmiUPQo+6/OZuI2jbXi3YKgmiTFBgChQMwIRQ==",
        license: "MIT"
      },
      "node_modules/create-hash": {
        version: "1.2.0",
        integrity: "sha512-z00bCGNHDG8mHAkP7CtT1qVu+bFQUPjYq/4Iv3C3kWjTFV10zIjfSoeqXo9Asws8gwSHDGj/hl2u4OGIjapeCg==",
        license: "MIT",
        dependencies: {
          "cipher-base": "^1.0.1",
          inherits: "^2.0.1",
          "md5.js": "^1.3.4",
          ripemd160: "^2.0.1",
          "sha.js": "^2.4.0"
        }
      },
      "node_modules/create-hmac": {
        version: "1.1.7",
        integrity: "sha512-MJG9liiZ+ogc4TzUwuvbER1JRdgvUFSB5+VR/g5h82fGaIRWMWddtKBHi7/sVhfjQZ6SehlyhvQYrcYkaUIpLg==",
        license: "MIT",
        dependencies: {
          "cipher-base": "^1.0.3",
          "create-hash": "^1.1.0",
          inherits: "^2.0.1",
          ripemd160: "^2.0.0",
          "safe-buffer": "^5.0.1",
          "sha.js": "^2.4.8"
        }
      },
      "node_modules/crypto-browserify": {
        version: "3.12.1",
        integrity: "sha512-r4ESw/IlusD17lgQi1O20Fa3qNnsckR126TdUuBgAu7GBYSIPvdNyONd3Zrxh0xCwA4+6w/TDArBPsMvhur+KQ==",
        license: "MIT",
        dependencies: {
          "browserify-cipher": "^1.0.1",
          "browserify-sign": "^4.2.3",
          "create-ecdh": "^4.0.4",
          "create-hash": "^1.2.0",
          "create-hmac": "^1.1.7",
          "diffie-hellman": "^5.0.3",
          "hash-base": "~3.0.4",
          inherits: "^2.0.4",
          pbkdf2: "^3.1.2",
          "public-encrypt": "^4.0.3",
          randombytes: "^2.1.0",
          randomfill: "^1.0.4"
        },
        engines: {
          node: ">= 0.10"
        },
        funding: {
          url: "https://github.com/sponsors/ljharb"
        }
      },
      "node_modules/d3-array": {
        version: "2.12.1",
        integrity: "sha512-B0ErZK/66mHtEsR1TkPEEkwdy+WDesimkM5gpZr5Dsg54BiTA5RXtYW5qTLIAcekaS9xfZrzBLF/OAkB3Qn1YQ==",
        license: "BSD-3-Clause",
        dependencies: {
          internmap: "^1.0.0"
        }
      },
      "node_modules/d3-color": {
        version: "2.0.0",
        integrity: "sha512-SPXi0TSKPD4g9tw0NMZFnR95XVgUZiBH+uUTqQuDu1OsE2zomHU7ho0FISciaPvosimixwHFl3WHLGabv6dDgQ==",
        license: "BSD-3-Clause"
      },
      "node_modules/d3-dispatch": {
        version: "1.0.6",
        integrity: "sha512-fVjoElzjhCEy+Hbn8KygnmMS7Or0a9sI2UzGwoB7cCtvI1XpVN9GpoYlnb3xt2YV66oXYb1fLJ8GMvP4hdU1RA==",
        license: "BSD-3-Clause"
      },
      "node_modules/d3-drag": {
        version: "1.2.5",
        integrity: "sha512-rD1ohlkKQwMZYkQlYVCrSFxsWPzI97+W+PaEIBNTMxRuxz9RF0Hi5nJWHGVJ3Om9d2fRTe1yOBINJyy/ahV95w==",
        license: "BSD-3-Clause",
        dependencies: {
          "d3-dispatch": "1",
          "d3-selection": "1"
        }
      },
      "node_modules/d3-ease": {
        version: "1.0.7",
        integrity: "sha512-lx14ZPYkhNx0s/2HX5sLFUI3mbasHjSSpwO/KaaNACweVwxUruKyWVcb293wMv1RqTPZyZ8kSZ2NogUZNcLOFQ==",
        license: "BSD-3-Clause"
      },
      "node_modules/d3-fg": {
        version: "6.14.0",
        integrity: "sha512-M4QpFZOEvAq4ZDzwabJp2inL+KXS85T2SQl00zWwjnolaCJR+gHxUbT7Ha4GxTeW1NXwzbykhv/38I1fxQqbyg==",
        license: "Apache-2.0",
        dependencies: {
          "d3-array": "^2.2.0",
          "d3-dispatch": "^1.0.5",
          "d3-ease": "^1.0.5",
          "d3-hierarchy": "^1.1.8",
          "d3-scale": "^3.0.0",
          "d3-selection": "^1.4.0",
          "d3-zoom": "^1.7.3",
          "escape-string-regexp": "^1.0.5",
          "hsl-to-rgb-for-reals": "^1.1.0"
        }
      },
      "node_modules/d3-fg/node_modules/escape-string-regexp": {
        version: "1.0.5",
        integrity: "sha512-vbRorB5FUQWvla16U8R/qgaFIya2qGzwDrNmCZuYKrbdSUMG6I1ZCGQRefkRVhuOkIGVne7BQ35DSfo1qvJqFg==",
        license: "MIT",
        engines: {
          node: ">=0.8.0"
        }
      },
      "node_modules/d3-format": {
        version: "2.0.0",
        integrity: "sha512-Ab3S6XuE/Q+flY96HXT0jOXcM4EAClYFnRGY5zsjRGNy6qCYrQsMffs7cV5Q9xejb35zxW5hf/guKw34kvIKsA==",
        license: "BSD-3-Clause"
      },
      "node_modules/d3-hierarchy": {
        version: "1.1.9",
        integrity: "sha512-j8tPxlqh1srJHAtxfvOUwKNYJkQuBFdM1+JAUfq6xqH5eAqf93L7oG1NVqDa4CpFZNvnNKtCYEUC8KY9yEn9lQ==",
        license: "BSD-3-Clause"
      },
      "node_modules/d3-interpolate": {
        version: "2.0.1",
        integrity: "sha512-c5UhwwTs/yybcmTpAVqwSFl6vrQ8JZJoT5F7xNFK9pymv5C0Ymcc9/LIJHtYIggg/yS9YHw8i8O8tgb9pupjeQ==",
        license: "BSD-3-Clause",
        dependencies: {
          "d3-color": "1 - 2"
        }
      },
      "node_modules/d3-scale": {
        version: "3.3.0",
        integrity: "sha512-1JGp44NQCt5d1g+Yy+GeOnZP7xHo0ii8zsQp6PGzd+C1/dl0KGsp9A7Mxwp+1D1o4unbTTxVdU/ZOIEBoeZPbQ==",
        license: "BSD-3-Clause",
        dependencies: {
          "d3-array": "^2.3.0",
          "d3-format": "1 - 2",
          "d3-interpolate": "1.2.0 - 2",
          "d3-time": "^2.1.1",
          "d3-time-format": "2 - 3"
        }
      },
      "node_modules/d3-selection": {
        version: "1.4.2",
        integrity: "sha512-SJ0BqYihzOjDnnlfyeHT0e30k0K1+5sR3d5fNueCNeuhZTnGw4M4o8mqJchSwgKMXCNFo+e2VTChiSJ0vYtXkg==",
        license: "BSD-3-Clause"
      },
      "node_modules/d3-time": {
        version: "2.1.1",
        integrity: "sha512-/eIQe/eR4kCQwq7yxi7z4c6qEXf2IYGcjoWB5OOQy4Tq9Uv39/947qlDcN2TLkiTzQWzvnsuYPB9TrWaNfipKQ==",
        license: "BSD-3-Clause",
        dependencies: {
          "d3-array": "2"
        }
      },
      "node_modules/d3-time-format": {
        version: "3.0.0",
        integrity: "sha512-UXJh6EKsHBTjopVqZBhFysQcoXSv/5yLONZvkQ5Kk3qbwiUYkdX17Xa1PT6U1ZWXGGfB1ey5L8dKMlFq2DO0Ag==",
        license: "BSD-3-Clause",
        dependencies: {
          "d3-time": "1 - 2"
        }
      },
      "node_modules/d3-timer": {
        version: "1.0.10",
        integrity: "sha512-B1JDm0XDaQC+uvo4DT79H0XmBskgS3l6Ve+1SBCfxgmtIb1AVrPIoqd+nPSv+loMX8szQ0sVUhGngL7D5QPiXw==",
        license: "BSD-3-Clause"
      },
      "node_modules/d3-transition": {
        version: "1.3.2",
        integrity: "sha512-sc0gRU4PFqZ47lPVHloMn9tlPcv8jxgOQg+0zjhfZXMQuvppjG6YuwdMBE0TuqCZjeJkLecku/l9R0JPcRhaDA==",
        license: "BSD-3-Clause",
        dependencies: {
          "d3-color": "1",
          "d3-dispatch": "1",
          "d3-ease": "1",
          "d3-interpolate": "1",
          "d3-selection": "^1.1.0",
          "d3-timer": "1"
        }
      },
      "node_modules/d3-transition/node_modules/d3-color": {
        version: "1.4.1",
        integrity: "sha512-p2sTHSLCJI2QKunbGb7ocOh7DgTAn8IrLx21QRc/BSnodXM4sv6aLQlnfpvehFMLZEfBc6g9pH9SWQccFYfJ9Q==",
        license: "BSD-3-Clause"
      },
      "node_modules/d3-transition/node_modules/d3-interpolate": {
        version: "1.4.0",
        integrity: "sha512-V9znK0zc3jOPV4VD2zZn0sDhZU3WAE2bmlxdIwwQPPzPjvyLkd8B3JUVdS1IDUFDkWZ72c9qnv1GK2ZagTZ8EA==",
        license: "BSD-3-Clause",
        dependencies: {
          "d3-color": "1"
        }
      },
      "node_modules/d3-zoom": {
        version: "1.8.3",
        integrity: "sha512-VoLXTK4wvy1a0JpH2Il+F2CiOhVu7VRXWF5M/LroMIh3/zBAC3WAt7QoIvPibOavVo20hN6/37vwAsdBejLyKQ==",
        license: "BSD-3-Clause",
        dependencies: {
          "d3-dispatch": "1",
          "d3-drag": "1",
          "d3-interpolate": "1",
          "d3-selection": "1",
          "d3-transition": "1"
        }
      },
      "node_modules/d3-zoom/node_modules/d3-color": {
        version: "1.4.1",
        integrity: "sha512-p2sTHSLCJI2QKunbGb7ocOh7DgTAn8IrLx21QRc/BSnodXM4sv6aLQlnfpvehFMLZEfBc6g9pH9SWQccFYfJ9Q==",
        license: "BSD-3-Clause"
      },
      "node_modules/d3-zoom/node_modules/d3-interpolate": {
        version: "1.4.0",
        integrity: "sha512-V9znK0zc3jOPV4VD2zZn0sDhZU3WAE2bmlxdIwwQPPzPjvyLkd8B3JUVdS1IDUFDkWZ72c9qnv1GK2ZagTZ8EA==",
        license: "BSD-3-Clause",
        dependencies: {
          "d3-color": "1"
        }
      },
      "node_modules/dash-ast": {
        version: "1.0.0",
        integrity: "sha512-Vy4dx7gquTeMcQR/hDkYLGUnwVil6vk4FOOct+djUnHOUWt+zJPJAaRIXaAFkPXtJjvlY7o3rfRu0/3hpnwoUA==",
        license: "Apache-2.0"
      },
      "node_modules/debounce": {
        version: "1.2.1",
        integrity: "sha512-XRRe6Glud4rd/ZGQfiV1ruXSfbvfJedlV9Y6zOlP+2K04vBYiJEte6stfFkCP03aMnY5tsipamumUjL14fofug==",
        license: "MIT"
      },
      "node_modules/debug": {
        version: "4.4.3",
        integrity: "sha512-RGwwWnwQvkVfavKVt22FGLw+xYSdzARwm0ru6DhTVA3umU5hZc28V3kO4stgYryrTlLpuvgI9GiijltAjNbcqA==",
        license: "MIT",
        dependencies: {
          ms: "^2.1.3"
        },
        engines: {
          node: ">=6.0"
        },
        peerDependenciesMeta: {
          "supports-color": {
            optional: true
          }
        }
      },
      "node_modules/define-data-property": {
        version: "1.1.4",
        integrity: "sha512-rBMvIzlpA8v6E+SJZoo++HAYqsLrkg7MSfIinMPFhmkorw7X+dOXVJQs+QT69zGkzMyfDnIMN2Wid1+NbL3T+A==",
        license: "MIT",
        dependencies: {
          "es-define-property": "^1.0.0",
          "es-errors": "^1.3.0",
          gopd: "^1.0.1"
        },
        engines: {
          node: ">= 0.4"
        },
        funding: {
          url: "https://github.com/sponsors/ljharb"
        }
      },
      "node_modules/define-properties": {
        version: "1.2.1",
        integrity: "sha512-8QmQKqEASLd5nx0U1B1okLElbUuuttJ/AnYmRXbbbGDWh6uS208EjD4Xqq/I9wK7u0v6O08XhTWnt5XtEbR6Dg==",
        license: "MIT",
        dependencies: {
          "define-data-property": "^1.0.1",
          "has-property-descriptors": "^1.0.0",
          "object-keys": "^1.1.1"
        },
        engines: {
          node: ">= 0.4"
        },
        funding: {
          url: "https://github.com/sponsors/ljharb"
        }
      },
      "node_modules/defined": {
        version: "1.0.1",
        integrity: "sha512-hsBd2qSVCRE+5PmNdHt1uzyrFu5d3RwmFDKzyNZMFq/EwDNJF7Ee5+D5oEKF0hU6LhtoUF1macFvOe4AskQC1Q==",
        license: "MIT",
        funding: {
          url: "https://github.com/sponsors/ljharb"
        }
      },
      "node_modules/deps-sort": {
        version: "2.0.1",
        integrity: "sha512-1orqXQr5po+3KI6kQb9A4jnXT1PBwggGl2d7Sq2xsnOeI9GPcE/tGcF9UiSZtZBM7MukY4cAh7MemS6tZYipfw==",
        license: "MIT",
        dependencies: {
          JSONStream: "^1.0.3",
          "shasum-object": "^1.0.0",
          subarg: "^1.0.0",
          through2: "^2.0.0"
        },
        bin: {
          "deps-sort": "bin/cmd.js"
        }
      },
      "node_modules/deps-sort/node_modules/through2": {
        version: "2.0.5",
        integrity: "sha512-/mrRod8xqpA+IHSLyGCQ2s8SPHiCDEeQJSep1jqLYeEUClOFG2Qsh+4FU6G9VeqpZnGW/Su8LQGc4YKni5rYSQ==",
        license: "MIT",
        dependencies: {
          "readable-stream": "~2.3.6",
          xtend: "~4.0.1"
        }
      },
      "node_modules/des.js": {
        version: "1.1.0",
        integrity: "sha512-r17GxjhUCjSRy8aiJpr8/UadFIzMzJGexI3Nmz4ADi9LYSFx4gTBp80+NaX/YsXWWLhpZ7v/v/ubEc/bCNfKwg==",
        license: "MIT",
        dependencies: {
          inherits: "^2.0.1",
          "minimalistic-assert": "^1.0.0"
        }
      },
      "node_modules/detective": {
        version: "5.2.1",
        integrity: "sha512-v9XE1zRnz1wRtgurGu0Bs8uHKFSTdteYZNbIPFVhUZ39L/S79ppMpdmVOZAnoz1jfEFodc48n6MX483Xo3t1yw==",
        license: "MIT",
        dependencies: {
          "acorn-node": "^1.8.2",
          defined: "^1.0.0",
          minimist: "^1.2.6"
        },
        bin: {
          detective: "bin/detective.js"
        },
        engines: {
          node: ">=0.8.0"
        }
      },
      "node_modules/diffie-hellman": {
        version: "5.0.3",
        integrity: "sha512-kqag/Nl+f3GwyK25fhUMYj81BUOrZ9IuJsjIcDE5icNM9FJHAVm3VcUDxdLPoQtTuUylWm6ZIknYJwwaPxsUzg==",
        license: "MIT",
        dependencies: {
          "bn.js": "^4.1.0",
          "miller-rabin": "^4.0.0",
          randombytes: "^2.0.0"
        }
      },
      "node_modules/diffie-hellman/node_modules/bn.js": {
        version: "4.12.5",
        integrity: "sha512-3aRg6/JxfffFD+OlOjOFR3Vo79l39ooBTFucxx+MT3dhCtzn3EmiUPQo+6/OZuI2jbXi3YKgmiTFBgChQMwIRQ==",
        license: "MIT"
      },
      "node_modules/domain-browser": {
        version: "1.2.0",
        integrity: "sha512-jnjyiM6eRyZl2H+W8Q/zLMA481hzi0eszAaBUzIVnmYVDBbnLxVNnfu1HgEBvCbL+71FrxMl3E6lpKH7Ge3OXA==",
        license: "MIT",
        engines: {
          node: ">=0.4",
          npm: ">=1.2"
        }
      },
      "node_modules/dunder-proto": {
        version: "1.0.1",
        integrity: "sha512-KIN/nDJBQRcXw0MLVhZE9iQHmG68qAVIBg9CqmUYjmQIhgij9U5MFvrqkUL5FbtyyzZuOeOt0zdeRe4UY7ct+A==",
        license: "MIT",
        dependencies: {
          "call-bind-apply-helpers": "^1.0.1",
          "es-errors": "^1.3.0",
          gopd: "^1.2.0"
        },
        engines: {
          node: ">= 0.4"
        }
      },
      "node_modules/duplexer2": {
        version: "0.1.4",
        integrity: "sha512-asLFVfWWtJ90ZyOUHMqk7/S2w2guQKxUI2itj3d92ADHhxUSbCMGi1f1cBcJ7xM1To+pE/Khbwo1yuNbMEPKeA==",
        license: "BSD-3-Clause",
        dependencies: {
          "readable-stream": "^2.0.2"
        }
      },
      "node_modules/duplexify": {
        version: "4.1.3",
        integrity: "sha512-M3BmBhwJRZsSx38lZyhE53Csddgzl5R7xGJNk7CVddZD6CcmwMCH8J+7AprIrQKH7TonKxaCjcv27Qmf+sQ+oA==",
        license: "MIT",
        dependencies: {
          "end-of-stream": "^1.4.1",
          inherits: "^2.0.3",
          "readable-stream": "^3.1.1",
          "stream-shift": "^1.0.2"
        }
      },
      "node_modules/duplexify/node_modules/readable-stream": {
        version: "3.6.2",
        integrity: "sha512-9u/sniCrY3D5WdsERHzHE4G2YCXqoG5FTHUiCC4SIbr6XcLZBY05ya9EKjYek9O5xOAwjGq+1JdGBAS7Q9ScoA==",
        license: "MIT",
        dependencies: {
          inherits: "^2.0.3",
          string_decoder: "^1.1.1",
          "util-deprecate": "^1.0.1"
        },
        engines: {
          node: ">= 6"
        }
      },
      "node_modules/elliptic": {
        version: "6.6.1",
        integrity: "sha512-RaddvvMatK2LJHqFJ+YA4WysVN5Ita9E35botqIYspQ4TkRAlCicdzKOjlyv/1Za5RyTNn7di//eEV0uTAfe3g==",
        license: "MIT",
        dependencies: {
          "bn.js": "^4.11.9",
          brorand: "^1.1.0",
          "hash.js": "^1.0.0",
          "hmac-drbg": "^1.0.1",
          inherits: "^2.0.4",
          "minimalistic-assert": "^1.0.1",
          "minimalistic-crypto-utils": "^1.0.1"
        }
      },
      "node_modules/elliptic/node_modules/bn.js": {
        version: "4.12.5",
        integrity: "sha512-3aRg6/JxfffFD+OlOjOFR3Vo79l39ooBTFucxx+MT3dhCtzn3EmiUPQo+6/OZuI2jbXi3YKgmiTFBgChQMwIRQ==",
        license: "MIT"
      },
      "node_modules/end-of-stream": {
        version: "1.4.5",
        integrity: "sha512-ooEGc6HP26xXq/N+GCGOT0JKCLDGrq2bQUZrQ7gyrJiZANJ/8YDTxTpQBXGMn+WbIQXNVpyWymm7KYVICQnyOg==",
        license: "MIT",
        dependencies: {
          once: "^1.4.0"
        }
      },
      "node_modules/env-string": {
        version: "1.0.1",
        integrity: "sha512-/DhCJDf5DSFK32joQiWRpWrT0h7p3hVQfMKxiBb7Nt8C8IF8BYyPtclDnuGGLOoj16d/8udKeiE7JbkotDmorQ==",
        license: "MIT"
      },
      "node_modules/es-define-property": {
        version: "1.0.1",
        integrity: "sha512-e3nRfgfUZ4rNGL232gUgX06QNyyez04KdjFrF+LTRoOXmrOgFKDg4BCdsjW8EnT69eqdYGmRpJwiPVYNrCaW3g==",
        license: "MIT",
        engines: {
          node: ">= 0.4"
        }
      },
      "node_modules/es-errors": {
        version: "1.3.0",
        integrity: "sha512-Zf5H2Kxt2xjTvbJvP2ZWLEICxA6j+hAmMzIlypy4xcBg1vKVnx89Wy0GbS+kf5cwCVFFzdCFh2XSCFNULS6csw==",
        license: "MIT",
        engines: {
          node: ">= 0.4"
        }
      },
      "node_modules/es-object-atoms": {
        version: "1.1.2",
        integrity: "sha512-HWcBoN6NileqtSydK2FqHbS/LoDd2pqrnQHLyJzBj4kOp/ky2MWMN694xOfkK8/SnUsW2DH7EfyVlydKCsm1Zw==",
        license: "MIT",
        dependencies: {
          "es-errors": "^1.3.0"
        },
        engines: {
          node: ">= 0.4"
        }
      },
      "node_modules/escape-string-regexp": {
        version: "4.0.0",
        integrity: "sha512-TtpcNJ3XAzx3Gq8sWRzJaVajRs0uVxA2YAkdb1jm2YkPz4G6egUFAyA3n5vtEIZefPk5Wa4UXbKuS5fKkJWdgA==",
        license: "MIT",
        engines: {
          node: ">=10"
        },
        funding: {
          url: "https://github.com/sponsors/sindresorhus"
        }
      },
      "node_modules/estree-is-member-expression": {
        version: "1.0.0",
        integrity: "sha512-Ec+X44CapIGExvSZN+pGkmr5p7HwUVQoPQSd458Lqwvaf4/61k/invHSh4BYK8OXnCkfEhWuIoG5hayKLQStIg==",
        license: "Apache-2.0"
      },
      "node_modules/events": {
        version: "3.3.0",
        integrity: "sha512-mQw+2fkQbALzQ7V0MY0IqdnXNOeTtP4r0lN9z7AAawCXgqea7bDii20AYrIBrFd/Hx0M2Ocz6S111CaFkUcb0Q==",
        license: "MIT",
        engines: {
          node: ">=0.8.x"
        }
      },
      "node_modules/evp_bytestokey": {
        version: "1.0.3",
        integrity: "sha512-/f2Go4TognH/KvCISP7OUsHn85hT9nUkxxA9BEWxFn+Oj9o8ZNLm/40hdlgSLyuOimsrTKLUMEorQexp/aPQeA==",
        license: "MIT",
        dependencies: {
          "md5.js": "^1.3.4",
          "safe-buffer": "^5.1.1"
        }
      },
      "node_modules/execspawn": {
        version: "1.0.1",
        integrity: "sha512-s2k06Jy9i8CUkYe0+DxRlvtkZoOkwwfhB+Xxo5HGUtrISVW2m98jO2tr67DGRFxZwkjQqloA3v/tNtjhBRBieg==",
        license: "MIT",
        dependencies: {
          "util-extend": "^1.0.1"
        }
      },
      "node_modules/fast-deep-equal": {
        version: "3.1.3",
        integrity: "sha512-f3qQ9oQy9j2AhBe/H9VC91wLmKBCCU/gDOnKNAYG5hswO7BLKj09Hc5HYNz9cGI++xlpDCIgDaitVs03ATR84Q==",
        license: "MIT"
      },
      "node_modules/fast-safe-stringify": {
        version: "2.1.1",
        integrity: "sha512-W+KJc2dmILlPplD/H4K9l9LcAHAfPtP6BY84uVLXQ6Evcz9Lcg33Y2z1IVblT6xdY54PXYVHEv+0Wpq8Io6zkA==",
        license: "MIT"
      },
      "node_modules/fast-uri": {
        version: "3.1.9",
        integrity: "sha512-hS/0Wt3Ya043oKXs0sIxrMpKQITXhMLIrVAKKXi4gozGC9v7YRWVnXIZzjNPTO02M9BdxLCWqK1yRXgNziVyJQ==",
        funding: [
          {
            type: "github",
            url: "https://github.com/sponsors/fastify"
          },
          {
            type: "opencollective",
            url: "https://opencollective.com/fastify"
          }
        ],
        license: "BSD-3-Clause"
      },
      "node_modules/for-each": {
        version: "0.3.5",
        integrity: "sha512-dKx12eRCVIzqCxFGplyFKJMPvLEWgmNtUrpTiJIR5u97zEhRG8ySrtboPHZXx7daLxQVrl643cTzbab2tkQjxg==",
        license: "MIT",
        dependencies: {
          "is-callable": "^1.2.7"
        },
        engines: {
          node: ">= 0.4"
        },
        funding: {
          url: "https://github.com/sponsors/ljharb"
        }
      },
      "node_modules/fs-extra": {
        version: "10.1.0",
        integrity: "sha512-oRXApq54ETRj4eMiFzGnHWGy+zo5raudjuxN0b8H7s/RU2oW0Wvsx9O0ACRN/kRq9E8Vu/ReskGB5o3ji+FzHQ==",
        license: "MIT",
        dependencies: {
          "graceful-fs": "^4.2.0",
          jsonfile: "^6.0.1",
          universalify: "^2.0.0"
        },
        engines: {
          node: ">=12"
        }
      },
      "node_modules/fs.realpath": {
        version: "1.0.0",
        integrity: "sha512-OO0pH2lK6a0hZnAdau5ItzHPI6pUlvI7jMVnxUQRtw4owF2wk8lOSabtGDCTP4Ggrg2MbGnWO9X8K1t4+fGMDw==",
        license: "ISC"
      },
      "node_modules/function-bind": {
        version: "1.1.2",
        integrity: "sha512-7XHNxH7qX9xG5mIwxkhumTox/MIRNcOgDrxWsMt2pAr23WHp6MrRlN7FBSFpCpr+oVO0F744iUgR82nJMfG2SA==",
        license: "MIT",
        funding: {
          url: "https://github.com/sponsors/ljharb"
        }
      },
      "node_modules/generator-function": {
        version: "2.0.1",
        integrity: "sha512-SFdFmIJi+ybC0vjlHN0ZGVGHc3lgE0DxPAT0djjVg+kjOnSqclqmj0KQ7ykTOLP6YxoqOvuAODGdcHJn+43q3g==",
        license: "MIT",
        engines: {
          node: ">= 0.4"
        }
      },
      "node_modules/get-assigned-identifiers": {
        version: "1.2.0",
        integrity: "sha512-mBBwmeGTrxEMO4pMaaf/uUEFHnYtwr8FTe8Y/mer4rcV/bye0qGm6pw1bGZFGStxC5O76c5ZAVBGnqHmOaJpdQ==",
        license: "Apache-2.0"
      },
      "node_modules/get-intrinsic": {
        version: "1.3.1",
        integrity: "sha512-fk1ZVEeOX9hVZ6QzoBNEC55+Ucqg4sTVwrVuigZhuRPESVFpMyXnd3sbXvPOwp7Y9riVyANiqhEuRF0G1aVSeQ==",
        license: "MIT",
        dependencies: {
          "async-function": "^1.0.0",
          "async-generator-function": "^1.0.0",
          "call-bind-apply-helpers": "^1.0.2",
          "es-define-property": "^1.0.1",
          "es-errors": "^1.3.0",
          "es-object-atoms": "^1.1.1",
          "function-bind": "^1.1.2",
          "generator-function": "^2.0.0",
          "get-proto": "^1.0.1",
          gopd: "^1.2.0",
          "has-symbols": "^1.1.0",
          hasown: "^2.0.2",
          "math-intrinsics": "^1.1.0"
        },
        engines: {
          node: ">= 0.4"
        },
        funding: {
          url: "https://github.com/sponsors/ljharb"
        }
      },
      "node_modules/get-proto": {
        version: "1.0.1",
        integrity: "sha512-sTSfBjoXBp89JvIKIefqw7U2CCebsc74kiY6awiGogKtoSGbgjYE/G/+l9sF3MWFPNc9IcoOC4ODfKHfxFmp0g==",
        license: "MIT",
        dependencies: {
          "dunder-proto": "^1.0.1",
          "es-object-atoms": "^1.0.0"
        },
        engines: {
          node: ">= 0.4"
        }
      },
      "node_modules/glob": {
        version: "7.2.3",
        integrity: "sha512-nFR0zLpU2YCaRxwoCJvL6UvCH2JFyFVIvwTLsIf21AuHlMskA1hhTdk+LlYJtOlYt9v6dvszD2BGRqBL+iQK9Q==",
        license: "ISC",
        dependencies: {
          "fs.realpath": "^1.0.0",
          inflight: "^1.0.4",
          inherits: "2",
          minimatch: "^3.1.1",
          once: "^1.3.0",
          "path-is-absolute": "^1.0.0"
        },
        engines: {
          node: "*"
        },
        funding: {
          url: "https://github.com/sponsors/isaacs"
        }
      },
      "node_modules/gopd": {
        version: "1.2.0",
        integrity: "sha512-ZUKRh6/kUFoAiTAtTYPZJ3hw9wNxx+BIBOijnlG9PnrJsCcSjs1wyyD6vJpaYtgnzDrKYRSqf3OO6Rfa93xsRg==",
        license: "MIT",
        engines: {
          node: ">= 0.4"
        },
        funding: {
          url: "https://github.com/sponsors/ljharb"
        }
      },
      "node_modules/graceful-fs": {
        version: "4.2.12",
        integrity: "sha512-iuyGF2E4oafQfPsRrG2wtY2ILupMhvtdrhzrxB+0VcjsPpSPttpfYdjnGFGsTi5MaJFjI1jOKHPQ6UTbTj9TAw==",
        license: "BlueOak-1.0.0"
      },
      "node_modules/has-ansi": {
        version: "2.0.0",
        integrity: "sha512-C8vBJ8DwUCx19vhm7urhTuUsr4/IyP6l4VzNQDv+ryHQObW3TTTp9yB68WpYgRe2bbaGuZ/se74IqFeVnMnLZg==",
        license: "MIT",
        dependencies: {
          "ansi-regex": "^2.0.0"
        },
        engines: {
          node: ">=0.10.0"
        }
      },
      "node_modules/has-property-descriptors": {
        version: "1.0.2",
        integrity: "sha512-55JNKuIW+vq4Ke1BjOTjM2YctQIvCT7GFzHwmfZPGo5wnrgkid0YQtnAleFSqumZm4az3n2BS+erby5ipJdgrg==",
        license: "MIT",
        dependencies: {
          "es-define-property": "^1.0.0"
        },
        funding: {
          url: "https://github.com/sponsors/ljharb"
        }
      },
      "node_modules/has-symbols": {
        version: "1.1.0",
        integrity: "sha512-1cDNdwJ2Jaohmb3sg4OmKaMBwuC48sYni5HUw2DvsC8LjGTLK9h+eb1X6RyuOHe4hT0ULCW68iomhjUoKUqlPQ==",
        license: "MIT",
        engines: {
          node: ">= 0.4"
        },
        funding: {
          url: "https://github.com/sponsors/ljharb"
        }
      },
      "node_modules/has-tostringtag": {
        version: "1.0.2",
        integrity: "sha512-NqADB8VjPFLM2V0VvHUewwwsw0ZWBaIdgo+ieHtK3hasLz4qeCRjYcqfB6AQrBggRKppKF8L52/VqdVsO47Dlw==",
        license: "MIT",
        dependencies: {
          "has-symbols": "^1.0.3"
        },
        engines: {
          node: ">= 0.4"
        },
        funding: {
          url: "https://github.com/sponsors/ljharb"
        }
      },
      "node_modules/has-unicode": {
        version: "2.0.1",
        integrity: "sha512-8Rf9Y83NBReMnx0gFzA8JImQACstCYWUplepDa9xprwwtmgEZUF0h/i5xSA625zB/I37EtrswSST6OXxwaaIJQ==",
        license: "ISC"
      },
      "node_modules/hash-base": {
        version: "3.0.5",
        integrity: "sha512-vXm0l45VbcHEVlTCzs8M+s0VeYsB2lnlAaThoLKGXr3bE/VWDOelNUnycUPEhKEaXARL2TEFjBOyUiM6+55KBg==",
        license: "MIT",
        dependencies: {
          inherits: "^2.0.4",
          "safe-buffer": "^5.2.1"
        },
        engines: {
          node: ">= 0.10"
        }
      },
      "node_modules/hash.js": {
        version: "1.1.7",
        integrity: "sha512-taOaskGt4z4SOANNseOviYDvjEJinIkRgmp7LbKP2YTTmVxWBl87s/uzK9r+44BclBSp2X7K1hqeNfz9JbBeXA==",
        license: "MIT",
        dependencies: {
          inherits: "^2.0.3",
          "minimalistic-assert": "^1.0.1"
        }
      },
      "node_modules/hasown": {
        version: "2.0.4",
        integrity: "sha512-T2UbfbBEF32wiepXIsMlTW9+dDYC6wMh/t/vYA4tuOMKqWz/n3vr1NFSxQiyP+zk2mXsoMA/i/7qV6LKut1t1A==",
        license: "MIT",
        dependencies: {
          "function-bind": "^1.1.2"
        },
        engines: {
          node: ">= 0.4"
        }
      },
      "node_modules/hmac-drbg": {
        version: "1.0.1",
        integrity: "sha512-Tti3gMqLdZfhOQY1Mzf/AanLiqh1WTiJgEj26ZuYQ9fbkLomzGchCws4FyrSd4VkpBfiNhaE1On+lOz894jvXg==",
        license: "MIT",
        dependencies: {
          "hash.js": "^1.0.3",
          "minimalistic-assert": "^1.0.0",
          "minimalistic-crypto-utils": "^1.0.1"
        }
      },
      "node_modules/hsl-to-rgb-for-reals": {
        version: "1.1.1",
        integrity: "sha512-LgOWAkrN0rFaQpfdWBQlv/VhkOxb5AsBjk6NQVx4yEzWS923T07X0M1Y0VNko2H52HeSpZrZNNMJ0aFqsdVzQg==",
        license: "ISC"
      },
      "node_modules/htmlescape": {
        version: "1.1.1",
        integrity: "sha512-eVcrzgbR4tim7c7soKQKtxa/kQM4TzjnlU83rcZ9bHU6t31ehfV7SktN6McWgwPWg+JYMA/O3qpGxBvFq1z2Jg==",
        license: "MIT",
        engines: {
          node: ">=0.10"
        }
      },
      "node_modules/https-browserify": {
        version: "1.0.0",
        integrity: "sha512-J+FkSdyD+0mA0N+81tMotaRMfSL9SGi+xpD3T6YApKsc3bGSXJlfXri3VyFOeYkfLRQisDk1W+jIFFKBeUBbBg==",
        license: "MIT"
      },
      "node_modules/hyperscript-attribute-to-property": {
        version: "1.0.2",
        integrity: "sha512-oerMul16jZCmrbNsUw8QgrtDzF8lKgFri1bKQjReLw1IhiiNkI59CWuzZjJDGT79UQ1YiWqXhJMv/tRMVqgtkA==",
        license: "MIT"
      },
      "node_modules/hyperx": {
        version: "2.5.4",
        integrity: "sha512-iOkSh7Yse7lsN/B9y7OsevLWjeXPqGuHQ5SbwaiJM5xAhWFqhoN6erpK1dQsS12OFU36lyai1pnx1mmzWLQqcA==",
        license: "BSD",
        dependencies: {
          "hyperscript-attribute-to-property": "^1.0.0"
        }
      },
      "node_modules/ieee754": {
        version: "1.2.1",
        integrity: "sha512-dcyqhDvX1C46lXZcVqCpK+FtMRQVdIMN6/Df5js2zouUsqG7I6sFxitIC+7KYK29KdXOLHdu9zL4sFnoVQnqaA==",
        funding: [
          {
            type: "github",
            url: "https://github.com/sponsors/feross"
          },
          {
            type: "patreon",
            url: "https://www.patreon.com/feross"
          },
          {
            type: "consulting",
            url: "https://feross.org/support"
          }
        ],
        license: "BSD-3-Clause"
      },
      "node_modules/inflight": {
        version: "1.0.6",
        integrity: "sha512-k92I/b08q4wvFscXCLvqfsHCrjrF7yiXsQuIVvVE7N82W3+aqpzuUdBbfhWcy/FZR3/4IgflMgKLOsvPDrGCJA==",
        license: "ISC",
        dependencies: {
          once: "^1.3.0",
          wrappy: "1"
        }
      },
      "node_modules/inherits": {
        version: "2.0.4",
        integrity: "sha512-k/vGaX4/Yla3WzyMCvTQOXYeIHvqOKtnqBduzTHpzpQZzAskKMhZ2K+EnBiSM9zGSoIFeMpXKxa4dYeZIQqewQ==",
        license: "ISC"
      },
      "node_modules/inline-source-map": {
        version: "0.6.3",
        integrity: "sha512-1aVsPEsJWMJq/pdMU61CDlm1URcW702MTB4w9/zUjMus6H/Py8o7g68Pr9D4I6QluWGt/KdmswuRhaA05xVR1w==",
        license: "MIT",
        dependencies: {
          "source-map": "~0.5.3"
        }
      },
      "node_modules/insert-module-globals": {
        version: "7.2.1",
        integrity: "sha512-ufS5Qq9RZN+Bu899eA9QCAYThY+gGW7oRkmb0vC93Vlyu/CFGcH0OYPEjVkDXA5FEbTt1+VWzdoOD3Ny9N+8tg==",
        license: "MIT",
        dependencies: {
          "acorn-node": "^1.5.2",
          "combine-source-map": "^0.8.0",
          "concat-stream": "^1.6.1",
          "is-buffer": "^1.1.0",
          JSONStream: "^1.0.3",
          "path-is-absolute": "^1.0.1",
          process: "~0.11.0",
          through2: "^2.0.0",
          "undeclared-identifiers": "^1.1.2",
          xtend: "^4.0.0"
        },
        bin: {
          "insert-module-globals": "bin/cmd.js"
        }
      },
      "node_modules/insert-module-globals/node_modules/concat-stream": {
        version: "1.6.2",
        integrity: "sha512-27HBghJxjiZtIk3Ycvn/4kbJk/1uZuJFfuPEns6LaEvpvG1f0hTea8lilrouyo9mVc2GWdcEZ8OLoGmSADlrCw==",
        engines: ["node >= 0.8"],
        license: "MIT",
        dependencies: {
          "buffer-from": "^1.0.0",
          inherits: "^2.0.3",
          "readable-stream": "^2.2.2",
          typedarray: "^0.0.6"
        }
      },
      "node_modules/insert-module-globals/node_modules/through2": {
        version: "2.0.5",
        integrity: "sha512-/mrRod8xqpA+IHSLyGCQ2s8SPHiCDEeQJSep1jqLYeEUClOFG2Qsh+4FU6G9VeqpZnGW/Su8LQGc4YKni5rYSQ==",
        license: "MIT",
        dependencies: {
          "readable-stream": "~2.3.6",
          xtend: "~4.0.1"
        }
      },
      "node_modules/internmap": {
        version: "1.0.1",
        integrity: "sha512-lDB5YccMydFBtasVtxnZ3MRBHuaoE8GKsppq+EchKL2U4nK/DmEpPHNH8MZe5HkMtpSiTSOZwfN0tzYjO/lJEw==",
        license: "ISC"
      },
      "node_modules/is-arguments": {
        version: "1.2.0",
        integrity: "sha512-7bVbi0huj/wrIAOzb8U1aszg9kdi3KN/CyU19CTI7tAoZYEZoL9yCDXpbXN+uPsuWnP02cyug1gleqq+TU+YCA==",
        license: "MIT",
        dependencies: {
          "call-bound": "^1.0.2",
          "has-tostringtag": "^1.0.2"
        },
        engines: {
          node: ">= 0.4"
        },
        funding: {
          url: "https://github.com/sponsors/ljharb"
        }
      },
      "node_modules/is-boolean-attribute": {
        version: "0.0.1",
        integrity: "sha512-0kXT52Scokg2Miscvsn5UVqg6y1691vcLJcagie1YHJB4zOEuAhMERLX992jtvaStGy2xQTqOtJhvmG/MK1T5w==",
        license: "MIT"
      },
      "node_modules/is-buffer": {
        version: "1.1.6",
        integrity: "sha512-NcdALwpXkTm5Zvvbk7owOUSvVvBKDgKP5/ewfXEznmQFfs4ZRmanOeKBTjRVjka3QFoN6XJ+9F3USqfHqTaU5w==",
        license: "MIT"
      },
      "node_modules/is-callable": {
        version: "1.2.7",
        integrity: "sha512-1BC0BVFhS/p0qtw6enp8e+8OD0UrK0oFLztSjNzhcKA3WDuJxxAPXzPuPtKkjEY9UUoEWlX/8fgKeu2S8i9JTA==",
        license: "MIT",
        engines: {
          node: ">= 0.4"
        },
        funding: {
          url: "https://github.com/sponsors/ljharb"
        }
      },
      "node_modules/is-core-module": {
        version: "2.18.0",
        integrity: "sha512-qyax9fgaKOEC4qK8WZn7Q4IcoZC9RC1O1fFxRcRTq/oMMkWT/uXpqpXa12kzWR409zAt1drYN9N9BO26UmBCmw==",
        license: "MIT",
        dependencies: {
          hasown: "^2.0.4"
        },
        engines: {
          node: ">= 0.4"
        },
        funding: {
          url: "https://github.com/sponsors/ljharb"
        }
      },
      "node_modules/is-fullwidth-code-point": {
        version: "1.0.0",
        integrity: "sha512-1pqUqRjkhPJ9miNq9SwMfdvi6lBJcd6eFxvfaivQhaH3SgisfiuudvFntdKOmxuee/77l+FPjKrQjWvmPjWrRw==",
        license: "MIT",
        dependencies: {
          "number-is-nan": "^1.0.0"
        },
        engines: {
          node: ">=0.10.0"
        }
      },
      "node_modules/is-generator-function": {
        version: "1.1.2",
        integrity: "sha512-upqt1SkGkODW9tsGNG5mtXTXtECizwtS2kA161M+gJPc1xdb/Ax629af6YrTwcOeQHbewrPNlE5Dx7kzvXTizA==",
        license: "MIT",
        dependencies: {
          "call-bound": "^1.0.4",
          "generator-function": "^2.0.0",
          "get-proto": "^1.0.1",
          "has-tostringtag": "^1.0.2",
          "safe-regex-test": "^1.1.0"
        },
        engines: {
          node: ">= 0.4"
        },
        funding: {
          url: "https://github.com/sponsors/ljharb"
        }
      },
      "node_modules/is-regex": {
        version: "1.2.1",
        integrity: "sha512-MjYsKHO5O7mCsmRGxWcLWheFqN9DJ/2TmngvjKXihe6efViPqc274+Fx/4fYj/r03+ESvBdTXK0V6tA3rgez1g==",
        license: "MIT",
        dependencies: {
          "call-bound": "^1.0.2",
          gopd: "^1.2.0",
          "has-tostringtag": "^1.0.2",
          hasown: "^2.0.2"
        },
        engines: {
          node: ">= 0.4"
        },
        funding: {
          url: "https://github.com/sponsors/ljharb"
        }
      },
      "node_modules/is-typed-array": {
        version: "1.1.15",
        integrity: "sha512-p3EcsicXjit7SaskXHs1hA91QxgTw46Fv6EFKKGS5DRFLD8yKnohjF3hxoju94b/OcMZoQukzpPpBE9uLVKzgQ==",
        license: "MIT",
        dependencies: {
          "which-typed-array": "^1.1.16"
        },
        engines: {
          node: ">= 0.4"
        },
        funding: {
          url: "https://github.com/sponsors/ljharb"
        }
      },
      "node_modules/is-wsl": {
        version: "1.1.0",
        integrity: "sha512-gfygJYZ2gLTDlmbWMI0CE2MwnFzSN/2SZfkMlItC4K/JBlsWVDB0bO6XhqcY13YXE7iMcAJnzTCJjPiTeJJ0Mw==",
        license: "MIT",
        engines: {
          node: ">=4"
        }
      },
      "node_modules/isarray": {
        version: "1.0.0",
        integrity: "sha512-VLghIWNM6ELQzo7zwmcg0NmTVyWKYjvIeM83yjp0wRDTmUnrM678fQbcKBo6n2CJEF0szoG//ytg+TKla89ALQ==",
        license: "MIT"
      },
      "node_modules/isexe": {
        version: "2.0.0",
        integrity: "sha512-RHxMLp9lnKHGHRng9QFhRCMbYAcVpn69smSGcq3f36xjgVVWThj4qqLbTLlq7Ssj8B+fIQ1EuCEGI2lKsyQeIw==",
        license: "ISC"
      },
      "node_modules/json-schema-traverse": {
        version: "1.0.0",
        integrity: "sha512-NM8/P9n3XjXhIZn1lLhkFaACTOURQXjWhV4BA/RnOv8xvgqtqpAX9IO4mRQxSx1Rlo4tqzeqb0sOlruaOy3dug==",
        license: "MIT"
      },
      "node_modules/jsonfile": {
        version: "6.2.1",
        integrity: "sha512-zwOTdL3rFQ/lRdBnntKVOX6k5cKJwEc1HdilT71BWEu7J41gXIB2MRp+vxduPSwZJPWBxEzv4yH1wYLJGUHX4Q==",
        license: "MIT",
        dependencies: {
          universalify: "^2.0.0"
        },
        optionalDependencies: {
          "graceful-fs": "^4.1.6"
        }
      },
      "node_modules/jsonparse": {
        version: "1.3.1",
        integrity: "sha512-POQXvpdL69+CluYsillJ7SUhKvytYjW9vG/GKpnf+xP8UWgYEM/RaMzHHofbALDiKbbP1W8UEYmgGl39WkPZsg==",
        engines: ["node >= 0.2.0"],
        license: "MIT"
      },
      "node_modules/JSONStream": {
        version: "1.3.5",
        integrity: "sha512-E+iruNOY8VV9s4JEbe1aNEm6MiszPRr/UfcHMz0TQh1BXSxHK+ASV1R6W4HpjBhSeS+54PIsAMCBmwD06LLsqQ==",
        license: "(MIT OR Apache-2.0)",
        dependencies: {
          jsonparse: "^1.2.0",
          through: ">=2.2.7 <3"
        },
        bin: {
          JSONStream: "bin.js"
        },
        engines: {
          node: "*"
        }
      },
      "node_modules/jsonstream2": {
        version: "3.0.0",
        integrity: "sha512-8ngq2XB8NjYrpe3+Xtl9lFJl6RoV2dNT4I7iyaHwxUpTBwsj0AlAR7epGfeYVP0z4Z7KxMoSxRgJWrd2jmBT/Q==",
        license: "MIT",
        dependencies: {
          jsonparse: "1.3.1",
          through2: "^3.0.1",
          "type-component": "0.0.1"
        },
        bin: {
          jsonstream: "bin/jsonstream.js"
        },
        engines: {
          node: ">=5.10.0"
        }
      },
      "node_modules/jsonstream2/node_modules/through2": {
        version: "3.0.2",
        integrity: "sha512-enaDQ4MUyP2W6ZyT6EsMzqBPZaM/avg8iuo+l2d3QCs0J+6RaqkHV/2/lOwDTueBHeJ/2LG9lrLW3d5rWPucuQ==",
        license: "MIT",
        dependencies: {
          inherits: "^2.0.4",
          "readable-stream": "2 || 3"
        }
      },
      "node_modules/labeled-stream-splicer": {
        version: "2.0.2",
        integrity: "sha512-Ca4LSXFFZUjPScRaqOcFxneA0VpKZr4MMYCljyQr4LIewTLb3Y0IUTIsnBBsVubIeEfxeSZpSjSsRM8APEQaAw==",
        license: "MIT",
        dependencies: {
          inherits: "^2.0.1",
          "stream-splicer": "^2.0.0"
        }
      },
      "node_modules/lodash.memoize": {
        version: "3.0.4",
        integrity: "sha512-eDn9kqrAmVUC1wmZvlQ6Uhde44n+tXpqPrN8olQJbttgh0oKclk+SF54P47VEGE9CEiMeRwAP8BaM7UHvBkz2A==",
        license: "MIT"
      },
      "node_modules/lower-case": {
        version: "1.1.4",
        integrity: "sha512-2Fgx1Ycm599x+WGpIYwJOvsjmXFzTSc34IwDWALRA/8AopUKAVPwfJ+h5+f85BCp0PWmmJcWzEpxOpoXycMpdA==",
        license: "MIT"
      },
      "node_modules/magic-string": {
        version: "0.23.2",
        integrity: "sha512-oIUZaAxbcxYIp4AyLafV6OVKoB3YouZs0UTCJ8mOKBHNyJgGDaMJ4TgA+VylJh6fx7EQCC52XkbURxxG9IoJXA==",
        license: "MIT",
        dependencies: {
          "sourcemap-codec": "^1.4.1"
        }
      },
      "node_modules/make-dir": {
        version: "3.1.0",
        integrity: "sha512-g3FeP20LNwhALb/6Cz6Dd4F2ngze0jz7tbzrD2wAV+o9FeNHe4rL+yK2md0J/fiSf1sa1ADhXqi5+oVwOM/eGw==",
        license: "MIT",
        dependencies: {
          semver: "^6.0.0"
        },
        engines: {
          node: ">=8"
        },
        funding: {
          url: "https://github.com/sponsors/sindresorhus"
        }
      },
      "node_modules/make-dir/node_modules/semver": {
        version: "6.3.2",
        integrity: "sha512-GYrCADwpu6yV5OAvchkQ27Z5wwMxWAEMg5NNWjyHh/5DboFFqbdbvYNIvZouQpxXyeMPoTOh0vdPYKlf0ZswdQ==",
        license: "ISC",
        bin: {
          semver: "bin/semver.js"
        }
      },
      "node_modules/math-intrinsics": {
        version: "1.1.0",
        integrity: "sha512-/IXtbwEk5HTPyEwyKX6hGkYXxM9nbj64B+ilVJnC/R6B0pH5G4V3b0pVbL7DBj4tkhBAppbQUlf6F6Xl9LHu1g==",
        license: "MIT",
        engines: {
          node: ">= 0.4"
        }
      },
      "node_modules/md5.js": {
        version: "1.3.5",
        integrity: "sha512-xitP+WxNPcTTOgnTJcrhM0xvdPepipPSf3I8EIpGKeFLjt3PlJLIDG3u8EX53ZIubkb+5U2+3rELYpEhHhzdkg==",
        license: "MIT",
        dependencies: {
          "hash-base": "^3.0.0",
          inherits: "^2.0.1",
          "safe-buffer": "^5.1.2"
        }
      },
      "node_modules/merge-source-map": {
        version: "1.0.4",
        integrity: "sha512-PGSmS0kfnTnMJCzJ16BLLCEe6oeYCamKFFdQKshi4BmM6FUwipjVOcBFGxqtQtirtAG4iZvHlqST9CpZKqlRjA==",
        license: "MIT",
        dependencies: {
          "source-map": "^0.5.6"
        }
      },
      "node_modules/miller-rabin": {
        version: "4.0.1",
        integrity: "sha512-115fLhvZVqWwHPbClyntxEVfVDfl9DLLTuJvq3g2O/Oxi8AiNouAHvDSzHS0viUJc+V5vm3eq91Xwqn9dp4jRA==",
        license: "MIT",
        dependencies: {
          "bn.js": "^4.0.0",
          brorand: "^1.0.1"
        },
        bin: {
          "miller-rabin": "bin/miller-rabin"
        }
      },
      "node_modules/miller-rabin/node_modules/bn.js": {
        version: "4.12.5",
        integrity: "sha512-3aRg6/JxfffFD+OlOjOFR3Vo79l39ooBTFucxx+MT3dhCtzn3EmiUPQo+6/OZuI2jbXi3YKgmiTFBgChQMwIRQ==",
        license: "MIT"
      },
      "node_modules/minimalistic-assert": {
        version: "1.0.1",
        integrity: "sha512-UtJcAD4yEaGtjPezWuO9wC4nwUnVH/8/Im3yEHQP4b67cXlD/Qr9hdITCU1xDbSEXg2XKNaP8jsReV7vQd00/A==",
        license: "ISC"
      },
      "node_modules/minimalistic-crypto-utils": {
        version: "1.0.1",
        integrity: "sha512-JIYlbt6g8i5jKfJ3xz7rF0LXmv2TkDxBLUkiBeZ7bAx4GnnNMr8xFpGnOxn6GhTEHx3SjRrZEoU+j04prX1ktg==",
        license: "MIT"
      },
      "node_modules/minimatch": {
        version: "3.1.5",
        integrity: "sha512-VgjWUsnnT6n+NUk6eZq77zeFdpW2LWDzP6zFGrCbHXiYNul5Dzqk2HHQ5uFH2DNW5Xbp8+jVzaeNt94ssEEl4w==",
        license: "ISC",
        dependencies: {
          "brace-expansion": "^1.1.7"
        },
        engines: {
          node: "*"
        }
      },
      "node_modules/minimist": {
        version: "1.2.8",
        integrity: "sha512-2yyAR8qBkN3YuheJanUpWC5U3bb5osDywNB8RzDVlDwDHbocAJveqqj1u8+SVD7jkWT4yvsHCpWqqWqAxb0zCA==",
        license: "MIT",
        funding: {
          url: "https://github.com/sponsors/ljharb"
        }
      },
      "node_modules/mkdirp-classic": {
        version: "0.5.3",
        integrity: "sha512-gKLcREMhtuZRwRAfqP3RFW+TK4JqApVBtOIftVgjuABpAtpxhPGaDcfvbhNvD0B8iD1oUr/txX35NjcaY6Ns/A==",
        license: "MIT"
      },
      "node_modules/module-deps": {
        version: "6.2.3",
        integrity: "sha512-fg7OZaQBcL4/L+AK5f4iVqf9OMbCclXfy/znXRxTVhJSeW5AIlS9AwheYwDaXM3lVW7OBeaeUEY3gbaC6cLlSA==",
        license: "MIT",
        dependencies: {
          "browser-resolve": "^2.0.0",
          "cached-path-relative": "^1.0.2",
          "concat-stream": "~1.6.0",
          defined: "^1.0.0",
          detective: "^5.2.0",
          duplexer2: "^0.1.2",
          inherits: "^2.0.1",
          JSONStream: "^1.0.3",
          parents: "^1.0.0",
          "readable-stream": "^2.0.2",
          resolve: "^1.4.0",
          "stream-combiner2": "^1.1.1",
          subarg: "^1.0.0",
          through2: "^2.0.0",
          xtend: "^4.0.0"
        },
        bin: {
          "module-deps": "bin/cmd.js"
        },
        engines: {
          node: ">= 0.8.0"
        }
      },
      "node_modules/module-deps/node_modules/concat-stream": {
        version: "1.6.2",
        integrity: "sha512-27HBghJxjiZtIk3Ycvn/4kbJk/1uZuJFfuPEns6LaEvpvG1f0hTea8lilrouyo9mVc2GWdcEZ8OLoGmSADlrCw==",
        engines: ["node >= 0.8"],
        license: "MIT",
        dependencies: {
          "buffer-from": "^1.0.0",
          inherits: "^2.0.3",
          "readable-stream": "^2.2.2",
          typedarray: "^0.0.6"
        }
      },
      "node_modules/module-deps/node_modules/through2": {
        version: "2.0.5",
        integrity: "sha512-/mrRod8xqpA+IHSLyGCQ2s8SPHiCDEeQJSep1jqLYeEUClOFG2Qsh+4FU6G9VeqpZnGW/Su8LQGc4YKni5rYSQ==",
        license: "MIT",
        dependencies: {
          "readable-stream": "~2.3.6",
          xtend: "~4.0.1"
        }
      },
      "node_modules/morphdom": {
        version: "2.7.8",
        integrity: "sha512-D/fR4xgGUyVRbdMGU6Nejea1RFzYxYtyurG4Fbv2Fi/daKlWKuXGLOdXtl+3eIwL110cI2hz1ZojGICjjFLgTg==",
        license: "MIT"
      },
      "node_modules/ms": {
        version: "2.1.3",
        integrity: "sha512-6FlzubTLZG3J2a/NVCAleEhjzq5oxgHyaCU9yYXvcLsvoVaHJq/s5xXI6/XXP6tz7R9xAOtHnSO/tXtF3WRTlA==",
        license: "MIT"
      },
      "node_modules/mutexify": {
        version: "1.4.0",
        integrity: "sha512-pbYSsOrSB/AKN5h/WzzLRMFgZhClWccf2XIB4RSMC8JbquiB0e0/SH5AIfdQMdyHmYtv4seU7yV/TvAwPLJ1Yg==",
        license: "MIT",
        dependencies: {
          "queue-tick": "^1.0.0"
        }
      },
      "node_modules/nanoassert": {
        version: "1.1.0",
        integrity: "sha512-C40jQ3NzfkP53NsO8kEOFd79p4b9kDXQMwgiY1z8ZwrDZgUyom0AHwGegF4Dm99L+YoYhuaB0ceerUcXmqr1rQ==",
        license: "ISC"
      },
      "node_modules/nanobench": {
        version: "2.1.1",
        integrity: "sha512-z+Vv7zElcjN+OpzAxAquUayFLGK3JI/ubCl0Oh64YQqsTGG09CGqieJVQw4ui8huDnnAgrvTv93qi5UaOoNj8A==",
        license: "MIT",
        dependencies: {
          "browser-process-hrtime": "^0.1.2",
          chalk: "^1.1.3",
          mutexify: "^1.1.0",
          "pretty-hrtime": "^1.0.2"
        },
        bin: {
          nanobench: "run.js",
          "nanobench-compare": "compare.js"
        }
      },
      "node_modules/nanohtml": {
        version: "1.10.0",
        integrity: "sha512-r/3AQl+jxAxUIJRiKExUjBtFcE1cm4yTOsTIdVqqlxPNtBxJh522ANrcQYzdNHhPzbPgb7j6qujq6eGehBX0kg==",
        license: "MIT",
        dependencies: {
          "acorn-node": "^1.8.2",
          "camel-case": "^3.0.0",
          "convert-source-map": "^1.5.1",
          "estree-is-member-expression": "^1.0.0",
          hyperx: "^2.5.0",
          "is-boolean-attribute": "0.0.1",
          nanoassert: "^1.1.0",
          nanobench: "^2.1.0",
          "normalize-html-whitespace": "^0.2.0",
          through2: "^2.0.3",
          "transform-ast": "^2.4.0"
        }
      },
      "node_modules/nanohtml/node_modules/convert-source-map": {
        version: "1.9.0",
        integrity: "sha512-ASFBup0Mz1uyiIjANan1jzLQami9z1PoYSZCiiYW2FczPbenXc45FZdBZLzOT+r6+iciuEModtmCti+hjaAk0A==",
        license: "MIT"
      },
      "node_modules/nanohtml/node_modules/through2": {
        version: "2.0.5",
        integrity: "sha512-/mrRod8xqpA+IHSLyGCQ2s8SPHiCDEeQJSep1jqLYeEUClOFG2Qsh+4FU6G9VeqpZnGW/Su8LQGc4YKni5rYSQ==",
        license: "MIT",
        dependencies: {
          "readable-stream": "~2.3.6",
          xtend: "~4.0.1"
        }
      },
      "node_modules/no-case": {
        version: "2.3.2",
        integrity: "sha512-rmTZ9kz+f3rCvK2TD1Ue/oZlns7OGoIWP4fc3llxxRXlOkHKoWPPWJOfFYpITabSow43QJbRIoHQXtt10VldyQ==",
        license: "MIT",
        dependencies: {
          "lower-case": "^1.1.1"
        }
      },
      "node_modules/normalize-html-whitespace": {
        version: "0.2.0",
        integrity: "sha512-5CZAEQ4bQi8Msqw0GAT6rrkrjNN4ZKqAG3+jJMwms4O6XoMvh6ekwOueG4mRS1LbPUR1r9EdnhxxfpzMTOdzKw==",
        license: "MIT",
        engines: {
          node: ">= 0.10"
        }
      },
      "node_modules/number-is-nan": {
        version: "1.0.1",
        integrity: "sha512-4jbtZXNAsfZbAHiiqjLPBiCl16dES1zI4Hpzzxw61Tk+loF+sBDBKx1ICKKKwIqQ7M0mFn1TmkN7euSncWgHiQ==",
        license: "MIT",
        engines: {
          node: ">=0.10.0"
        }
      },
      "node_modules/object-inspect": {
        version: "1.13.4",
        integrity: "sha512-W67iLl4J2EXEGTbfeHCffrjDfitvLANg0UlX3wFUUSTx92KXRFegMHUVgSqE+wvhAbi4WqjGg9czysTV2Epbew==",
        license: "MIT",
        engines: {
          node: ">= 0.4"
        },
        funding: {
          url: "https://github.com/sponsors/ljharb"
        }
      },
      "node_modules/object-keys": {
        version: "1.1.1",
        integrity: "sha512-NuAESUOUMrlIXOfHKzD6bpPu3tYt3xvjNdRIQ+FeT0lNb4K8WR70CaDxhuNguS2XG+GjkyMwOzsN5ZktImfhLA==",
        license: "MIT",
        engines: {
          node: ">= 0.4"
        }
      },
      "node_modules/object.assign": {
        version: "4.1.7",
        integrity: "sha512-nK28WOo+QIjBkDduTINE4JkF/UJJKyf2EJxvJKfblDpyg0Q+pkOHNTL0Qwy6NP6FhE/EnzV73BxxqcJaXY9anw==",
        license: "MIT",
        dependencies: {
          "call-bind": "^1.0.8",
          "call-bound": "^1.0.3",
          "define-properties": "^1.2.1",
          "es-object-atoms": "^1.0.0",
          "has-symbols": "^1.1.0",
          "object-keys": "^1.1.1"
        },
        engines: {
          node: ">= 0.4"
        },
        funding: {
          url: "https://github.com/sponsors/ljharb"
        }
      },
      "node_modules/on-net-listen": {
        version: "1.1.2",
        integrity: "sha512-y1HRYy8s/RlcBvDUwKXSmkODMdx4KSuIvloCnQYJ2LdBBC1asY4HtfhXwe3UWknLakATZDnbzht2Ijw3M1EqFg==",
        license: "MIT",
        engines: {
          node: ">=9.4.0 || ^8.9.4"
        }
      },
      "node_modules/once": {
        version: "1.4.0",
        integrity: "sha512-lNaJgI+2Q5URQBkccEKHTQOPaXdUxnZZElQTZY0MFUAuaEqe1E+Nyvgdz/aIyNi6Z9MzO5dv1H8n58/GELp3+w==",
        license: "ISC",
        dependencies: {
          wrappy: "1"
        }
      },
      "node_modules/opn": {
        version: "5.5.0",
        integrity: "sha512-PqHpggC9bLV0VeWcdKhkpxY+3JTzetLSqTCWL/z/tFIbI6G8JCjondXklT1JinczLz2Xib62sSp0T/gKT4KksA==",
        license: "MIT",
        dependencies: {
          "is-wsl": "^1.1.0"
        },
        engines: {
          node: ">=4"
        }
      },
      "node_modules/os-browserify": {
        version: "0.3.0",
        integrity: "sha512-gjcpUc3clBf9+210TRaDWbf+rZZZEshZ+DlXMRCeAjp0xhTrnQsKHypIy1J3d5hKdUzj69t708EHtU8P6bUn0A==",
        license: "MIT"
      },
      "node_modules/pako": {
        version: "1.0.11",
        integrity: "sha512-4hLB8Py4zZce5s4yd9XzopqwVv/yGNhV1Bl8NTmCq1763HeK2+EwVTv+leGeL13Dnh2wfbqowVPXCIO0z4taYw==",
        license: "(MIT AND Zlib)"
      },
      "node_modules/parents": {
        version: "1.0.1",
        integrity: "sha512-mXKF3xkoUt5td2DoxpLmtOmZvko9VfFpwRwkKDHSNvgmpLAeBo18YDhcPbBzJq+QLCHMbGOfzia2cX4U+0v9Mg==",
        license: "MIT",
        dependencies: {
          "path-platform": "~0.11.15"
        }
      },
      "node_modules/parse-asn1": {
        version: "5.1.10",
        integrity: "sha512-gBlTKLbYnAJN9WjmawVOMfaGvVoy4lX0LH18t7ccwtEG9RgAa4ETf2eu3d2J4e/5SoCjCms0A0UF4tTw/Eyn6Q==",
        license: "ISC",
        dependencies: {
          "asn1.js": "^4.10.1",
          "browserify-aes": "^1.2.0",
          evp_bytestokey: "^1.0.3",
          pbkdf2: "^3.1.7",
          "safe-buffer": "^5.2.1"
        },
        engines: {
          node: ">= 0.10"
        }
      },
      "node_modules/path-browserify": {
        version: "1.0.1",
        integrity: "sha512-b7uo2UCUOYZcnF/3ID0lulOJi/bafxa1xPe7ZPsammBSpjSWQkjNxlt635YGS2MiR9GjvuXCtz2emr3jbsz98g==",
        license: "MIT"
      },
      "node_modules/path-is-absolute": {
        version: "1.0.1",
        integrity: "sha512-AVbw3UJ2e9bq64vSaS9Am0fje1Pa8pbGqTTsmXfaIiMpnr5DlDhfJOuLj9Sf95ZPVDAUerDfEk88MPmPe7UCQg==",
        license: "MIT",
        engines: {
          node: ">=0.10.0"
        }
      },
      "node_modules/path-parse": {
        version: "1.0.7",
        integrity: "sha512-LDJzPVEEEPR+y48z93A0Ed0yXb8pAByGWo/k5YYdYgpY2/2EsOsksJrq7lOHxryrVOn1ejG6oAp8ahvOIQD8sw==",
        license: "MIT"
      },
      "node_modules/path-platform": {
        version: "0.11.15",
        integrity: "sha512-Y30dB6rab1A/nfEKsZxmr01nUotHX0c/ZiIAsCTatEe1CmS5Pm5He7fZ195bPT7RdquoaL8lLxFCMQi/bS7IJg==",
        license: "MIT",
        engines: {
          node: ">= 0.8.0"
        }
      },
      "node_modules/pbkdf2": {
        version: "3.1.7",
        integrity: "sha512-nS4mvFgVwUrecPTRdpdseM2fwpdfnX0/HibA8DgBRQtihUAzHQYJFU2l+OlEtiXtpqkrMvCPDwyXMUnASDt6Qw==",
        license: "MIT",
        dependencies: {
          "create-hash": "^1.2.0",
          "create-hmac": "^1.1.7",
          ripemd160: "^2.0.3",
          "safe-buffer": "^5.2.1",
          "sha.js": "^2.4.12",
          "to-buffer": "^1.2.2"
        },
        engines: {
          node: ">= 0.10"
        }
      },
      "node_modules/possible-typed-array-names": {
        version: "1.1.0",
        integrity: "sha512-/+5VFTchJDoVj3bhoqi6UeymcD00DAwb1nJwamzPvHEszJ4FpF6SNNbUbOS8yI56qHzdV8eK0qEfOSiodkTdxg==",
        license: "MIT",
        engines: {
          node: ">= 0.4"
        }
      },
      "node_modules/pretty-hrtime": {
        version: "1.0.3",
        integrity: "sha512-66hKPCr+72mlfiSjlEB1+45IjXSqvVAIy6mocupoww4tBFE9R9IhwwUGoI4G++Tc9Aq+2rxOt0RFU6gPcrte0A==",
        license: "MIT",
        engines: {
          node: ">= 0.8"
        }
      },
      "node_modules/process": {
        version: "0.11.10",
        integrity: "sha512-cdGef/drWFoydD1JsMzuFf8100nZl+GT+yacc2bEced5f9Rjk4z+WtFUTBu9PhOi9j/jfmBPu0mMEY4wIdAF8A==",
        license: "MIT",
        engines: {
          node: ">= 0.6.0"
        }
      },
      "node_modules/process-nextick-args": {
        version: "2.0.1",
        integrity: "sha512-3ouUOpQhtgrbOa17J7+uxOTpITYWaGP7/AhoR3+A+/1e9skrzelGi/dXzEYyvbxubEF6Wn2ypscTKiKJFFn1ag==",
        license: "MIT"
      },
      "node_modules/public-encrypt": {
        version: "4.0.3",
        integrity: "sha512-zVpa8oKZSz5bTMTFClc1fQOnyyEzpl5ozpi1B5YcvBrdohMjH2rfsBtyXcuNuwjsDIXmBYlF2N5FlJYhR29t8Q==",
        license: "MIT",
        dependencies: {
          "bn.js": "^4.1.0",
          "browserify-rsa": "^4.0.0",
          "create-hash": "^1.1.0",
          "parse-asn1": "^5.0.0",
          randombytes: "^2.0.1",
          "safe-buffer": "^5.1.2"
        }
      },
      "node_modules/public-encrypt/node_modules/bn.js": {
        version: "4.12.5",
        integrity: "sha512-3aRg6/JxfffFD+OlOjOFR3Vo79l39ooBTFucxx+MT3dhCtzn3EmiUPQo+6/OZuI2jbXi3YKgmiTFBgChQMwIRQ==",
        license: "MIT"
      },
      "node_modules/pump": {
        version: "3.0.4",
        integrity: "sha512-VS7sjc6KR7e1ukRFhQSY5LM2uBWAUPiOPa/A3mkKmiMwSmRFUITt0xuj+/lesgnCv+dPIEYlkzrcyXgquIHMcA==",
        license: "MIT",
        dependencies: {
          "end-of-stream": "^1.1.0",
          once: "^1.3.1"
        }
      },
      "node_modules/pumpify": {
        version: "2.0.1",
        integrity: "sha512-m7KOje7jZxrmutanlkS1daj1dS6z6BgslzOXmcSEpIlCxM3VJH7lG5QLeck/6hgF6F4crFf01UtQmNsJfweTAw==",
        license: "MIT",
        dependencies: {
          duplexify: "^4.1.1",
          inherits: "^2.0.3",
          pump: "^3.0.0"
        }
      },
      "node_modules/punycode": {
        version: "1.4.1",
        integrity: "sha512-jmYNElW7yvO7TV33CjSmvSiE2yco3bV2czu/OzDKdMNVZQWfxCblURLhf+47syQRBntjfLdd/H0egrzIG+oaFQ==",
        license: "MIT"
      },
      "node_modules/qs": {
        version: "6.17.1",
        integrity: "sha512-jd3COkaKVgGUW+ZHyEHCG9bH7RoaaiWuMgzsIBjUMVjLAaWGWpoUAVwljVvBHxRu/2qEHnadLGZrkutYUBPQJA==",
        license: "BSD-3-Clause",
        dependencies: {
          "es-define-property": "^1.0.1",
          "side-channel": "^1.1.1"
        },
        engines: {
          node: ">=0.6"
        },
        funding: {
          url: "https://github.com/sponsors/ljharb"
        }
      },
      "node_modules/querystring-es3": {
        version: "0.2.1",
        integrity: "sha512-773xhDQnZBMFobEiztv8LIl70ch5MSF/jUQVlhwFyBILqq96anmoctVIYz+ZRp0qbCKATTn6ev02M3r7Ga5vqA==",
        engines: {
          node: ">=0.4.x"
        }
      },
      "node_modules/queue-tick": {
        version: "1.0.1",
        integrity: "sha512-kJt5qhMxoszgU/62PLP1CJytzd2NKetjSRnyuj31fDd3Rlcz3fzlFdFLD1SItunPwyqEOkca6GbV612BWfaBag==",
        license: "MIT"
      },
      "node_modules/randombytes": {
        version: "2.1.0",
        integrity: "sha512-vYl3iOX+4CKUWuxGi9Ukhie6fsqXqS9FE2Zaic4tNFD2N2QQaXOMFbuKK4QmDHC0JO6B1Zp41J0LpT0oR68amQ==",
        license: "MIT",
        dependencies: {
          "safe-buffer": "^5.1.0"
        }
      },
      "node_modules/randomfill": {
        version: "1.0.4",
        integrity: "sha512-87lcbR8+MhcWcUiQ+9e+Rwx8MyR2P7qnt15ynUlbm3TU/fjbgz4GsvfSUDTemtCCtVCqb4ZcEFlyPNTh9bBTLw==",
        license: "MIT",
        dependencies: {
          randombytes: "^2.0.5",
          "safe-buffer": "^5.1.0"
        }
      },
      "node_modules/read-only-stream": {
        version: "2.0.0",
        integrity: "sha512-3ALe0bjBVZtkdWKIcThYpQCLbBMd/+Tbh2CDSrAIDO3UsZ4Xs+tnyjv2MjCOMMgBG+AsUOeuP1cgtY1INISc8w==",
        license: "MIT",
        dependencies: {
          "readable-stream": "^2.0.2"
        }
      },
      "node_modules/readable-stream": {
        version: "2.3.8",
        integrity: "sha512-8p0AUk4XODgIewSi0l8Epjs+EVnWiK7NoDIEGU0HhE7+ZyY8D1IMY7odu5lRrFXGg71L15KG8QrPmum45RTtdA==",
        license: "MIT",
        dependencies: {
          "core-util-is": "~1.0.0",
          inherits: "~2.0.3",
          isarray: "~1.0.0",
          "process-nextick-args": "~2.0.0",
          "safe-buffer": "~5.1.1",
          string_decoder: "~1.1.1",
          "util-deprecate": "~1.0.1"
        }
      },
      "node_modules/readable-stream/node_modules/safe-buffer": {
        version: "5.1.2",
        integrity: "sha512-Gd2UZBJDkXlY7GbJxfsE8/nvKkUEU1G38c1siN6QP6a9PT9MmHB8GnpscSmMJSoF8LOIrt8ud/wPtojys4G6+g==",
        license: "MIT"
      },
      "node_modules/readable-stream/node_modules/string_decoder": {
        version: "1.1.1",
        integrity: "sha512-n/ShnvDi6FHbbVfviro+WojiFzv+s8MPMHBczVePfUpDJLwoLT0ht1l4YwBCbi8pJAveEEdnkHyPyTP/mzRfwg==",
        license: "MIT",
        dependencies: {
          "safe-buffer": "~5.1.0"
        }
      },
      "node_modules/require-from-string": {
        version: "2.0.2",
        integrity: "sha512-Xf0nWe6RseziFMu+Ap9biiUbmplq6S9/p+7w7YXP/JBHhrUDDUhwa+vANyubuqfZWTveU//DYVGsDG7RKL/vEw==",
        license: "MIT",
        engines: {
          node: ">=0.10.0"
        }
      },
      "node_modules/resolve": {
        version: "1.22.14",
        integrity: "sha512-1ZjYvR9sbkiwC5+9QHetqW5HmA2pHRMaoupD01t2HlYnV/vydC2zPwLixhsMieSWVZt0JJRg5LVIk0Ow1D/TrA==",
        license: "MIT",
        dependencies: {
          "es-errors": "^1.3.0",
          "is-core-module": "^2.18.0",
          "path-parse": "^1.0.7",
          "supports-preserve-symlinks-flag": "^1.0.0"
        },
        bin: {
          resolve: "bin/resolve"
        },
        engines: {
          node: ">= 0.4"
        },
        funding: {
          url: "https://github.com/sponsors/ljharb"
        }
      },
      "node_modules/ripemd160": {
        version: "2.0.3",
        integrity: "sha512-5Di9UC0+8h1L6ZD2d7awM7E/T4uA1fJRlx6zk/NvdCCVEoAnFqvHmCuNeIKoCeIixBX/q8uM+6ycDvF8woqosA==",
        license: "MIT",
        dependencies: {
          "hash-base": "^3.1.2",
          inherits: "^2.0.4"
        },
        engines: {
          node: ">= 0.8"
        }
      },
      "node_modules/ripemd160/node_modules/hash-base": {
        version: "3.1.2",
        integrity: "sha512-Bb33KbowVTIj5s7Ked1OsqHUeCpz//tPwR+E2zJgJKo9Z5XolZ9b6bdUgjmYlwnWhoOQKoTd1TYToZGn5mAYOg==",
        license: "MIT",
        dependencies: {
          inherits: "^2.0.4",
          "readable-stream": "^2.3.8",
          "safe-buffer": "^5.2.1",
          "to-buffer": "^1.2.1"
        },
        engines: {
          node: ">= 0.8"
        }
      },
      "node_modules/safe-buffer": {
        version: "5.2.1",
        integrity: "sha512-rp3So07KcdmmKbGvgaNxQSJr7bGVSVk5S9Eq1F+ppbRo70+YeaDxkw5Dd8NPN+GD6bjnYm2VuPuCXmpuYvmCXQ==",
        funding: [
          {
            type: "github",
            url: "https://github.com/sponsors/feross"
          },
          {
            type: "patreon",
            url: "https://www.patreon.com/feross"
          },
          {
            type: "consulting",
            url: "https://feross.org/support"
          }
        ],
        license: "MIT"
      },
      "node_modules/safe-regex-test": {
        version: "1.1.0",
        integrity: "sha512-x/+Cz4YrimQxQccJf5mKEbIa1NzeCRNI5Ecl/ekmlYaampdNLPalVyIcCZNNH3MvmqBugV5TMYZXv0ljslUlaw==",
        license: "MIT",
        dependencies: {
          "call-bound": "^1.0.2",
          "es-errors": "^1.3.0",
          "is-regex": "^1.2.1"
        },
        engines: {
          node: ">= 0.4"
        },
        funding: {
          url: "https://github.com/sponsors/ljharb"
        }
      },
      "node_modules/semver": {
        version: "7.8.6",
        integrity: "sha512-9lpSSU4Mly3mrtruwLs1eLK6+gzbzqeBFwRNjIjE+9LuDpWdYctrQlQ3ej1Ilgi7gknpsTRnPoLP8DpCHqHIJw==",
        license: "ISC",
        bin: {
          semver: "bin/semver.js"
        },
        engines: {
          node: ">=10"
        }
      },
      "node_modules/set-function-length": {
        version: "1.2.2",
        integrity: "sha512-pgRc4hJ4/sNjWCSS9AmnS40x3bNMDTknHgL5UaMBTMyJnU90EgWh1Rz+MC9eFu4BuN/UwZjKQuY/1v3rM7HMfg==",
        license: "MIT",
        dependencies: {
          "define-data-property": "^1.1.4",
          "es-errors": "^1.3.0",
          "function-bind": "^1.1.2",
          "get-intrinsic": "^1.2.4",
          gopd: "^1.0.1",
          "has-property-descriptors": "^1.0.2"
        },
        engines: {
          node: ">= 0.4"
        }
      },
      "node_modules/sha.js": {
        version: "2.4.12",
        integrity: "sha512-8LzC5+bvI45BjpfXU8V5fdU2mfeKiQe1D1gIMn7XUlF3OTUrpdJpPPH4EMAnF0DsHHdSZqCdSss5qCmJKuiO3w==",
        license: "(MIT AND BSD-3-Clause)",
        dependencies: {
          inherits: "^2.0.4",
          "safe-buffer": "^5.2.1",
          "to-buffer": "^1.2.0"
        },
        bin: {
          "sha.js": "bin.js"
        },
        engines: {
          node: ">= 0.10"
        },
        funding: {
          url: "https://github.com/sponsors/ljharb"
        }
      },
      "node_modules/shasum-object": {
        version: "1.0.1",
        integrity: "sha512-SsC+1tW7XKQ/94D4k1JhLmjDFpVGET/Nf54jVDtbavbALf8Zhp0Td9zTlxScjMW6nbEIrpADtPWfLk9iCXzHDQ==",
        license: "Apache-2.0",
        dependencies: {
          "fast-safe-stringify": "^2.0.7"
        },
        bin: {
          "shasum-object": "bin.js"
        }
      },
      "node_modules/shell-quote": {
        version: "1.12.0",
        integrity: "sha512-PcByqNyT/38F2kDNi006HAMRJaULuBzq/FOsw3qdZvX/GA9W/jamDaRskgHjubHiftXK5sIFxLNkvrXUwcof6Q==",
        license: "MIT",
        engines: {
          node: ">= 0.4"
        },
        funding: {
          url: "https://github.com/sponsors/ljharb"
        }
      },
      "node_modules/side-channel": {
        version: "1.1.1",
        integrity: "sha512-6x6dK6zJdpTzF4sQeNYxwtvBzf6Eg4GtlesS94HOvTudUeyK2WXAaIfmDgsyslYrRBeFIlsi54AYsFGUuhmvrQ==",
        license: "MIT",
        dependencies: {
          "es-errors": "^1.3.0",
          "object-inspect": "^1.13.4",
          "side-channel-list": "^1.0.1",
          "side-channel-map": "^1.0.1",
          "side-channel-weakmap": "^1.0.2"
        },
        engines: {
          node: ">= 0.4"
        },
        funding: {
          url: "https://github.com/sponsors/ljharb"
        }
      },
      "node_modules/side-channel-list": {
        version: "1.0.1",
        integrity: "sha512-mjn/0bi/oUURjc5Xl7IaWi/OJJJumuoJFQJfDDyO46+hBWsfaVM65TBHq2eoZBhzl9EchxOijpkbRC8SVBQU0w==",
        license: "MIT",
        dependencies: {
          "es-errors": "^1.3.0",
          "object-inspect": "^1.13.4"
        },
        engines: {
          node: ">= 0.4"
        },
        funding: {
          url: "https://github.com/sponsors/ljharb"
        }
      },
      "node_modules/side-channel-map": {
        version: "1.0.1",
        integrity: "sha512-VCjCNfgMsby3tTdo02nbjtM/ewra6jPHmpThenkTYh8pG9ucZ/1P8So4u4FGBek/BjpOVsDCMoLA/iuBKIFXRA==",
        license: "MIT",
        dependencies: {
          "call-bound": "^1.0.2",
          "es-errors": "^1.3.0",
          "get-intrinsic": "^1.2.5",
          "object-inspect": "^1.13.3"
        },
        engines: {
          node: ">= 0.4"
        },
        funding: {
          url: "https://github.com/sponsors/ljharb"
        }
      },
      "node_modules/side-channel-weakmap": {
        version: "1.0.2",
        integrity: "sha512-WPS/HvHQTYnHisLo9McqBHOJk2FkHO/tlpvldyrnem4aeQp4hai3gythswg6p01oSoTl58rcpiFAjF2br2Ak2A==",
        license: "MIT",
        dependencies: {
          "call-bound": "^1.0.2",
          "es-errors": "^1.3.0",
          "get-intrinsic": "^1.2.5",
          "object-inspect": "^1.13.3",
          "side-channel-map": "^1.0.1"
        },
        engines: {
          node: ">= 0.4"
        },
        funding: {
          url: "https://github.com/sponsors/ljharb"
        }
      },
      "node_modules/simple-concat": {
        version: "1.0.1",
        integrity: "sha512-cSFtAPtRhljv69IK0hTVZQ+OfE9nePi/rtJmw5UjHeVyVroEqJXP1sFztKUy1qU+xvz3u/sfYJLa947b7nAN2Q==",
        funding: [
          {
            type: "github",
            url: "https://github.com/sponsors/feross"
          },
          {
            type: "patreon",
            url: "https://www.patreon.com/feross"
          },
          {
            type: "consulting",
            url: "https://feross.org/support"
          }
        ],
        license: "MIT"
      },
      "node_modules/single-line-log": {
        version: "1.1.2",
        integrity: "sha512-awzaaIPtYFdexLr6TBpcZSGPB6D1RInNO/qNetgaJloPDF/D0GkVtLvGEp8InfmLV7CyLyQ5fIRP+tVN/JmWQA==",
        license: "MIT",
        dependencies: {
          "string-width": "^1.0.1"
        }
      },
      "node_modules/source-map": {
        version: "0.5.7",
        integrity: "sha512-LbrmJOMUSdEVxIKvdcJzQC+nQhe8FUZQTXQy6+I75skNgn3OoQ0DZA8YnFa7gp8tqtL3KPf1kmo0R5DoApeSGQ==",
        license: "BSD-3-Clause",
        engines: {
          node: ">=0.10.0"
        }
      },
      "node_modules/sourcemap-codec": {
        version: "1.4.8",
        integrity: "sha512-9NykojV5Uih4lgo5So5dtw+f0JgJX30KCNI8gwhz2J9A15wD0Ml6tjHKwf6fTSa6fAdVBdZeNOs9eJ71qCk8vA==",
        license: "MIT"
      },
      "node_modules/split2": {
        version: "4.2.0",
        integrity: "sha512-UcjcJOWknrNkF6PLX83qcHM6KHgVKNkV62Y8a5uYDVv9ydGQVwAHMKqHdJje1VTWpljG0WYpCDhrCdAOYH4TWg==",
        license: "ISC",
        engines: {
          node: ">= 10.x"
        }
      },
      "node_modules/stream-browserify": {
        version: "3.0.0",
        integrity: "sha512-H73RAHsVBapbim0tU2JwwOiXUj+fikfiaoYAKHF3VJfA0pe2BCzkhAHBlLG6REzE+2WNZcxOXjK7lkso+9euLA==",
        license: "MIT",
        dependencies: {
          inherits: "~2.0.4",
          "readable-stream": "^3.5.0"
        }
      },
      "node_modules/stream-browserify/node_modules/readable-stream": {
        version: "3.6.2",
        integrity: "sha512-9u/sniCrY3D5WdsERHzHE4G2YCXqoG5FTHUiCC4SIbr6XcLZBY05ya9EKjYek9O5xOAwjGq+1JdGBAS7Q9ScoA==",
        license: "MIT",
        dependencies: {
          inherits: "^2.0.3",
          string_decoder: "^1.1.1",
          "util-deprecate": "^1.0.1"
        },
        engines: {
          node: ">= 6"
        }
      },
      "node_modules/stream-combiner2": {
        version: "1.1.1",
        integrity: "sha512-3PnJbYgS56AeWgtKF5jtJRT6uFJe56Z0Hc5Ngg/6sI6rIt8iiMBTa9cvdyFfpMQjaVHr8dusbNeFGIIonxOvKw==",
        license: "MIT",
        dependencies: {
          duplexer2: "~0.1.0",
          "readable-stream": "^2.0.2"
        }
      },
      "node_modules/stream-http": {
        version: "3.2.0",
        integrity: "sha512-Oq1bLqisTyK3TSCXpPbT4sdeYNdmyZJv1LxpEm2vu1ZhK89kSE5YXwZc3cWk0MagGaKriBh9mCFbVGtO+vY29A==",
        license: "MIT",
        dependencies: {
          "builtin-status-codes": "^3.0.0",
          inherits: "^2.0.4",
          "readable-stream": "^3.6.0",
          xtend: "^4.0.2"
        }
      },
      "node_modules/stream-http/node_modules/readable-stream": {
        version: "3.6.2",
        integrity: "sha512-9u/sniCrY3D5WdsERHzHE4G2YCXqoG5FTHUiCC4SIbr6XcLZBY05ya9EKjYek9O5xOAwjGq+1JdGBAS7Q9ScoA==",
        license: "MIT",
        dependencies: {
          inherits: "^2.0.3",
          string_decoder: "^1.1.1",
          "util-deprecate": "^1.0.1"
        },
        engines: {
          node: ">= 6"
        }
      },
      "node_modules/stream-shift": {
        version: "1.0.3",
        integrity: "sha512-76ORR0DO1o1hlKwTbi/DM3EXWGf3ZJYO8cXX5RJwnul2DEg2oyoZyjLNoQM8WsvZiFKCRfC1O0J7iCvie3RZmQ==",
        license: "MIT"
      },
      "node_modules/stream-splicer": {
        version: "2.0.1",
        integrity: "sha512-Xizh4/NPuYSyAXyT7g8IvdJ9HJpxIGL9PjyhtywCZvvP0OPIdqyrr4dMikeuvY8xahpdKEBlBTySe583totajg==",
        license: "MIT",
        dependencies: {
          inherits: "^2.0.1",
          "readable-stream": "^2.0.2"
        }
      },
      "node_modules/string_decoder": {
        version: "1.3.0",
        integrity: "sha512-hkRX8U1WjJFd8LsDJ2yQ/wWWxaopEsABU1XfkM8A+j0+85JAGppt16cr1Whg6KIbb4okU6Mql6BOj+uup/wKeA==",
        license: "MIT",
        dependencies: {
          "safe-buffer": "~5.2.0"
        }
      },
      "node_modules/string-width": {
        version: "1.0.2",
        integrity: "sha512-0XsVpQLnVCXHJfyEs8tC0zpTVIr5PKKsQtkT29IwupnPTjtPmQ3xT/4yCREF9hYkV/3M3kzcUTSAZT6a6h81tw==",
        license: "MIT",
        dependencies: {
          "code-point-at": "^1.0.0",
          "is-fullwidth-code-point": "^1.0.0",
          "strip-ansi": "^3.0.0"
        },
        engines: {
          node: ">=0.10.0"
        }
      },
      "node_modules/strip-ansi": {
        version: "3.0.1",
        integrity: "sha512-VhumSSbBqDTP8p2ZLKj40UjBCV4+v8bUSEpUb4KjRgWk9pbqGF4REFj6KEagidb2f/M6AzC0EmFyDNGaw9OCzg==",
        license: "MIT",
        dependencies: {
          "ansi-regex": "^2.0.0"
        },
        engines: {
          node: ">=0.10.0"
        }
      },
      "node_modules/subarg": {
        version: "1.0.0",
        integrity: "sha512-RIrIdRY0X1xojthNcVtgT9sjpOGagEUKpZdgBUi054OEPFo282yg+zE+t1Rj3+RqKq2xStL7uUHhY+AjbC4BXg==",
        license: "MIT",
        dependencies: {
          minimist: "^1.1.0"
        }
      },
      "node_modules/supports-color": {
        version: "2.0.0",
        integrity: "sha512-KKNVtd6pCYgPIKU4cp2733HWYCpplQhddZLBUryaAHou723x+FRzQ5Df824Fj+IyyuiQTRoub4SnIFfIcrp70g==",
        license: "MIT",
        engines: {
          node: ">=0.8.0"
        }
      },
      "node_modules/supports-preserve-symlinks-flag": {
        version: "1.0.0",
        integrity: "sha512-ot0WnXS9fgdkgIcePe6RHNk1WA8+muPa6cSjeR3V8K27q9BB1rTE3R1p7Hv0z1ZyAc8s6Vvv8DIyWf681MAt0w==",
        license: "MIT",
        engines: {
          node: ">= 0.4"
        },
        funding: {
          url: "https://github.com/sponsors/ljharb"
        }
      },
      "node_modules/syntax-error": {
        version: "1.4.0",
        integrity: "sha512-YPPlu67mdnHGTup2A8ff7BC2Pjq0e0Yp/IyTFN03zWO0RcK07uLcbi7C2KpGR2FvWbaB0+bfE27a+sBKebSo7w==",
        license: "MIT",
        dependencies: {
          "acorn-node": "^1.2.0"
        }
      },
      "node_modules/tachyons": {
        version: "4.12.0",
        integrity: "sha512-2nA2IrYFy3raCM9fxJ2KODRGHVSZNTW3BR0YnlGsLUf1DA3pk3YfWZ/DdfbnZK6zLZS+jUenlUGJsKcA5fUiZg==",
        license: "MIT"
      },
      "node_modules/through": {
        version: "2.3.8",
        integrity: "sha512-w89qg7PI8wAdvX60bMDP+bFoD5Dvhm9oLheFp5O4a2QF0cSBGsBX4qZmadPMvVqlLJBBci+WqGGOAPvcDeNSVg==",
        license: "MIT"
      },
      "node_modules/through2": {
        version: "4.0.2",
        integrity: "sha512-iOqSav00cVxEEICeD7TjLB1sueEL+81Wpzp2bY17uZjZN0pWZPuo4suZ/61VujxmqSGFfgOcNuTZ85QJwNZQpw==",
        license: "MIT",
        dependencies: {
          "readable-stream": "3"
        }
      },
      "node_modules/through2/node_modules/readable-stream": {
        version: "3.6.2",
        integrity: "sha512-9u/sniCrY3D5WdsERHzHE4G2YCXqoG5FTHUiCC4SIbr6XcLZBY05ya9EKjYek9O5xOAwjGq+1JdGBAS7Q9ScoA==",
        license: "MIT",
        dependencies: {
          inherits: "^2.0.3",
          string_decoder: "^1.1.1",
          "util-deprecate": "^1.0.1"
        },
        engines: {
          node: ">= 6"
        }
      },
      "node_modules/timers-browserify": {
        version: "1.4.2",
        integrity: "sha512-PIxwAupJZiYU4JmVZYwXp9FKsHMXb5h0ZEFyuXTAn8WLHOlcij+FEcbrvDsom1o5dr1YggEtFbECvGCW2sT53Q==",
        dependencies: {
          process: "~0.11.0"
        },
        engines: {
          node: ">=0.6.0"
        }
      },
      "node_modules/to-buffer": {
        version: "1.2.2",
        integrity: "sha512-db0E3UJjcFhpDhAF4tLo03oli3pwl3dbnzXOUIlRKrp+ldk/VUxzpWYZENsw2SZiuBjHAk7DfB0VU7NKdpb6sw==",
        license: "MIT",
        dependencies: {
          isarray: "^2.0.5",
          "safe-buffer": "^5.2.1",
          "typed-array-buffer": "^1.0.3"
        },
        engines: {
          node: ">= 0.4"
        }
      },
      "node_modules/to-buffer/node_modules/isarray": {
        version: "2.0.5",
        integrity: "sha512-xHjhDr3cNBK0BzdUJSPXZntQUx/mwMS5Rw4A7lPJ90XGAO6ISP/ePDNuo0vhqOZU+UD5JoodwCAAoZQd3FeAKw==",
        license: "MIT"
      },
      "node_modules/transform-ast": {
        version: "2.4.4",
        integrity: "sha512-AxjeZAcIOUO2lev2GDe3/xZ1Q0cVGjIMk5IsriTy8zbWlsEnjeB025AhkhBJHoy997mXpLd4R+kRbvnnQVuQHQ==",
        license: "MIT",
        dependencies: {
          "acorn-node": "^1.3.0",
          "convert-source-map": "^1.5.1",
          "dash-ast": "^1.0.0",
          "is-buffer": "^2.0.0",
          "magic-string": "^0.23.2",
          "merge-source-map": "1.0.4",
          nanobench: "^2.1.1"
        }
      },
      "node_modules/transform-ast/node_modules/convert-source-map": {
        version: "1.9.0",
        integrity: "sha512-ASFBup0Mz1uyiIjANan1jzLQami9z1PoYSZCiiYW2FczPbenXc45FZdBZLzOT+r6+iciuEModtmCti+hjaAk0A==",
        license: "MIT"
      },
      "node_modules/transform-ast/node_modules/is-buffer": {
        version: "2.0.5",
        integrity: "sha512-i2R6zNFDwgEHJyQUtJEk0XFi1i0dPFn/oqjK3/vPCcDeJvW5NQ83V8QbicfF1SupOaB0h8ntgBC2YiE7dfyctQ==",
        funding: [
          {
            type: "github",
            url: "https://github.com/sponsors/feross"
          },
          {
            type: "patreon",
            url: "https://www.patreon.com/feross"
          },
          {
            type: "consulting",
            url: "https://feross.org/support"
          }
        ],
        license: "MIT",
        engines: {
          node: ">=4"
        }
      },
      "node_modules/tty-browserify": {
        version: "0.0.1",
        integrity: "sha512-C3TaO7K81YvjCgQH9Q1S3R3P3BtN3RIM8n+OvX4il1K1zgE8ZhI0op7kClgkxtutIE8hQrcrHBXvIheqKUUCxw==",
        license: "MIT"
      },
      "node_modules/type-component": {
        version: "0.0.1",
        integrity: "sha512-mDZRBQS2yZkwRQKfjJvQ8UIYJeBNNWCq+HBNstl9N5s9jZ4dkVYXEGkVPsSCEh5Ld4JM1kmrZTzjnrqSAIQ7dw=="
      },
      "node_modules/typed-array-buffer": {
        version: "1.0.3",
        integrity: "sha512-nAYYwfY3qnzX30IkA6AQZjVbtK6duGontcQm1WSG1MD94YLqK0515GNApXkoxKOWMusVssAHWLh9SeaoefYFGw==",
        license: "MIT",
        dependencies: {
          "call-bound": "^1.0.3",
          "es-errors": "^1.3.0",
          "is-typed-array": "^1.1.14"
        },
        engines: {
          node: ">= 0.4"
        }
      },
      "node_modules/typedarray": {
        version: "0.0.6",
        integrity: "sha512-/aCDEGatGvZ2BIk+HmLf4ifCJFwvKFNb9/JeZPMulfgFracn9QFcAf5GO8B/mweUjSoblS5In0cWhqpfs/5PQA==",
        license: "MIT"
      },
      "node_modules/umd": {
        version: "3.0.3",
        integrity: "sha512-4IcGSufhFshvLNcMCV80UnQVlZ5pMOC8mvNPForqwA4+lzYQuetTESLDQkeLmihq8bRcnpbQa48Wb8Lh16/xow==",
        license: "MIT",
        bin: {
          umd: "bin/cli.js"
        }
      },
      "node_modules/undeclared-identifiers": {
        version: "1.1.3",
        integrity: "sha512-pJOW4nxjlmfwKApE4zvxLScM/njmwj/DiUBv7EabwE4O8kRUy+HIwxQtZLBPll/jx1LJyBcqNfB3/cpv9EZwOw==",
        license: "Apache-2.0",
        dependencies: {
          "acorn-node": "^1.3.0",
          "dash-ast": "^1.0.0",
          "get-assigned-identifiers": "^1.2.0",
          "simple-concat": "^1.0.0",
          xtend: "^4.0.1"
        },
        bin: {
          "undeclared-identifiers": "bin.js"
        }
      },
      "node_modules/universalify": {
        version: "2.0.1",
        integrity: "sha512-gptHNQghINnc/vTGIk0SOFGFNXw7JVrlRUtConJRlvaw6DuX0wO5Jeko9sWrMBhh+PsYAZ7oXAiOnf/UKogyiw==",
        license: "MIT",
        engines: {
          node: ">= 10.0.0"
        }
      },
      "node_modules/upper-case": {
        version: "1.1.3",
        integrity: "sha512-WRbjgmYzgXkCV7zNVpy5YgrHgbBv126rMALQQMrmzOVC4GM2waQ9x7xtm8VU+1yF2kWyPzI9zbZ48n4vSxwfSA==",
        license: "MIT"
      },
      "node_modules/url": {
        version: "0.11.4",
        integrity: "sha512-oCwdVC7mTuWiPyjLUz/COz5TLk6wgp0RCsN+wHZ2Ekneac9w8uuV0njcbbie2ME+Vs+d6duwmYuR3HgQXs1fOg==",
        license: "MIT",
        dependencies: {
          punycode: "^1.4.1",
          qs: "^6.12.3"
        },
        engines: {
          node: ">= 0.4"
        }
      },
      "node_modules/util": {
        version: "0.12.5",
        integrity: "sha512-kZf/K6hEIrWHI6XqOFUiiMa+79wE/D8Q+NCNAWclkyg3b4d2k7s0QGepNjiABc+aR3N1PAyHL7p6UcLY6LmrnA==",
        license: "MIT",
        dependencies: {
          inherits: "^2.0.3",
          "is-arguments": "^1.0.4",
          "is-generator-function": "^1.0.7",
          "is-typed-array": "^1.1.3",
          "which-typed-array": "^1.1.2"
        }
      },
      "node_modules/util-deprecate": {
        version: "1.0.2",
        integrity: "sha512-EPD5q1uXyFxJpCrLnCc1nHnq3gOa6DZBocAIiI2TaSCA7VCJ1UJDMagCzIkXNsUYfD1daK//LTEQ8xiIbrHtcw==",
        license: "MIT"
      },
      "node_modules/util-extend": {
        version: "1.0.3",
        integrity: "sha512-mLs5zAK+ctllYBj+iAQvlDCwoxU/WDOUaJkcFudeiAX6OajC6BKXJUa9a+tbtkC11dz2Ufb7h0lyvIOVn4LADA==",
        license: "MIT"
      },
      "node_modules/vm-browserify": {
        version: "1.1.2",
        integrity: "sha512-2ham8XPWTONajOR0ohOKOHXkm3+gaBmGut3SRuu75xLd/RRaY6vqgh8NBYYk7+RW3u5AtzPQZG8F10LHkl0lAQ==",
        license: "MIT"
      },
      "node_modules/which": {
        version: "2.0.2",
        integrity: "sha512-BLI3Tl1TW3Pvl70l3yq3Y64i+awpwXqsGBYWkkqMtnbXgrMD+yj7rhW0kuEDxzJaYXGjEW5ogapKNMEKNMjibA==",
        license: "ISC",
        dependencies: {
          isexe: "^2.0.0"
        },
        bin: {
          "node-which": "bin/node-which"
        },
        engines: {
          node: ">= 8"
        }
      },
      "node_modules/which-typed-array": {
        version: "1.1.24",
        integrity: "sha512-wk4Mf4pR5mRP7eYuuTBCIQ9d0ud2Fv2jRLQpfgnRjbOxAFHmjKFValgTpitVKzJJS8ajnYQV2Du1SZ8j6b/EUQ==",
        license: "MIT",
        dependencies: {
          "available-typed-arrays": "^1.0.7",
          "call-bind": "^1.0.9",
          "call-bound": "^1.0.4",
          "for-each": "^0.3.5",
          "get-proto": "^1.0.1",
          gopd: "^1.2.0",
          "has-tostringtag": "^1.0.2"
        },
        engines: {
          node: ">= 0.4"
        },
        funding: {
          url: "https://github.com/sponsors/ljharb"
        }
      },
      "node_modules/wrappy": {
        version: "1.0.2",
        integrity: "sha512-l4Sp/DRseor9wL6EvV2+TuQn63dMkPjZ/sp9XkghTEbV9KlPS1xUsZ3u7/IQO4wxtcFB4bgpQPRcR3QCvezPcQ==",
        license: "ISC"
      },
      "node_modules/xtend": {
        version: "4.0.2",
        integrity: "sha512-LKYU1iAXJXUgAXn9URjiu+MWhyUXHsvfp7mcuYm9dSUKK0/CjtrUwFAxD82/mCWbtLsGjFIad0wIsod4zrTAEQ==",
        license: "MIT",
        engines: {
          node: ">=0.4"
        }
      }
    }
  }
};

// src/profile/install.ts
var ZEROX_VERSION = zerox_lock_default.packageLock.packages["node_modules/0x"].version;
var MARKER = ".perf-gate-installed";
var LOCK_TEXT = `${JSON.stringify(zerox_lock_default.packageLock, null, 2)}
`;
var PACKAGE_TEXT = `${JSON.stringify(zerox_lock_default.packageJson, null, 2)}
`;
var LOCK_HASH = createHash("sha256").update(PACKAGE_TEXT).update(LOCK_TEXT).digest("hex");
function defaultZeroXCacheDir(env = process.env) {
  const parent = env.RUNNER_TOOL_CACHE !== void 0 && env.RUNNER_TOOL_CACHE !== "" ? env.RUNNER_TOOL_CACHE : tmpdir3();
  return join6(parent, `perf-gate-0x-${ZEROX_VERSION}`);
}
function zeroXBin(cacheDir) {
  return join6(cacheDir, "node_modules", "0x", "cmd.js");
}
function isInstalled(cacheDir) {
  try {
    if (readFileSync5(join6(cacheDir, MARKER), "utf8").trim() !== LOCK_HASH) return false;
    const manifest = JSON.parse(
      readFileSync5(join6(cacheDir, "node_modules", "0x", "package.json"), "utf8")
    );
    return manifest.version === ZEROX_VERSION && existsSync2(zeroXBin(cacheDir));
  } catch {
    return false;
  }
}
var pending = /* @__PURE__ */ new Map();
function ensureZeroX(cacheDir = defaultZeroXCacheDir(), options = {}) {
  const dir = resolve3(cacheDir);
  let promise = pending.get(dir);
  if (promise === void 0) {
    promise = install(dir, options);
    pending.set(dir, promise);
    promise.catch(() => pending.delete(dir));
  }
  return promise;
}
async function install(dir, options) {
  if (isInstalled(dir)) return zeroXBin(dir);
  const timeoutMs = options.timeoutMs ?? 5 * 6e4;
  const staging = `${dir}.tmp-${process.pid}-${Date.now().toString(36)}`;
  try {
    mkdirSync2(dirname3(dir), { recursive: true });
    mkdirSync2(staging, { recursive: true });
    writeFileSync2(join6(staging, "package.json"), PACKAGE_TEXT);
    writeFileSync2(join6(staging, "package-lock.json"), LOCK_TEXT);
  } catch (cause) {
    throw new GateError("install", `could not prepare a directory for the profiler 0x at ${staging}`, {
      cause
    });
  }
  const npm = options.npm ?? "npm";
  const args = ["ci", "--ignore-scripts", "--no-audit", "--no-fund", "--loglevel=warn"];
  const command = `${npm} ${args.join(" ")}`;
  let result;
  try {
    result = await runCommand(npm, {
      cwd: staging,
      args,
      env: safeEnv({ CI: "true", npm_config_update_notifier: "false" }),
      timeoutMs,
      ...options.onOutput ? { onOutput: options.onOutput } : {}
    });
  } catch (cause) {
    rmSync(staging, { recursive: true, force: true });
    throw new GateError("install", `installing the profiler 0x@${ZEROX_VERSION} (\`${command}\`) failed`, {
      cause
    });
  }
  if (result.timedOut || result.code !== 0) {
    rmSync(staging, { recursive: true, force: true });
    const why = result.timedOut ? `did not finish within ${Math.round(timeoutMs / 1e3)} s` : result.code === 127 ? "could not be started (is npm on PATH?)" : `failed with exit code ${result.code}`;
    throw new GateError(
      "install",
      `installing the profiler 0x@${ZEROX_VERSION} (\`${command}\` in ${staging}) ${why}`,
      {
        output: result.output.lastLines(30)
      }
    );
  }
  if (!existsSync2(zeroXBin(staging))) {
    rmSync(staging, { recursive: true, force: true });
    throw new GateError(
      "install",
      `\`${command}\` succeeded but left no 0x CLI (node_modules/0x/cmd.js) in ${staging}`,
      {
        output: result.output.lastLines(30)
      }
    );
  }
  writeFileSync2(join6(staging, MARKER), `${LOCK_HASH}
`);
  if (isInstalled(dir)) {
    rmSync(staging, { recursive: true, force: true });
    return zeroXBin(dir);
  }
  try {
    if (existsSync2(dir)) rmSync(dir, { recursive: true, force: true });
    renameSync2(staging, dir);
  } catch (cause) {
    if (isInstalled(dir)) {
      rmSync(staging, { recursive: true, force: true });
      return zeroXBin(dir);
    }
    if (isInstalled(staging)) return zeroXBin(staging);
    throw new GateError("install", `could not move the installed profiler into ${dir}`, { cause });
  }
  return zeroXBin(dir);
}

// src/profile/ticks.ts
function readTicks(data) {
  if (!Array.isArray(data)) throw new Error("ticks.json is not an array of samples");
  const ticks = [];
  for (const [index, stack] of data.entries()) {
    if (!Array.isArray(stack)) throw new Error(`ticks.json: sample ${index} is not an array of frames`);
    const frames = [];
    for (const frame of stack) {
      if (frame === null || frame === void 0) continue;
      if (typeof frame !== "object" || typeof frame.name !== "string")
        throw new Error(`ticks.json: sample ${index} has a frame without a name`);
      const { name, type, kind } = frame;
      frames.push({
        name,
        ...typeof type === "string" ? { type } : {},
        ...typeof kind === "string" ? { kind } : {}
      });
    }
    ticks.push(frames);
  }
  return ticks;
}
var TRAILING_TAG = /\s*\[[A-Z][A-Z_]*(?::[A-Za-z]+)?\]$/;
var LOG_PREFIX = /^(?:LazyCompile|Function|Script|Eval|JS):\s?/;
var TIER_MARK = /^[*~^+]/;
var FILE_START = [
  " node:",
  " file:",
  " /",
  " [eval]",
  " evalmachine",
  " data:",
  " http:",
  " https:",
  " webpack:"
];
function parseFrameName(raw) {
  let name = raw;
  while (TRAILING_TAG.test(name)) name = name.replace(TRAILING_TAG, "");
  name = name.replace(LOG_PREFIX, "").replace(TIER_MARK, "");
  const location2 = /:(\d+)(?::(\d+))?$/.exec(name);
  if (location2 === null || !/[ /\\:]/.test(name.slice(0, location2.index)))
    return { fn: name.trim() || "(anonymous)", file: "", line: 0, column: 0 };
  const before = name.slice(0, location2.index);
  const line = Number(location2[1]);
  const column = location2[2] === void 0 ? 0 : Number(location2[2]);
  if (before.startsWith(" ")) return { fn: "(anonymous)", file: before.slice(1) || "[eval]", line, column };
  let split = -1;
  for (const marker of FILE_START) {
    const at = before.indexOf(marker);
    if (at >= 0 && (split < 0 || at < split)) split = at;
  }
  const drive = / [A-Za-z]:[\\/]/.exec(before);
  if (drive !== null && (split < 0 || drive.index < split)) split = drive.index;
  if (split < 0) split = before.lastIndexOf(" ");
  if (split < 0) return { fn: "(anonymous)", file: before, line, column };
  const fn = before.slice(0, split).trim() || "(anonymous)";
  const file = before.slice(split + 1) || "[eval]";
  return { fn, file, line, column };
}
function relativeFile(file, roots) {
  let path = file;
  if (path.startsWith("file://")) {
    path = path.slice("file://".length);
    try {
      path = decodeURIComponent(path);
    } catch {
    }
    if (/^\/[A-Za-z]:\//.test(path)) path = path.slice(1);
  }
  const normal = (p) => p.replace(/\\/g, "/").replace(/\/+$/, "");
  const target = normal(path);
  let best;
  for (const root of roots) {
    const r = normal(root);
    if (r === "") continue;
    if ((target === r || target.startsWith(`${r}/`)) && (best === void 0 || r.length > best.length))
      best = r;
  }
  if (best === void 0) return path;
  return target === best ? "." : target.slice(best.length + 1);
}
var IDLE_LEAF = /^(?:epoll_p?wait2?|__GI_epoll_p?wait|__epoll_p?wait|kevent(?:64)?|__kevent|uv__io_poll|uv__epoll_poll|GetQueuedCompletionStatus(?:Ex)?|NtRemoveIoCompletion(?:Ex)?|ZwRemoveIoCompletion(?:Ex)?|\(idle\)|\(program\))(?!\w)/;
var GC = /^\(garbage collector\)$|^v8::internal::(?:Heap|Scavenger|ScavengerCollector|MarkCompactCollector|MinorMarkSweepCollector|MinorMarkCompactCollector|ConcurrentMarking|IncrementalMarking|Sweeper|GCTracer|MemoryReducer|MarkingBarrier)\w*::|CollectGarbage/;
var STARTUP_FILE = /^node:internal\/(?:main|bootstrap|modules)\//;
var INSTRUMENTATION = /[/\\]0x[/\\]lib[/\\]preload[/\\]/;
function symbol(name) {
  return name.replace(/@@?[A-Za-z0-9_.]+$/, "").trim();
}
var GC_FRAME = {
  key: "(garbage collection)",
  fn: "(garbage collection)",
  file: "",
  line: 0,
  column: 0,
  pseudo: true
};
var NATIVE_FRAME = {
  key: "(native code)",
  fn: "(native code)",
  file: "",
  line: 0,
  column: 0,
  pseudo: true
};
function classifyFrame(raw, roots = []) {
  const type = raw.type ?? "";
  if (INSTRUMENTATION.test(raw.name)) return { frame: nativeFrame(raw.name), category: "instrumentation" };
  const parsed = parseFrameName(raw.name);
  const isJs = type === "JS" || type === "" && parsed.file !== "" && parsed.line > 0;
  if (isJs && parsed.file !== "") {
    const file = relativeFile(parsed.file, roots);
    const frame = {
      key: `${parsed.fn}\0${file}\0${parsed.line}\0${parsed.column}`,
      fn: parsed.fn,
      file,
      line: parsed.line,
      column: parsed.column,
      pseudo: false
    };
    const startup = STARTUP_FILE.test(parsed.file) || /\s\[INIT\]/.test(raw.name);
    return { frame, category: startup ? "startup" : "js" };
  }
  const name = symbol(parsed.file === "" ? parsed.fn : raw.name);
  if (IDLE_LEAF.test(name)) return { frame: nativeFrame(name), category: "idle" };
  if (GC.test(name)) return { frame: nativeFrame(name), category: "gc" };
  return { frame: nativeFrame(name), category: "native" };
}
function nativeFrame(name) {
  return { key: `${name}\0\x000\x000`, fn: name, file: "", line: 0, column: 0, pseudo: false };
}
function classifySample(stack, roots, cache) {
  const classified = [];
  let instrumented = false;
  for (const raw of stack) {
    const cacheKey = `${raw.type ?? ""}\0${raw.name}`;
    let c = cache.get(cacheKey);
    if (c === void 0) {
      c = classifyFrame(raw, roots);
      cache.set(cacheKey, c);
    }
    if (c.category === "instrumentation") instrumented = true;
    else classified.push(c);
  }
  const none = { frames: [], gc: false, native: false };
  if (classified.length === 0) return { kind: instrumented ? "instrumentation" : "idle", ...none };
  const leaf = classified[classified.length - 1];
  if (leaf.category === "idle") return { kind: "idle", ...none };
  if (classified.some((c) => c.category === "startup")) return { kind: "startup", ...none };
  const js = classified.filter((c) => c.category === "js").map((c) => c.frame);
  const gc = classified.some((c) => c.category === "gc");
  const native = leaf.category !== "js";
  if (gc) return { kind: "busy", frames: [...js, GC_FRAME], gc, native };
  if (js.length === 0) return { kind: "busy", frames: [NATIVE_FRAME], gc, native };
  return { kind: "busy", frames: js, gc, native };
}
function buildProfile(ticks, options = {}) {
  const roots = options.roots ?? [];
  const cache = /* @__PURE__ */ new Map();
  const counts = { idle: 0, startup: 0, instrumentation: 0, busy: 0, gc: 0, native: 0 };
  const stacks = /* @__PURE__ */ new Map();
  const stats = /* @__PURE__ */ new Map();
  const stat = (frame) => {
    let s = stats.get(frame.key);
    if (s === void 0) {
      s = { ...frame, self: 0, total: 0, selfShare: 0, totalShare: 0 };
      stats.set(frame.key, s);
    }
    return s;
  };
  for (const stack of ticks) {
    const sample = classifySample(stack, roots, cache);
    if (sample.kind !== "busy") {
      counts[sample.kind]++;
      continue;
    }
    counts.busy++;
    if (sample.gc) counts.gc++;
    if (sample.native) counts.native++;
    const seen = /* @__PURE__ */ new Set();
    for (const frame of sample.frames) {
      if (seen.has(frame.key)) continue;
      seen.add(frame.key);
      stat(frame).total++;
    }
    stat(sample.frames[sample.frames.length - 1]).self++;
    const id = sample.frames.map((f) => f.key).join("");
    const collapsed = stacks.get(id);
    if (collapsed) collapsed.count++;
    else stacks.set(id, { frames: sample.frames, count: 1 });
  }
  const busy = counts.busy;
  const functions = [...stats.values()].map((s) => ({
    ...s,
    selfShare: busy === 0 ? 0 : s.self / busy,
    totalShare: busy === 0 ? 0 : s.total / busy
  }));
  functions.sort((a, b) => b.self - a.self || b.total - a.total || a.key.localeCompare(b.key));
  return {
    samples: ticks.length,
    busy,
    idle: counts.idle,
    startup: counts.startup,
    instrumentation: counts.instrumentation,
    gc: counts.gc,
    native: counts.native,
    functions,
    stacks: [...stacks.values()].sort((a, b) => b.count - a.count)
  };
}

// src/profile/render.ts
function formatShare2(share) {
  const p = share * 100;
  if (p === 0) return "0%";
  if (p < 0.1) return "<0.1%";
  if (p >= 10) return `${p.toFixed(0)}%`;
  return `${p.toFixed(1)}%`;
}
function formatPoints(delta) {
  const points = delta * 100;
  const text = Math.abs(points) >= 10 ? Math.abs(points).toFixed(0) : Math.abs(points).toFixed(1);
  if (text === "0.0" || text === "0") return "\xB10 pts";
  return `${points > 0 ? "+" : "\u2212"}${text} pts`;
}
function where(row, roots) {
  if (row.file === "") return "";
  const file = relativeFile(row.file, roots);
  return row.line > 0 ? `${file}:${row.line}` : file;
}
function cell(text) {
  return code(text).replace(/\|/g, "\\|");
}
function named(row, roots) {
  const at = where(row, roots);
  if (row.pseudo) return escapeMarkdown(row.fn);
  return at === "" ? code(row.fn) : `${code(row.fn)} in ${escapeMarkdown(at)}`;
}
function noteworthy(row, diff, minDelta, minZ) {
  return Math.abs(row.deltaSelf) >= minDelta && Math.abs(changeZ(row, diff)) >= minZ;
}
function describeTopChange(diff, options = {}) {
  const roots = options.roots ?? [];
  const minDelta = options.minDelta ?? 5e-3;
  const minZ = options.minZ ?? 3;
  const top = diff.grown.find((r) => noteworthy(r, diff, minDelta, minZ));
  if (top !== void 0) {
    const inclusive = !top.pseudo && top.headTotal - top.headSelf >= 0.01 ? ` (${formatShare2(top.headTotal)} with what it calls)` : "";
    return `${named(top, roots)} went from ${formatShare2(top.baseSelf)} to ${formatShare2(top.headSelf)} of busy time on head${inclusive}.`;
  }
  const drop = diff.shrunk.find((r) => noteworthy(r, diff, minDelta, minZ));
  const none = `No function's share of busy time grew by ${formatPoints(minDelta).replace(/^\+/, "")} or more on head`;
  if (drop !== void 0)
    return `${none}; ${named(drop, roots)} went down from ${formatShare2(drop.baseSelf)} to ${formatShare2(drop.headSelf)}.`;
  return `${none}.`;
}
function renderProfileSection(diff, options = {}) {
  const roots = options.roots ?? [];
  const limit = Math.max(1, Math.min(8, options.limit ?? 6));
  const minDelta = options.minDelta ?? 5e-3;
  const minZ = options.minZ ?? 3;
  const level = "#".repeat(Math.max(1, Math.min(6, options.headingLevel ?? 3)));
  const out = [`${level} Where the time went (CPU profile)`, ""];
  if (diff.base.busy === 0 || diff.head.busy === 0) {
    const empty = diff.base.busy === 0 ? "base" : "head";
    out.push(`The ${empty} profile has no busy samples, so there is nothing to compare.`);
    return out.join("\n");
  }
  out.push(describeTopChange(diff, options), "");
  const grown = diff.grown.filter((r) => noteworthy(r, diff, minDelta, minZ)).slice(0, limit);
  const rows = grown.length > 0 ? grown : diff.shrunk.filter((r) => noteworthy(r, diff, minDelta, minZ)).slice(0, limit);
  if (rows.length > 0) {
    out.push("| function | file:line | base % | head % | change |", "| --- | --- | ---: | ---: | ---: |");
    for (const row of rows) {
      const at = where(row, roots);
      const fn = row.pseudo ? escapeMarkdown(row.fn) : cell(row.fn);
      out.push(
        `| ${fn} | ${at === "" ? "" : cell(at)} | ${formatShare2(row.baseSelf)} | ${formatShare2(row.headSelf)} | ${formatPoints(row.deltaSelf)} |`
      );
    }
    out.push("");
  }
  const duration = options.durationSec === void 0 ? "" : ` for ${options.durationSec} s`;
  const artifacts = options.artifacts === void 0 ? "" : ` Flame graphs of both sides, and differential ones coloured by change, are in ${escapeMarkdown(options.artifacts)}.`;
  out.push(
    `<sub>Profiled with 0x after measuring, under the same load${duration}: ${diff.base.busy.toLocaleString("en-US")} busy CPU samples on base, ${diff.head.busy.toLocaleString("en-US")} on head (idle and start-up left out). Percentages are the share of busy samples spent in the function itself.${artifacts}</sub>`
  );
  return out.join("\n");
}

// src/profile/run.ts
import {
  accessSync,
  constants,
  existsSync as existsSync3,
  mkdirSync as mkdirSync3,
  readdirSync as readdirSync3,
  readFileSync as readFileSync6,
  rmSync as rmSync2,
  statSync
} from "node:fs";
import { dirname as dirname4, isAbsolute, join as join7, resolve as resolve4 } from "node:path";
import { setTimeout as sleep5 } from "node:timers/promises";

// src/profile/command.ts
function tokenize(line) {
  const words = [];
  let word = "";
  let inWord = false;
  let i = 0;
  while (i < line.length) {
    const c = line[i];
    if (c === " " || c === "	" || c === "\n") {
      if (inWord) words.push(word);
      word = "";
      inWord = false;
      i++;
      continue;
    }
    if (c === "'") {
      const end = line.indexOf("'", i + 1);
      if (end < 0) return void 0;
      word += line.slice(i + 1, end);
      inWord = true;
      i = end + 1;
      continue;
    }
    if (c === '"') {
      i++;
      for (; ; ) {
        if (i >= line.length) return void 0;
        const d = line[i];
        if (d === '"') break;
        if (d === "$" || d === "`") return void 0;
        if (d === "\\" && i + 1 < line.length && '"\\$`'.includes(line[i + 1])) {
          word += line[i + 1];
          i += 2;
          continue;
        }
        word += d;
        i++;
      }
      inWord = true;
      i++;
      continue;
    }
    if (c === "\\") {
      if (i + 1 >= line.length) return void 0;
      word += line[i + 1];
      inWord = true;
      i += 2;
      continue;
    }
    if (";&|<>()`$*?[]{}!#~".includes(c) && !(c === "#" && inWord) && !(c === "~" && inWord))
      return void 0;
    word += c;
    inWord = true;
    i++;
  }
  if (inWord) words.push(word);
  return words;
}
var NODE_VALUE_OPTIONS = /* @__PURE__ */ new Set([
  "-r",
  "--require",
  "--import",
  "--loader",
  "--experimental-loader",
  "-C",
  "--conditions",
  "--env-file",
  "--env-file-if-exists",
  "--title",
  "--inspect-port",
  "--debug-port",
  "--input-type",
  "--diagnostic-dir",
  "--redirect-warnings",
  "--unhandled-rejections",
  "--icu-data-dir",
  "--openssl-config",
  "--tls-cipher-list",
  "--disable-warning",
  "--dns-result-order",
  "--experimental-config-file",
  "--localstorage-file",
  "--secure-heap",
  "--secure-heap-min",
  "--heapsnapshot-signal",
  "--heapsnapshot-near-heap-limit",
  "--report-dir",
  "--report-directory",
  "--report-filename",
  "--report-signal",
  "--stack-trace-limit",
  "--max-http-header-size",
  "--watch-path"
]);
var NODE_UNPROFILABLE = /* @__PURE__ */ new Map([
  ["-e", "evaluates a string"],
  ["--eval", "evaluates a string"],
  ["-p", "evaluates a string"],
  ["--print", "evaluates a string"],
  ["-i", "starts a REPL"],
  ["--interactive", "starts a REPL"],
  ["-c", "only checks syntax"],
  ["--check", "only checks syntax"],
  ["--test", "runs tests"],
  ["--run", "runs a package.json script"],
  ["--watch", "restarts the program in a child process"],
  ["--watch-path", "restarts the program in a child process"]
]);
var NODE_NAMES = /^(?:.*[/\\])?node(?:js)?(?:\.exe)?$/;
var ASSIGNMENT = /^([A-Za-z_][A-Za-z0-9_]*)=(.*)$/s;
function refuse(start, why) {
  return new GateError(
    "config",
    `cannot profile the start command \`${start}\`: ${why}. Profiling needs a start command of the form \`node [flags] file [args]\` (or \`npm start\` / \`npm run NAME\` whose script is one), or a \`profile-start\` input that gives one.`
  );
}
function parseNodeCommand(start, readScripts2) {
  return parseLine(start, {
    start,
    readScripts: readScripts2,
    depth: 0,
    via: [],
    extraArgs: [],
    env: {},
    fromScript: false
  });
}
function parseLine(line, context) {
  const words = tokenize(line.trim());
  if (words === void 0)
    throw refuse(
      context.start,
      `\`${line}\` uses shell syntax (operators, quotes left open, variables or globs) that perf-gate does not follow`
    );
  let rest = words;
  const env = { ...context.env };
  for (; ; ) {
    const first = rest[0];
    if (first === void 0) throw refuse(context.start, `\`${line}\` names no program`);
    const assignment = ASSIGNMENT.exec(first);
    if (assignment) {
      env[assignment[1]] = assignment[2];
      rest = rest.slice(1);
      continue;
    }
    if (first === "env" || first === "cross-env" || first === "cross-env-shell") {
      if (first === "cross-env-shell")
        throw refuse(context.start, "`cross-env-shell` runs its command through a shell");
      rest = rest.slice(1);
      if (rest[0]?.startsWith("-")) throw refuse(context.start, `\`${first}\` with options is not followed`);
      continue;
    }
    break;
  }
  const program = rest[0];
  const args = rest.slice(1);
  const next = { ...context, env };
  if (NODE_NAMES.test(program)) return parseNode(program, args, next);
  if (program === "npm" || program === "yarn" || program === "pnpm")
    return parseScriptRunner(program, args, next);
  throw refuse(
    context.start,
    `${context.via.length > 0 ? `it runs \`${line}\`, which starts` : "it starts"} \`${program}\`, not node`
  );
}
function parseNode(program, words, context) {
  const nodeFlags = [];
  let i = 0;
  while (i < words.length) {
    const word = words[i];
    if (word === "--") {
      i++;
      break;
    }
    if (!word.startsWith("-") || word === "-") break;
    const name = word.includes("=") ? word.slice(0, word.indexOf("=")) : word;
    const unprofilable = NODE_UNPROFILABLE.get(name);
    if (unprofilable !== void 0)
      throw refuse(context.start, `node \`${name}\` ${unprofilable}, there is no entry file to profile`);
    nodeFlags.push(word);
    if (!word.includes("=") && NODE_VALUE_OPTIONS.has(word)) {
      const value = words[i + 1];
      if (value === void 0) throw refuse(context.start, `node option \`${word}\` has no value`);
      nodeFlags.push(value);
      i += 2;
      continue;
    }
    i++;
  }
  const file = words[i];
  if (file === void 0 || file === "-") throw refuse(context.start, "node is given no entry file");
  const args = [...words.slice(i + 1), ...context.extraArgs];
  const shown = [program, ...nodeFlags, file, ...args].join(" ");
  return {
    node: program,
    nodeFlags,
    file,
    args,
    env: context.env,
    fromScript: context.fromScript,
    via: [...context.via, shown].map((step2) => `\`${step2}\``).join(" \u2192 ")
  };
}
var RUN_WORDS = /* @__PURE__ */ new Set(["run", "run-script", "rum", "urn"]);
function parseScriptRunner(program, words, context) {
  if (context.depth >= 5) throw refuse(context.start, "its package.json scripts call each other too deeply");
  const shownCommand = `${program} ${words.join(" ")}`.trim();
  let name;
  let sawRun = false;
  const passed = [];
  for (let i = 0; i < words.length; i++) {
    const word = words[i];
    if (word === "--") {
      if (name === void 0) break;
      passed.push(...words.slice(i + 1));
      break;
    }
    if (name !== void 0) {
      if (program === "npm" && word.startsWith("-")) continue;
      passed.push(word);
      continue;
    }
    if (word.startsWith("-")) continue;
    if (!sawRun && RUN_WORDS.has(word)) {
      sawRun = true;
      continue;
    }
    if (!sawRun && program === "npm" && word !== "start")
      throw refuse(context.start, `\`${shownCommand}\` is not \`npm start\` or \`npm run NAME\``);
    name = word;
  }
  if (name === void 0) {
    if (sawRun || program !== "npm") throw refuse(context.start, `\`${shownCommand}\` names no script`);
    throw refuse(context.start, `\`${shownCommand}\` is not \`npm start\` or \`npm run NAME\``);
  }
  const scripts = context.readScripts();
  let script2 = scripts?.[name];
  if (script2 === void 0 && name === "start" && program === "npm") script2 = "node server.js";
  if (script2 === void 0)
    throw refuse(
      context.start,
      scripts === void 0 ? `there is no package.json (with a \`scripts\` field) to look up \`${name}\` in` : `package.json has no \`${name}\` script`
    );
  return parseLine(script2, {
    ...context,
    depth: context.depth + 1,
    via: [...context.via, shownCommand],
    extraArgs: [...passed, ...context.extraArgs],
    fromScript: true
  });
}

// src/profile/run.ts
var HOSTS2 = ["127.0.0.1", "::1"];
function readScripts(cwd) {
  try {
    const manifest = JSON.parse(readFileSync6(join7(cwd, "package.json"), "utf8"));
    if (typeof manifest.scripts !== "object" || manifest.scripts === null) return void 0;
    const scripts = {};
    for (const [name, value] of Object.entries(manifest.scripts))
      if (typeof value === "string") scripts[name] = value;
    return scripts;
  } catch {
    return void 0;
  }
}
function executable(path) {
  try {
    accessSync(path, constants.X_OK);
    return statSync(path).isFile();
  } catch {
    return false;
  }
}
function resolveNode(command, cwd, env) {
  if (command.node.includes("/")) return isAbsolute(command.node) ? command.node : resolve4(cwd, command.node);
  const dirs = [];
  if (command.fromScript) {
    for (let dir = resolve4(cwd); ; dir = dirname4(dir)) {
      dirs.push(join7(dir, "node_modules", ".bin"));
      if (dirname4(dir) === dir) break;
    }
  }
  dirs.push(...(env.PATH ?? "").split(":").filter((d) => d !== ""));
  for (const dir of dirs) {
    const candidate = join7(dir, command.node);
    if (executable(candidate)) return candidate;
  }
  if (command.node === "node") return process.execPath;
  throw new GateError(
    "config",
    `cannot profile: \`${command.node}\` (from the start command) is not on PATH`
  );
}
var v8FlagCache = /* @__PURE__ */ new Map();
function noInliningFlags(node, env) {
  let flags = v8FlagCache.get(node);
  if (flags === void 0) {
    flags = runCommand(node, { cwd: process.cwd(), env, args: ["--v8-options"], timeoutMs: 15e3 }).then(
      (result) => ["turbo-inlining", "maglev-inlining"].filter((flag) => new RegExp(`^\\s*--${flag}\\b`, "m").test(result.stdout)).map((flag) => `--no-${flag}`),
      () => []
    );
    v8FlagCache.set(node, flags);
  }
  return flags;
}
function groupMembers(pgid) {
  return liveProcesses().filter((p) => p.pgid === pgid).map((p) => p.pid);
}
async function groupGone(pgid, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline && groupMembers(pgid).length > 0) await sleep5(20);
}
async function abort(child) {
  if (child.pid > 0) {
    try {
      process.kill(-child.pid, "SIGKILL");
    } catch {
    }
  }
  await child.stop(0);
  await groupGone(child.pid, 3e3);
}
function running(pid) {
  return pid > 0 && processTree(pid)[0] === pid;
}
function plain(text) {
  return text.replace(/\u001b\[[0-9;]*[A-Za-z]/g, "\n").replace(/\n{2,}/g, "\n");
}
function tail(child, lines = 40) {
  return plain(child.output.toString()).trimEnd().split("\n").slice(-lines).join("\n");
}
async function profileServer(spec) {
  const cwd = resolve4(spec.cwd);
  const command = parseNodeCommand(spec.start, () => readScripts(cwd));
  if (!existsSync3(spec.zeroxBin))
    throw new GateError("install", `the profiler 0x is not installed: ${spec.zeroxBin} does not exist`);
  const readyPath = spec.paths[0] ?? "/";
  const port = spec.port ?? await freePort();
  if (spec.port !== void 0) {
    for (const host of HOSTS2)
      if (await listening(host, spec.port))
        throw new GateError(
          "server-start",
          `port ${spec.port} (input \`port\`) is in use before the ${spec.side} server is started for profiling: something from an earlier step still listens there`,
          { side: spec.side }
        );
  }
  const env = safeEnv({ NODE_ENV: "production", ...spec.env, PORT: String(port), ...command.env });
  const node = resolveNode(command, cwd, env);
  const dir = resolve4(spec.outDir);
  const work = join7(dir, ".0x-work");
  mkdirSync3(work, { recursive: true });
  const v8Flags = spec.inlining === true ? [] : await noInliningFlags(node, env);
  const target = [node, ...v8Flags, ...command.nodeFlags, command.file, ...command.args];
  const shown = ["node", ...target.slice(1)].join(" ");
  const args = [
    spec.zeroxBin,
    "--output-dir",
    dir,
    "--working-dir",
    work,
    "--write-ticks",
    "--title",
    `perf-gate ${spec.side}: ${shown}`,
    "--",
    ...target
  ];
  const child = new Child(process.execPath, {
    cwd,
    env,
    args,
    ...spec.onOutput ? { onOutput: spec.onOutput } : {}
  });
  const what = `the ${spec.side} server \`${spec.start}\` (profiled as \`${shown}\`)`;
  try {
    const origin = await waitReady(child, spec, what, port, readyPath);
    const serverPid = processTree(child.pid)[1] ?? -1;
    const crashed = (during) => {
      const exit = /Target subprocess error, code: (-?\d+)/.exec(child.output.toString());
      return new GateError(
        "server-crash",
        `${what} ${exit ? `exited with code ${exit[1]}` : "exited"} during ${during} under 0x`,
        { side: spec.side, output: tail(child) }
      );
    };
    const perPath = Math.max(1, spec.durationSec / Math.max(1, spec.paths.length));
    for (const path of spec.paths.length > 0 ? spec.paths : [readyPath]) {
      await runLoad(
        {
          url: `${origin}${path}`,
          method: "GET",
          headers: {},
          connections: spec.connections,
          warmupSec: 0,
          durationSec: perPath,
          timeoutSec: 10
        },
        spec.side
      );
      if (!running(serverPid) || child.exit !== void 0) throw crashed(`profiling (GET ${path})`);
    }
    await stopAndCollect(child, serverPid, spec, what);
  } catch (error) {
    await abort(child);
    throw error;
  }
  await child.stop(500);
  await groupGone(child.pid, 3e3);
  const flamegraphHtml = join7(dir, "flamegraph.html");
  const ticksJson = join7(dir, "ticks.json");
  const missing2 = [flamegraphHtml, ticksJson].filter((file) => !existsSync3(file));
  if (missing2.length > 0)
    throw new GateError(
      "server-crash",
      `0x finished profiling ${what} but did not write ${missing2.map((f) => f.slice(dir.length + 1)).join(" and ")}`,
      { side: spec.side, output: tail(child) }
    );
  if (statSync(ticksJson).size <= 2)
    throw new GateError("server-crash", `0x recorded no CPU samples of ${what}`, {
      side: spec.side,
      output: tail(child)
    });
  if (spec.keepLogs !== true) {
    rmSync2(work, { recursive: true, force: true });
    for (const file of readdirSync3(dir))
      if (/^isolate-.*-v8\.(?:log|json)(?:\.preprocess-ready|\.json)?$/.test(file) || /\.log\.json$/.test(file))
        rmSync2(join7(dir, file), { force: true });
  }
  return { dir, flamegraphHtml, ticksJson, root: cwd, command: shown, node };
}
async function waitReady(child, spec, what, port, readyPath) {
  const deadline = Date.now() + spec.readyTimeoutMs;
  for (; ; ) {
    if (child.exit !== void 0 || /Target subprocess error, code:/.test(child.output.toString())) {
      throw new GateError(
        "server-start",
        `${what} exited under 0x before it answered GET ${readyPath} on port ${port}`,
        { side: spec.side, output: tail(child) }
      );
    }
    if (Date.now() > deadline) {
      throw new GateError(
        "server-start",
        `${what} did not answer GET ${readyPath} on port ${port} within ${Math.round(spec.readyTimeoutMs / 1e3)} s under 0x`,
        { side: spec.side, output: tail(child) }
      );
    }
    for (const host of HOSTS2) {
      if (await probe(host, port, readyPath) !== void 0)
        return host.includes(":") ? `http://[${host}]:${port}` : `http://${host}:${port}`;
    }
    await sleep5(100);
  }
}
async function stopAndCollect(child, serverPid, spec, what) {
  const processTimeoutMs = spec.processTimeoutMs ?? 12e4;
  try {
    process.kill(-child.pid, "SIGINT");
  } catch {
  }
  const graceDeadline = Date.now() + 1e4;
  const deadline = Date.now() + processTimeoutMs;
  let killedServer = false;
  while (child.exit === void 0) {
    if (Date.now() > deadline)
      throw new GateError(
        "timeout",
        `0x did not finish processing the profile of ${what} within ${Math.round(processTimeoutMs / 1e3)} s after the server was stopped`,
        { side: spec.side, output: tail(child) }
      );
    if (!killedServer && Date.now() > graceDeadline && running(serverPid)) {
      killedServer = true;
      try {
        process.kill(serverPid, "SIGKILL");
      } catch {
      }
    }
    await Promise.race([child.exited, sleep5(100)]);
  }
  const exit = child.exit;
  if (exit.code !== 0)
    throw new GateError(
      "server-crash",
      `0x failed while profiling ${what} (${exit.signal !== null ? `killed by ${exit.signal}` : `exit code ${exit.code}`})`,
      { side: spec.side, output: tail(child) }
    );
  const targetExit = /Target subprocess error, code: (-?\d+)/.exec(child.output.toString());
  if (targetExit)
    throw new GateError("server-crash", `${what} exited with code ${targetExit[1]} while being profiled`, {
      side: spec.side,
      output: tail(child)
    });
}

// src/profile/compare.ts
function loadProfile(ticksJson, root) {
  return buildProfile(readTicks(JSON.parse(readFileSync7(ticksJson, "utf8"))), { roots: [root] });
}
async function compareProfiles(spec) {
  const zeroxBin = await ensureZeroX(
    spec.cacheDir,
    spec.onOutput === void 0 ? {} : { onOutput: spec.onOutput }
  );
  mkdirSync4(spec.outDir, { recursive: true });
  const run = (side) => profileServer({
    side,
    cwd: spec.dirs[side],
    start: spec.start,
    port: spec.port,
    ...spec.env === void 0 ? {} : { env: spec.env },
    paths: spec.paths,
    durationSec: spec.durationSec,
    connections: spec.connections,
    outDir: join8(spec.outDir, side),
    zeroxBin,
    readyTimeoutMs: spec.readyTimeoutMs,
    ...spec.onOutput === void 0 ? {} : { onOutput: spec.onOutput }
  });
  const base = await run("base");
  const head = await run("head");
  const profiles = {
    base: loadProfile(base.ticksJson, base.root),
    head: loadProfile(head.ticksJson, head.root)
  };
  const diff = diffProfiles(profiles.base, profiles.head);
  const diffHead = join8(spec.outDir, "diff-head.html");
  const diffBase = join8(spec.outDir, "diff-base.html");
  writeFileSync3(diffHead, diffFlameGraphHtml(profiles.base, profiles.head, "head"));
  writeFileSync3(diffBase, diffFlameGraphHtml(profiles.base, profiles.head, "base"));
  const markdown = renderProfileSection(diff, {
    roots: [base.root, head.root],
    durationSec: spec.durationSec,
    ...spec.artifacts === void 0 ? {} : { artifacts: spec.artifacts }
  });
  return {
    runs: { base, head },
    profiles,
    diff,
    diffHead,
    diffBase,
    markdown,
    files: [base.flamegraphHtml, base.ticksJson, head.flamegraphHtml, head.ticksJson, diffHead, diffBase]
  };
}

// src/sequential.ts
async function runSequential(source, options) {
  const rounds = [];
  const looked = [];
  let looks = options.fixedPairs === void 0 ? void 0 : [options.fixedPairs];
  let planned = 1;
  let pairs = 0;
  let decision;
  let stoppedBy;
  const look = () => {
    looked.push(pairs);
    return decide(rounds, source.paths(), {
      threshold: options.threshold,
      ...options.latencyThreshold === void 0 ? {} : { latencyThreshold: options.latencyThreshold },
      alpha: options.alpha,
      looks: planned
    });
  };
  const measure2 = async () => {
    const pair2 = await source.next(pairs);
    if (!pair2) return false;
    rounds.push(...pair2);
    pairs++;
    return true;
  };
  while (stoppedBy === void 0) {
    if (source.paths().length === 0) {
      stoppedBy = "no-paths";
      break;
    }
    if (looks !== void 0 && pairs >= looks[looks.length - 1]) {
      stoppedBy = options.fixedPairs === void 0 ? "budget" : "fixed";
      break;
    }
    if (!await measure2()) {
      stoppedBy = "deadline";
      break;
    }
    if (looks === void 0) {
      const perPair = source.perPairMs?.() ?? source.elapsedMs() / pairs;
      looks = planLooks(Math.floor(options.budgetMs / perPair));
      planned = looks.length + 1;
    }
    if (looks.includes(pairs) && options.fixedPairs === void 0) {
      decision = look();
      if (resolved(decision)) stoppedBy = "resolved";
    }
    const nextLook = looks.find((n) => n > pairs);
    if (stoppedBy === void 0 && options.fixedPairs === void 0 && nextLook !== void 0) {
      const perPair = source.perPairMs?.() ?? source.elapsedMs() / pairs;
      if (source.elapsedMs() + (nextLook - pairs) * perPair > options.budgetMs && pairs >= 2) {
        if (looked[looked.length - 1] !== pairs) decision = look();
        stoppedBy = "budget";
      }
    }
  }
  if (source.paths().length > 0 && looked[looked.length - 1] !== pairs && pairs >= 2) decision = look();
  let extra = 0;
  const borderline = (d) => d !== void 0 && d.verdict === "regression" && !resolved(d) && !d.errors.some((e) => e.verdict === "regression");
  if (options.fixedPairs === void 0 && borderline(decision)) {
    const want = confirmationPairs(pairs);
    const perPair = source.perPairMs?.() ?? source.elapsedMs() / Math.max(1, pairs);
    while (extra < want && source.elapsedMs() + 2 * perPair <= options.limitMs) {
      if (!await measure2() || !await measure2()) break;
      extra += 2;
    }
    if (extra > 0) decision = look();
  }
  return { rounds, decision, pairs, looked, plannedLooks: planned, stoppedBy, confirmationPairs: extra };
}

// src/pipeline.ts
var PUBLISH_RESERVE_MS = 3e4;
var PRIME_TURNS = 3;
var PRIME_SEC = 1.5;
function failureRate(rounds) {
  let failed = 0;
  let total = 0;
  for (const r of rounds) {
    failed += failures(r.measurement);
    total += r.measurement.responses + r.measurement.errors + r.measurement.timeouts;
  }
  return total === 0 ? 1 : failed / total;
}
function statusSummary(rounds) {
  const counts = {};
  for (const r of rounds)
    for (const [c, n] of Object.entries(r.measurement.statusCodes)) counts[c] = (counts[c] ?? 0) + n;
  const errors = rounds.reduce((sum, r) => sum + r.measurement.errors + r.measurement.timeouts, 0);
  const parts = Object.entries(counts).sort((a, b) => b[1] - a[1]).map(([c, n]) => `${n} \xD7 ${c}`);
  if (errors > 0) parts.push(`${errors} connection errors or timeouts`);
  return parts.join(", ") || "no answer";
}
async function runGate(context) {
  const { config, log } = context;
  const started = Date.now();
  const deadline = started + config.timeoutMs;
  const rounds = [];
  const notes = [];
  let newPaths = [];
  let error;
  let prepareSec = 0;
  let measureSec = 0;
  let worktree;
  let measured;
  let profile;
  let changedFiles = [];
  try {
    worktree = await log.group(
      `base tree: ${context.base.label} (${context.base.sha.slice(0, 7)})`,
      async () => {
        const tree = await addWorktree(context.root, context.base.sha);
        log.info(`base checked out at ${tree.dir}`);
        return tree;
      }
    );
    const dirs = {
      base: resolve5(worktree.dir, config.workingDirectory),
      head: resolve5(context.root, config.workingDirectory)
    };
    const roots = { base: worktree.dir, head: context.root };
    for (const side of ["base", "head"]) {
      const remaining = deadline - Date.now() - PUBLISH_RESERVE_MS;
      await prepareTree({
        side,
        root: roots[side],
        dir: dirs[side],
        install: config.install,
        build: config.build,
        installTimeoutMs: Math.max(1e3, Math.min(config.installTimeoutMs, remaining)),
        buildTimeoutMs: Math.max(1e3, Math.min(config.buildTimeoutMs, remaining)),
        log
      });
    }
    prepareSec = (Date.now() - started) / 1e3;
    const measureStart = Date.now();
    measured = await measure(context, dirs, deadline, notes);
    newPaths = measured.newPaths;
    rounds.push(...measured.rounds);
    measureSec = (Date.now() - measureStart) / 1e3;
    changedFiles = await changedSince(context.root, context.base.sha);
    if (config.flamegraphs && measured.decision) {
      profile = await profileBoth(
        context,
        dirs,
        config.paths.filter((p) => !newPaths.includes(p)),
        deadline,
        notes
      );
    }
  } catch (caught) {
    if (!(caught instanceof GateError)) throw caught;
    error = caught;
    if (prepareSec === 0) prepareSec = (Date.now() - started) / 1e3;
  } finally {
    await cleanUp(worktree, config, log);
  }
  const decision = error ? void 0 : measured?.decision;
  const loadgenCpu = rounds.length === 0 ? 0 : median(rounds.map((r) => r.measurement.loadgenCpu));
  if (loadgenCpu > 0.9) {
    notes.push(
      `the load generator kept ${(loadgenCpu * 100).toFixed(0)}% of a core busy: on this runner it, not the server, may set the pace, so changes in req/s may be understated.`
    );
  }
  const draft = {
    tool: "perf-gate",
    version: 1,
    verdict: decision?.verdict ?? "inconclusive",
    headline: error ? `${error.neutral ? "inconclusive" : "error"}: ${error.message}` : decision?.headline ?? "inconclusive: not enough rounds were measured to compare",
    base: { sha: context.base.sha, label: context.base.label },
    head: { sha: context.head.sha, label: context.head.label },
    settings: {
      paths: config.paths,
      pairs: config.pairs,
      budgetSec: config.budgetMs / 1e3,
      durationSec: config.durationSec,
      warmupSec: config.warmupSec,
      connections: config.connections,
      threshold: config.threshold,
      latencyThreshold: config.latencyThreshold,
      alpha: config.alpha,
      port: config.port,
      failOnRegression: config.failOnRegression,
      restartEvery: config.port !== void 0 ? 0 : config.restartEvery
    },
    decision,
    sequential: measured ? {
      pairs: measured.pairs,
      looked: measured.looked,
      plannedLooks: measured.plannedLooks,
      stoppedBy: measured.stoppedBy,
      confirmationPairs: measured.confirmationPairs,
      disturbedPairs: measured.disturbedPairs
    } : void 0,
    newPaths,
    rounds,
    error: error ? {
      code: error.code,
      message: error.message,
      side: error.side,
      output: error.output,
      neutral: error.neutral
    } : void 0,
    timing: {
      startedAt: new Date(started).toISOString(),
      wallSec: (Date.now() - started) / 1e3,
      prepareSec,
      measureSec
    },
    environment: {
      node: process.version,
      cpus: availableParallelism(),
      platform: `${process.platform}-${process.arch}`
    },
    notes,
    profile,
    changedFiles,
    diagnostics: measured?.diagnostics,
    pullRequest: context.pullRequest
  };
  const report = redact(draft, [config.token]);
  await mkdir(config.outputDir, { recursive: true });
  await writeFile2(join9(config.outputDir, "report.json"), `${JSON.stringify(report, null, 2)}
`);
  return report;
}
async function cleanUp(worktree, config, log) {
  const tree = worktree ? await diskUsage(worktree.dir) : 0;
  if (worktree && config.keepTrees) {
    log.info(
      `keep-trees: the base tree stays at ${worktree.dir} (remove it with \`git worktree remove --force\`)`
    );
  } else {
    await worktree?.remove();
  }
  const outputs = await diskUsage(config.outputDir);
  const fate = config.keepTrees ? "kept" : "removed";
  log.info(
    `disk use of this run: base tree ${formatBytes(tree)} (${worktree ? fate : "none"}), outputs ${formatBytes(outputs)} in ${config.outputDir}`
  );
}
async function changedSince(root, base) {
  try {
    return (await git(root, ["diff", "--name-only", base])).split("\n").filter((line) => line !== "");
  } catch {
    return [];
  }
}
async function profileBoth(context, dirs, paths, deadline, notes) {
  const { config, log } = context;
  if (paths.length === 0) return void 0;
  const needMs = 2 * (config.profileSec * 1e3 + 2e4);
  if (Date.now() + needMs > deadline - PUBLISH_RESERVE_MS) {
    notes.push("no flame graphs: the time limit (input `timeout`) left no room for the profiling pass.");
    return void 0;
  }
  const started = Date.now();
  try {
    return await log.group("profiling base and head with 0x", async () => {
      const result = await compareProfiles({
        dirs,
        start: config.start,
        port: config.port,
        paths,
        durationSec: config.profileSec,
        connections: config.connections,
        readyTimeoutMs: config.readyTimeoutMs,
        outDir: join9(config.outputDir, "profiles"),
        artifacts: "the `perf-gate` artifact of this run",
        onOutput: (chunk) => log.output(chunk.trimEnd())
      });
      const hotter = result.diff.grown.filter((row) => !row.pseudo && row.file !== "").slice(0, 5).map((row) => ({
        fn: row.fn,
        file: relative2(context.root, resolve5(dirs.head, row.file)),
        line: row.line,
        baseSelf: row.baseSelf,
        headSelf: row.headSelf
      }));
      const seconds = (Date.now() - started) / 1e3;
      log.info(`profiling took ${seconds.toFixed(1)} s`);
      return {
        markdown: result.markdown,
        files: result.files,
        dir: join9(config.outputDir, "profiles"),
        hotter,
        seconds
      };
    });
  } catch (error) {
    if (!(error instanceof GateError)) throw error;
    notes.push(`no flame graphs: ${error.message}`);
    log.warning(`profiling failed (the verdict stands): ${error.message}`);
    return void 0;
  }
}
function cpuPlacement(pin, cpus = availableParallelism()) {
  if (!pin || cpus < 2 || !existsSync4("/usr/bin/taskset")) return void 0;
  return { server: cpus === 2 ? "0" : `0-${cpus - 2}`, loadgen: String(cpus - 1) };
}
var DISTURBED_CORES = 0.1;
var STOLEN_CORES = 0.15;
function disturbedBy(round) {
  const { foreignCpu, stealCpu } = round.measurement;
  if (foreignCpu !== void 0 && foreignCpu > DISTURBED_CORES)
    return `other processes kept ${foreignCpu.toFixed(2)} cores busy`;
  if (stealCpu !== void 0 && stealCpu > STOLEN_CORES)
    return `the hypervisor stole ${stealCpu.toFixed(2)} cores`;
  return void 0;
}
async function measure(context, dirs, deadline, notes) {
  const { config, log } = context;
  let active = [...config.paths];
  const newPaths = [];
  const started = Date.now();
  let disturbedPairs = 0;
  const fresh = config.port !== void 0 || config.restartEvery === 0;
  const placement = cpuPlacement(config.pin);
  const servers = {};
  let blocks = 0;
  let primingMs = 0;
  let pairsDone = 0;
  const diagnostics = new DiagnosticsRecorder(join9(config.outputDir, "diagnostics"));
  const probes = {};
  const stopAll = async () => {
    for (const side of ["base", "head"]) {
      await servers[side]?.stop();
      delete servers[side];
    }
  };
  const generator = new LoadGenerator(placement?.loadgen);
  const load = (server, path, during, durationSec) => generator.run(
    {
      url: `${server.origin}${path}`,
      method: "GET",
      headers: {},
      connections: config.connections,
      warmupSec: config.warmupSec,
      durationSec,
      timeoutSec: 10,
      watchPids: [...Object.values(servers).map((s) => s.child.pid), process.pid]
    },
    server.side
  ).then(
    (measurement) => {
      server.assertAlive(during);
      return measurement;
    },
    (error) => {
      server.assertAlive(during);
      throw error;
    }
  );
  const serverFor = async (side, pair2) => {
    const running2 = servers[side];
    if (running2) return running2;
    const probe2 = diagnostics.server(side, `pair${pair2 + 1}-${side}`);
    const server = await startServer({
      side,
      cwd: dirs[side],
      start: config.start,
      port: config.port,
      readyPath: active[0],
      readyTimeoutMs: config.readyTimeoutMs,
      env: probe2.env,
      ...placement ? { wrap: `taskset -c ${placement.server}` } : {}
    });
    servers[side] = server;
    probes[side] = probe2;
    return server;
  };
  const runRound = async (pair2, position, side) => {
    const server = await serverFor(side, pair2);
    const rounds = [];
    try {
      for (const path of active) {
        const startedAt = (/* @__PURE__ */ new Date()).toISOString();
        const measurement = await probes[side].measure(
          path,
          { warmupSec: config.warmupSec, port: server.port },
          () => load(server, path, `round ${pair2 + 1} (GET ${path})`, config.durationSec)
        );
        rounds.push({ pair: pair2, position, side, path, measurement, startedAt });
      }
    } catch (error) {
      await stopAll();
      throw error;
    }
    if (fresh) await stopAll();
    return rounds;
  };
  const runPair = async (pair2) => {
    if (!fresh && (pair2 % config.restartEvery === 0 || !servers.base || !servers.head)) {
      await stopAll();
      const primeStart = Date.now();
      const base = await serverFor("base", pair2);
      const head = await serverFor("head", pair2);
      blocks++;
      for (let turn = 0; turn < PRIME_TURNS; turn++) {
        for (const server of turn % 2 === 0 ? [base, head] : [head, base]) {
          for (const path of active) {
            await load(server, path, `priming before pair ${pair2 + 1} (GET ${path})`, PRIME_SEC);
          }
        }
      }
      primingMs += Date.now() - primeStart;
    }
    const order = schedule(pair2 + 1)[pair2].order;
    const rounds = [];
    for (const [position, side] of order.entries()) rounds.push(...await runRound(pair2, position, side));
    return rounds;
  };
  const checkFirstPair = (latest) => {
    for (const path of active) {
      const of = (side) => latest.filter((r) => r.path === path && r.side === side);
      const baseRate = failureRate(of("base"));
      const headRate = failureRate(of("head"));
      if (baseRate >= 0.5 && headRate >= 0.5) {
        throw new GateError(
          "server-errors",
          `both base and head fail GET ${path} (base: ${statusSummary(of("base"))}; head: ${statusSummary(of("head"))}). Every path in \`paths\` must answer 2xx: check the path and the server's setup.`
        );
      }
      if (baseRate >= 0.5) {
        newPaths.push(path);
        log.info(
          `GET ${path} fails on base (${statusSummary(of("base"))}) but not on head: a new endpoint, not compared`
        );
      }
    }
    active = active.filter((p) => !newPaths.includes(p));
  };
  const maxDisturbed = (pairs) => Math.max(4, Math.ceil(pairs / 2));
  let pairMs = 2 * active.length * (config.warmupSec + config.durationSec) * 1e3 + 2e3;
  const source = {
    paths: () => active,
    elapsedMs: () => Date.now() - started,
    // Start-up and priming come once per block of `restart-every` pairs: spread them over the block.
    perPairMs: () => {
      const done = Math.max(1, pairsDone);
      const measuring = (Date.now() - started - primingMs) / done;
      return blocks === 0 ? measuring : measuring + primingMs / blocks / Math.max(1, fresh ? 1 : config.restartEvery);
    },
    async next(pair2) {
      for (; ; ) {
        const blockStart = !fresh && pair2 % config.restartEvery === 0;
        const primeMs = blockStart ? PRIME_TURNS * 2 * active.length * (config.warmupSec + PRIME_SEC) * 1e3 : 0;
        if (Date.now() + pairMs + primeMs > deadline - PUBLISH_RESERVE_MS) {
          const pairs = `${pair2} pair${pair2 === 1 ? "" : "s"}`;
          notes.push(`the gate's time limit (input \`timeout\`) ran out after ${pairs}.`);
          log.warning(`the time limit ran out after ${pairs}: deciding on what was measured`);
          return void 0;
        }
        const pairStart = Date.now();
        const latest = await runPair(pair2);
        pairMs = Math.max(pairMs * 0.5, Date.now() - pairStart);
        const disturbed = latest.map(disturbedBy).find((reason) => reason !== void 0);
        if (disturbed && pair2 > 0) {
          disturbedPairs++;
          log.info(`pair ${pair2 + 1} was disturbed (${disturbed}): measuring it again`);
          if (disturbedPairs > maxDisturbed(pair2)) {
            throw new GateError(
              "load",
              `the machine was too busy to measure: ${disturbedPairs} pairs were disturbed (last: ${disturbed}). Run perf-gate in a job of its own, with nothing else running.`,
              { neutral: true }
            );
          }
          continue;
        }
        log.info(
          `pair ${pair2 + 1}: ${active.map((path) => {
            const b = latest.find((r) => r.side === "base" && r.path === path).measurement.rps;
            const h = latest.find((r) => r.side === "head" && r.path === path).measurement.rps;
            return `${path} base ${Math.round(b)} req/s, head ${Math.round(h)} req/s (${((h - b) / b * 100).toFixed(1)}%)`;
          }).join("; ")}`
        );
        pairsDone = pair2 + 1;
        if (pair2 === 0) {
          checkFirstPair(latest);
          return latest.filter((r) => !newPaths.includes(r.path));
        }
        return latest;
      }
    }
  };
  let result;
  try {
    result = await runSequential(source, {
      threshold: config.threshold,
      latencyThreshold: config.latencyThreshold,
      alpha: config.alpha,
      fixedPairs: config.pairs,
      budgetMs: config.budgetMs,
      limitMs: Math.min(config.budgetMs * 1.5, deadline - started - PUBLISH_RESERVE_MS)
    });
  } finally {
    await stopAll();
    await generator.stop();
  }
  if (result.confirmationPairs > 0)
    log.info(`a borderline regression earned ${result.confirmationPairs} more pairs to confirm it`);
  return { ...result, newPaths, disturbedPairs, diagnostics: diagnostics.summary() };
}

// src/local.ts
var HELP = `Usage:
  perf-gate compare --start "<command>" [--base main] [--paths "/a\\n/b"] [--<input> <value>]...
  perf-gate demo

compare measures the work tree (head) against --base (default: main) with the same inputs as the action:
  ${Object.keys(INPUT_DEFAULTS).filter((name) => name !== "github-token" && name !== "comment").map((name) => `--${name}`).join(" ")}
A path may be given several times (--paths /a --paths /b). Exit status: 0 no regression, 1 regression, 2 error.
`;
var stderrLog = {
  info: (message) => process.stderr.write(`${message}
`),
  output: (text) => process.stderr.write(`${text}
`),
  warning: (message) => process.stderr.write(`warning: ${message}
`),
  group: async (name, body) => {
    process.stderr.write(`\u25B8 ${name}
`);
    return body();
  }
};
function parseFlags(argv) {
  const values = /* @__PURE__ */ new Map();
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const match = /^--([a-z-]+)(?:=(.*))?$/s.exec(arg);
    if (!match || !Object.hasOwn(INPUT_DEFAULTS, match[1])) {
      throw new GateError(
        "config",
        `unknown argument \`${arg}\`. Run \`perf-gate --help\` for the accepted flags.`
      );
    }
    const name = match[1];
    const value = match[2] ?? argv[++i];
    if (value === void 0) throw new GateError("config", `flag \`--${name}\` needs a value`);
    values.set(name, values.has(name) && name === "paths" ? `${values.get(name)}
${value}` : value);
  }
  return values;
}
async function compare(argv, cwd, log = stderrLog) {
  const flags = parseFlags(argv);
  const config = parseConfig((name) => flags.get(name) ?? "", {
    outputDir: await mkdtemp3(join10(tmpdir4(), "perf-gate-"))
  });
  const root = await repositoryRoot(cwd);
  const baseRef = config.base ?? "main";
  const sha = await ensureCommit(
    root,
    baseRef,
    config.base ? "flag `--base`" : "the default base `main`; set `--base`"
  );
  const head = await headCommit(root);
  head.label = `${head.label} (work tree)`;
  const report = await runGate({ config, root, base: { sha, label: baseRef }, head, log });
  log.info(`report: ${join10(config.outputDir, "report.json")}`);
  return report;
}
function exitCode(report, failOnRegression) {
  if (report.error && !report.error.neutral) return 2;
  return report.verdict === "regression" && failOnRegression ? 1 : 0;
}
async function main(argv) {
  try {
    return await dispatch(argv);
  } catch (error) {
    if (error instanceof GateError) {
      process.stderr.write(
        `perf-gate: ${error.message}
${error.output ? `
Last output:
${error.output}
` : ""}`
      );
      return 2;
    }
    throw error;
  }
}
async function dispatch(argv) {
  const [command, ...rest] = argv;
  if (command === void 0 || command === "--help" || command === "-h" || command === "help") {
    process.stdout.write(HELP);
    return command === void 0 ? 2 : 0;
  }
  if (command === "demo") return runDemo(compare);
  if (command !== "compare") {
    process.stderr.write(`unknown command \`${command}\`

${HELP}`);
    return 2;
  }
  const report = await compare(rest, process.cwd());
  process.stdout.write(renderMarkdown(report));
  if (report.error?.output) process.stderr.write(`
Last output:
${report.error.output}
`);
  return exitCode(report, report.settings.failOnRegression);
}

// src/cli.ts
process.exitCode = await main(process.argv.slice(2));
