#!/usr/bin/env node
import { createRequire as __pgCreateRequire } from 'node:module'; const require = __pgCreateRequire(import.meta.url);

// src/local.ts
import { mkdtemp as mkdtemp3 } from "node:fs/promises";
import { tmpdir as tmpdir3 } from "node:os";
import { join as join5 } from "node:path";

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

// src/config.ts
var INPUT_DEFAULTS = {
  start: "",
  paths: "/",
  port: "",
  threshold: "5%",
  alpha: "0.05",
  "fail-on-regression": "true",
  "github-token": "",
  install: "auto",
  build: "",
  base: "",
  rounds: "auto",
  "time-budget": "3m",
  duration: "3s",
  warmup: "1s",
  connections: "10",
  "ready-timeout": "60s",
  "install-timeout": "10m",
  "build-timeout": "10m",
  timeout: "30m",
  "working-directory": ".",
  "output-dir": "",
  comment: "true"
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
  if (new Set(paths).size !== paths.length)
    throw configError("paths", "a path is listed twice", "List each path once.");
  return paths;
}
function parseConfig(lookup, defaults) {
  const get = (name) => {
    const value = lookup(name).trim();
    return value === "" ? INPUT_DEFAULTS[name] : value;
  };
  const start = get("start");
  if (start === "") {
    throw configError(
      "start",
      "it is required",
      "Set it to the command that starts your server, e.g. `start: node index.js`."
    );
  }
  const portText = get("port");
  const install = get("install");
  const buildText = get("build");
  const baseText = get("base");
  return {
    start,
    paths: parsePaths(get("paths")),
    port: portText === "" ? void 0 : parseInteger("port", portText, { min: 1, max: 65535 }),
    threshold: parsePercent("threshold", get("threshold"), { min: 1e-3, max: 1 }),
    alpha: parseAlpha(get("alpha")),
    failOnRegression: parseBoolean("fail-on-regression", get("fail-on-regression")),
    token: lookup("github-token").trim(),
    install: install === "none" || install === "false" ? "skip" : install,
    build: buildText === "" ? void 0 : buildText,
    base: baseText === "" ? void 0 : baseText,
    pairs: get("rounds") === "auto" ? void 0 : parseInteger("rounds", get("rounds"), { min: 6, max: 500 }),
    budgetMs: parseDuration("time-budget", get("time-budget"), { minMs: 1e4, maxMs: 6 * 36e5 }),
    durationSec: parseDuration("duration", get("duration"), { minMs: 1e3, maxMs: 6e5 }) / 1e3,
    warmupSec: parseDuration("warmup", get("warmup"), { minMs: 0, maxMs: 6e5 }) / 1e3,
    connections: parseInteger("connections", get("connections"), { min: 1, max: 1e4 }),
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
    comment: parseBoolean("comment", get("comment"))
  };
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
function parentMap() {
  const parents = /* @__PURE__ */ new Map();
  let entries;
  try {
    entries = readdirSync("/proc");
  } catch {
    return parents;
  }
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      const state = fields[0];
      const ppid = Number(fields[1]);
      if (state !== "Z" && state !== "X") parents.set(Number(entry), ppid);
    } catch {
    }
  }
  return parents;
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
  lastLines(count) {
    const lines = this.toString().trimEnd().split("\n");
    return lines.slice(-count).join("\n");
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
    child.stdin?.end();
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
    this.exited = new Promise((resolve3) => {
      child.once("error", (error) => {
        this.output.push(`
${error.message}
`);
        this.exitInfo = { code: 127, signal: null };
        live.delete(child);
        resolve3(this.exitInfo);
      });
      child.once("close", (code2, signal) => {
        this.exitInfo = { code: code2, signal };
        live.delete(child);
        resolve3(this.exitInfo);
      });
    });
    this.pid = child.pid ?? -1;
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
function safeEnv(extra = {}, base = process.env) {
  const env = {};
  for (const [name, value] of Object.entries(base)) {
    if (value === void 0) continue;
    if (/^INPUT_/i.test(name)) continue;
    if (/^(GITHUB_TOKEN|GH_TOKEN|ACTIONS_RUNTIME_TOKEN|ACTIONS_ID_TOKEN_REQUEST_TOKEN|ACTIONS_ID_TOKEN_REQUEST_URL)$/.test(
      name
    ))
      continue;
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
  let running = 0;
  ascendingOrder(p).forEach((index, rank) => {
    running = Math.max(running, Math.min(1, (m - rank) * p[index]));
    adjusted[index] = running;
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
  let tail;
  if (n <= SIGNED_RANK_EXACT_MAX_N) {
    const counts = signedRankDistribution(n);
    const total = 2 ** n;
    let cumulative = counts[0];
    k = -1;
    while (cumulative / total <= alphaHalf) {
      k++;
      cumulative += counts[k + 1];
    }
    tail = k < 0 ? counts[0] / total : (cumulative - counts[k + 1]) / total;
  } else {
    const meanW = n * (n + 1) / 4;
    const se = Math.sqrt(n * (n + 1) * (2 * n + 1) / 24);
    k = Math.floor(meanW - 0.5 + normalQuantile(alphaHalf) * se);
    tail = normalCdf((Math.max(k, 0) + 0.5 - meanW) / se);
  }
  const j = Math.max(k, 0);
  return {
    estimate: median(walsh),
    lower: walsh[j],
    upper: walsh[m - 1 - j],
    achievedConfidence: 1 - 2 * tail
  };
}

// src/verdict.ts
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
    for (const [code2, count] of Object.entries(head.measurement.statusCodes)) {
      if (!code2.startsWith("2")) headStatus[code2] = (headStatus[code2] ?? 0) + count;
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
  const significant = pAdjusted < options.alpha;
  if (significant && Math.abs(c.change) >= options.threshold) return c.worse ? "regression" : "improvement";
  if (ci[0] > -options.threshold && ci[1] < options.threshold) return "no-change";
  return "inconclusive";
}
function beyond(ci, threshold) {
  return ci[0] >= threshold || ci[1] <= -threshold;
}
function detectableChange(noise, pairs, alpha, comparisons) {
  if (!Number.isFinite(noise) || pairs < 2) return Number.NaN;
  const z = normalQuantile(1 - alpha / (2 * Math.max(1, comparisons))) + normalQuantile(0.8);
  return Math.expm1(z * noise / Math.sqrt(pairs));
}
function resolved(decision) {
  if (decision.errors.some((e) => e.verdict === "regression")) return true;
  return decision.comparisons.every((c) => c.verdict === "no-change" || c.confirmed);
}
function decide(rounds, paths, options) {
  const raw = [];
  const errors = [];
  for (const path of paths) {
    const pairs = pairsOf(rounds, path);
    errors.push(compareErrors(path, pairs));
    for (const metric of METRICS) raw.push(compareMetric(path, metric, pairs));
  }
  const looks = Math.max(1, options.looks ?? 1);
  const adjusted = holm(raw.map((c) => c.p));
  const comparisons = raw.map(({ logRatios: _, ...c }, i) => {
    const pAdjusted = Math.min(1, adjusted[i] * looks);
    const ci = interval(raw[i], options.alpha, raw.length, looks);
    const verdict2 = classify(raw[i], ci, pAdjusted, options);
    return {
      ...c,
      ci,
      pAdjusted,
      confirmed: (verdict2 === "regression" || verdict2 === "improvement") && beyond(ci, options.threshold),
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
    threshold: options.threshold
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
  const text = Math.abs(percent) >= 100 ? percent.toFixed(0) : percent.toFixed(digits);
  return `${percent > 0 ? "+" : percent < 0 ? "\u2212" : "\xB1"}${text.replace("-", "")}%`;
}
function formatP(p) {
  if (!Number.isFinite(p)) return "n/a";
  if (p < 1e-3) return "< 0.001";
  return p < 0.01 ? p.toFixed(3) : p.toFixed(2);
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
  const threshold = `${(options.threshold * 100).toFixed(options.threshold * 100 < 1 ? 1 : 0)}%`;
  const primary = comparisons.find((c) => c.metric === "rps");
  const primaryText = (c) => c ? `req/s ${formatPercent(c.change)}, 95% CI ${formatPercent(c.ci[0])} \u2026 ${formatPercent(c.ci[1])}` : "";
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
  const where = paths.length === 1 ? `GET ${paths[0]}` : `${paths.length} paths`;
  if (verdict === "no-change") return `no change beyond \xB1${threshold} on ${where} (${primaryText(primary)})`;
  const open = comparisons.filter((c) => c.verdict === "inconclusive").map((c) => `${metricLabel(c.metric)} of GET ${c.path}`);
  return `inconclusive: the data cannot tell whether ${open.slice(0, 2).join(" and ")}${open.length > 2 ? ` and ${open.length - 2} more` : ""} changed by more than \xB1${threshold} (${primaryText(primary)})`;
}

// src/report.ts
var VERDICT_ICON = {
  regression: "\u{1F534}",
  improvement: "\u{1F7E2}",
  "no-change": "\u26AA",
  inconclusive: "\u{1F7E1}"
};
function escapeMarkdown(text) {
  return text.replace(/[\\`*_{}[\]|<>~]/g, (c) => `\\${c}`).replace(/@/g, "@\u200B").replace(/\r?\n/g, " ");
}
function code(text) {
  const clean = text.replace(/\r?\n/g, " ").replace(/@/g, "@\u200B");
  const longest = Math.max(0, ...[...clean.matchAll(/`+/g)].map((m) => m[0].length));
  const fence = "`".repeat(longest + 1);
  return `${fence}${clean.startsWith("`") || clean.endsWith("`") ? ` ${clean} ` : clean}${fence}`;
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
  if (sec < 90) return `${sec.toFixed(0)} s`;
  return `${Math.floor(sec / 60)} min ${Math.round(sec % 60)} s`;
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
    parts.push(`${metricLabel(metric)} \xB1${(noise * 100).toFixed(1)}% (could detect \u2248${(detectable * 100).toFixed(1)}%)`);
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
function howMeasured(report, comparisons) {
  const s = report.settings;
  const q = report.sequential;
  const pairs = q?.pairs ?? new Set(report.rounds.map((r) => r.pair)).size;
  const adaptive = q === void 0 ? "" : s.pairs === void 0 ? ` (adaptive, ${STOP_TEXT[q.stoppedBy]}; looked after ${q.looked.join(", ")} pairs of ${q.plannedLooks} planned looks${q.confirmationPairs > 0 ? `; ${q.confirmationPairs} pairs added to confirm a borderline regression` : ""}${q.disturbedPairs > 0 ? `; ${q.disturbedPairs} disturbed pairs measured again` : ""})` : ` (${STOP_TEXT[q.stoppedBy]})`;
  return `${pairs} pairs of interleaved rounds${adaptive}, base and head alternating ABBA, ${s.durationSec} s each after ${s.warmupSec} s warm-up, ${s.connections} connections, a fresh server process per round \xB7 threshold \xB1${(s.threshold * 100).toFixed(s.threshold < 0.01 ? 1 : 0)}% \xB7 p-values Holm-adjusted across ${comparisons} comparisons and split across looks (\u03B1 = ${s.alpha}) \xB7 measuring ${formatSeconds(report.timing.measureSec)}, ${formatSeconds(report.timing.wallSec)} in all`;
}
function roundsTable(report) {
  const lines = [
    "| pair | order | path | base req/s | head req/s | head/base | base p99 | head p99 | failed (base/head) |",
    "| ---: | --- | --- | ---: | ---: | ---: | ---: | ---: | ---: |"
  ];
  const pairs = [...new Set(report.rounds.map((r) => r.pair))].sort((a, b) => a - b);
  for (const pair of pairs) {
    for (const path of report.settings.paths) {
      const base = report.rounds.find((r) => r.pair === pair && r.path === path && r.side === "base");
      const head = report.rounds.find((r) => r.pair === pair && r.path === path && r.side === "head");
      if (!base || !head) continue;
      const order = base.position === 0 ? "base \u2192 head" : "head \u2192 base";
      const ratio = head.measurement.rps / base.measurement.rps;
      lines.push(
        `| ${pair + 1} | ${order} | ${escapeMarkdown(path)} | ${formatValue("rps", base.measurement.rps)} | ${formatValue("rps", head.measurement.rps)} | ${ratio.toFixed(3)} | ${formatValue("p99", base.measurement.latencyMs.p99)} | ${formatValue("p99", head.measurement.latencyMs.p99)} | ${failures(base.measurement)} / ${failures(head.measurement)} |`
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
  for (const note of report.notes) out.push("", `Note: ${note}`);
  if (report.rounds.length > 0) {
    out.push("", "<details><summary>Every round</summary>", "", ...roundsTable(report), "", "</details>");
  }
  if (options.detailsUrl) out.push("", `[Full report](${options.detailsUrl})`);
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
import { mkdir, writeFile as writeFile2 } from "node:fs/promises";
import { availableParallelism } from "node:os";
import { join as join4, resolve as resolve2 } from "node:path";

// src/io/install.ts
import { existsSync, readFileSync as readFileSync2 } from "node:fs";
import { dirname, join as join3, relative, resolve } from "node:path";
function hasDependencies(dir) {
  try {
    const manifest = JSON.parse(readFileSync2(join3(dir, "package.json"), "utf8"));
    const count = (field) => Object.keys(manifest[field] ?? {}).length;
    return count("dependencies") + count("devDependencies") + count("optionalDependencies") > 0;
  } catch {
    return false;
  }
}
function detectInstall(root, dir) {
  let current = resolve(dir);
  const top = resolve(root);
  for (; ; ) {
    const has = (file) => existsSync(join3(current, file));
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
    current = dirname(current);
  }
  return hasDependencies(dir) ? { command: "npm install", cwd: resolve(dir) } : void 0;
}
async function step(code2, side, command, cwd, timeoutMs, log) {
  await log.group(`${code2} ${side}: ${command}`, async () => {
    const result = await runCommand(command, {
      cwd,
      env: safeEnv({ CI: "true" }),
      timeoutMs,
      onOutput: (chunk) => log.info(chunk.trimEnd())
    });
    if (result.timedOut) {
      throw new GateError(
        code2,
        `${code2} of ${side} (\`${command}\`) did not finish within ${Math.round(timeoutMs / 1e3)} s (input \`${code2}-timeout\`)`,
        {
          side,
          output: result.output.lastLines(40)
        }
      );
    }
    if (result.code !== 0) {
      throw new GateError(code2, `${code2} of ${side} (\`${command}\`) failed with exit code ${result.code}`, {
        side,
        output: result.output.lastLines(40)
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

// src/io/server.ts
import { request } from "node:http";
import { createServer, Socket } from "node:net";
import { setTimeout as sleep2 } from "node:timers/promises";
var HOSTS = ["127.0.0.1", "::1"];
async function freePort() {
  return new Promise((resolve3, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address !== null ? address.port : 0;
      server.close(() => resolve3(port));
    });
  });
}
function listening(host, port, timeoutMs = 500) {
  return new Promise((resolve3) => {
    const socket = new Socket();
    const done = (result) => {
      socket.destroy();
      resolve3(result);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once("connect", () => done(true));
    socket.once("error", () => done(false));
    socket.connect(port, host);
  });
}
function probe(host, port, path, timeoutMs = 1e3) {
  return new Promise((resolve3) => {
    const req = request({ host, port, path, method: "GET", timeout: timeoutMs, agent: false }, (res) => {
      res.resume();
      res.once("end", () => resolve3(res.statusCode));
      res.once("error", () => resolve3(res.statusCode));
    });
    req.once("timeout", () => req.destroy());
    req.once("error", () => resolve3(void 0));
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
      await child.stop();
      const hint = spec.port === void 0 ? ` It was given PORT=${port}: if it listens on a fixed port instead, set the \`port\` input to that port.` : ` Check that it listens on port ${port}, or raise \`ready-timeout\` if it needs longer to start.`;
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
    if (host === void 0) await sleep2(100);
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
    await sleep2(100);
  }
}

// src/plan.ts
function schedule(pairs) {
  return Array.from({ length: pairs }, (_, pair) => ({
    pair,
    order: pair % 2 === 0 ? ["base", "head"] : ["head", "base"]
  }));
}
var LOOK_POINTS = [8, 12, 16, 20, 24, 32, 40, 48, 64, 80, 96, 128, 160, 192, 256, 320, 384, 448];
function planLooks(maxPairs) {
  const last = Math.max(2, maxPairs - maxPairs % 2);
  return [...LOOK_POINTS.filter((n) => n < last), last];
}
function confirmationPairs(pairs) {
  const extra = Math.max(4, Math.ceil(pairs / 2));
  return extra + extra % 2;
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
    return decide(rounds, source.paths(), { threshold: options.threshold, alpha: options.alpha, looks: planned });
  };
  const measure2 = async () => {
    const pair = await source.next(pairs);
    if (!pair) return false;
    rounds.push(...pair);
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
      const perPair = source.elapsedMs() / pairs;
      looks = planLooks(Math.floor(options.budgetMs / perPair));
      planned = looks.length + 1;
    }
    if (looks.includes(pairs) && options.fixedPairs === void 0) {
      decision = look();
      if (resolved(decision)) stoppedBy = "resolved";
    }
    const nextLook = looks.find((n) => n > pairs);
    if (stoppedBy === void 0 && options.fixedPairs === void 0 && nextLook !== void 0) {
      const perPair = source.elapsedMs() / pairs;
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
    const perPair = source.elapsedMs() / Math.max(1, pairs);
    for (let i = 0; i < want && source.elapsedMs() + perPair <= options.limitMs; i++) {
      if (!await measure2()) break;
      extra++;
    }
    if (extra > 0) decision = look();
  }
  return { rounds, decision, pairs, looked, plannedLooks: planned, stoppedBy, confirmationPairs: extra };
}

// src/pipeline.ts
var PUBLISH_RESERVE_MS = 3e4;
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
      base: resolve2(worktree.dir, config.workingDirectory),
      head: resolve2(context.root, config.workingDirectory)
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
  } catch (caught) {
    if (!(caught instanceof GateError)) throw caught;
    error = caught;
    if (prepareSec === 0) prepareSec = (Date.now() - started) / 1e3;
  } finally {
    await worktree?.remove();
  }
  const decision = error ? void 0 : measured?.decision;
  const loadgenCpu = rounds.length === 0 ? 0 : median(rounds.map((r) => r.measurement.loadgenCpu));
  if (loadgenCpu > 0.9) {
    notes.push(
      `the load generator kept ${(loadgenCpu * 100).toFixed(0)}% of a core busy: on this runner it, not the server, may set the pace, so changes in req/s may be understated.`
    );
  }
  const report = {
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
      alpha: config.alpha,
      port: config.port
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
    notes
  };
  await mkdir(config.outputDir, { recursive: true });
  await writeFile2(join4(config.outputDir, "report.json"), `${JSON.stringify(report, null, 2)}
`);
  return report;
}
var DISTURBED_CORES = 0.3;
var STOLEN_CORES = 0.15;
function disturbedBy(round) {
  const { foreignCpu, stealCpu } = round.measurement;
  if (foreignCpu !== void 0 && foreignCpu > DISTURBED_CORES)
    return `other processes kept ${foreignCpu.toFixed(2)} cores busy`;
  if (stealCpu !== void 0 && stealCpu > STOLEN_CORES) return `the hypervisor stole ${stealCpu.toFixed(2)} cores`;
  return void 0;
}
async function measure(context, dirs, deadline, notes) {
  const { config, log } = context;
  let active = [...config.paths];
  const newPaths = [];
  const started = Date.now();
  let disturbedPairs = 0;
  const runRound = async (pair, position, side) => {
    const server = await startServer({
      side,
      cwd: dirs[side],
      start: config.start,
      port: config.port,
      readyPath: active[0],
      readyTimeoutMs: config.readyTimeoutMs
    });
    const rounds = [];
    try {
      for (const path of active) {
        const startedAt = (/* @__PURE__ */ new Date()).toISOString();
        const measurement = await runLoad(
          {
            url: `${server.origin}${path}`,
            method: "GET",
            headers: {},
            connections: config.connections,
            warmupSec: config.warmupSec,
            durationSec: config.durationSec,
            timeoutSec: 10,
            watchPids: [server.child.pid, process.pid]
          },
          side
        );
        server.assertAlive(`round ${pair + 1} (GET ${path})`);
        rounds.push({ pair, position, side, path, measurement, startedAt });
      }
    } finally {
      await server.stop();
    }
    return rounds;
  };
  const runPair = async (pair) => {
    const order = schedule(pair + 1)[pair].order;
    const rounds = [];
    for (const [position, side] of order.entries()) rounds.push(...await runRound(pair, position, side));
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
        log.info(`GET ${path} fails on base (${statusSummary(of("base"))}) but not on head: a new endpoint, not compared`);
      }
    }
    active = active.filter((p) => !newPaths.includes(p));
  };
  const maxDisturbed = (pairs) => Math.max(3, Math.ceil(pairs / 4));
  let pairMs = 2 * active.length * (config.warmupSec + config.durationSec) * 1e3 + 2e3;
  const source = {
    paths: () => active,
    elapsedMs: () => Date.now() - started,
    async next(pair) {
      for (; ; ) {
        if (Date.now() + pairMs > deadline - PUBLISH_RESERVE_MS) {
          notes.push(`the gate's time limit (input \`timeout\`) ran out after ${pair} pairs.`);
          log.warning(`the time limit ran out after ${pair} pairs: deciding on what was measured`);
          return void 0;
        }
        const pairStart = Date.now();
        const latest = await runPair(pair);
        pairMs = Math.max(pairMs * 0.5, Date.now() - pairStart);
        const disturbed = latest.map(disturbedBy).find((reason) => reason !== void 0);
        if (disturbed && pair > 0) {
          disturbedPairs++;
          log.info(`pair ${pair + 1} was disturbed (${disturbed}): measuring it again`);
          if (disturbedPairs > maxDisturbed(pair)) {
            throw new GateError(
              "load",
              `the machine was too busy to measure: ${disturbedPairs} pairs were disturbed (last: ${disturbed}). Run perf-gate in a job of its own, with nothing else running.`,
              { neutral: true }
            );
          }
          continue;
        }
        log.info(
          `pair ${pair + 1}: ${active.map((path) => {
            const b = latest.find((r) => r.side === "base" && r.path === path).measurement.rps;
            const h = latest.find((r) => r.side === "head" && r.path === path).measurement.rps;
            return `${path} base ${Math.round(b)} req/s, head ${Math.round(h)} req/s (${((h - b) / b * 100).toFixed(1)}%)`;
          }).join("; ")}`
        );
        if (pair === 0) {
          checkFirstPair(latest);
          return latest.filter((r) => !newPaths.includes(r.path));
        }
        return latest;
      }
    }
  };
  const result = await runSequential(source, {
    threshold: config.threshold,
    alpha: config.alpha,
    fixedPairs: config.pairs,
    budgetMs: config.budgetMs,
    limitMs: Math.min(config.budgetMs * 1.5, deadline - started - PUBLISH_RESERVE_MS)
  });
  if (result.confirmationPairs > 0)
    log.info(`a borderline regression earned ${result.confirmationPairs} more pairs to confirm it`);
  return { ...result, newPaths, disturbedPairs };
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
    if (!match || !(match[1] in INPUT_DEFAULTS)) {
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
    outputDir: await mkdtemp3(join5(tmpdir3(), "perf-gate-"))
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
  log.info(`report: ${join5(config.outputDir, "report.json")}`);
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
  const flags = parseFlags(rest);
  return exitCode(report, (flags.get("fail-on-regression") ?? "true") !== "false");
}

// src/cli.ts
process.exitCode = await main(process.argv.slice(2));
