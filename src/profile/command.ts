/**
 * From the server's start command line to the `node [flags] file [args]` that 0x needs (0x starts node itself,
 * with --prof and its own preloads, so it cannot profile through a shell or a package manager). Pure: package.json
 * scripts are read through a callback.
 *
 * Understood: `node [flags] file [args]` (also `nodejs`, a path to node, leading `NAME=value` assignments, `env`
 * and `cross-env` prefixes), `npm start`, `npm run[-script] NAME [-- args]`, `yarn [run] NAME [args]`,
 * `pnpm [run] NAME [args]` whose script is itself one of these (npm's default `node server.js` for a missing
 * start script too). Anything with shell operators, expansions or other programs is refused with a GateError.
 */
import { GateError } from '../model/errors.ts';

export interface NodeCommand {
  /** The node executable as written (`node`, `nodejs`, or a path). */
  node: string;
  /** Flags for node before the entry file. */
  nodeFlags: string[];
  /** The entry file as written (relative to the directory the command runs in). */
  file: string;
  /** Arguments for the program. */
  args: string[];
  /** Variables the command line sets (`PORT=3000 node x.js`). */
  env: Record<string, string>;
  /** true when the command came from a package.json script (node_modules/.bin comes first on PATH there). */
  fromScript: boolean;
  /** How the start command led here, for messages: e.g. `npm start` → `node server.js`. */
  via: string;
}

export type ScriptReader = () => Record<string, string> | undefined;

/** Splits a command line into words like sh does; undefined when it uses what we do not follow. */
export function tokenize(line: string): string[] | undefined {
  const words: string[] = [];
  let word = '';
  let inWord = false;
  let i = 0;
  while (i < line.length) {
    const c = line[i]!;
    if (c === ' ' || c === '\t' || c === '\n') {
      if (inWord) words.push(word);
      word = '';
      inWord = false;
      i++;
      continue;
    }
    if (c === "'") {
      const end = line.indexOf("'", i + 1);
      if (end < 0) return undefined;
      word += line.slice(i + 1, end);
      inWord = true;
      i = end + 1;
      continue;
    }
    if (c === '"') {
      i++;
      for (;;) {
        if (i >= line.length) return undefined;
        const d = line[i]!;
        if (d === '"') break;
        if (d === '$' || d === '`') return undefined;
        if (d === '\\' && i + 1 < line.length && '"\\$`'.includes(line[i + 1]!)) {
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
    if (c === '\\') {
      if (i + 1 >= line.length) return undefined;
      word += line[i + 1];
      inWord = true;
      i += 2;
      continue;
    }
    if (';&|<>()`$*?[]{}!#~'.includes(c) && !(c === '#' && inWord) && !(c === '~' && inWord))
      return undefined;
    word += c;
    inWord = true;
    i++;
  }
  if (inWord) words.push(word);
  return words;
}

/** Node options whose value may come as the next word. */
const NODE_VALUE_OPTIONS = new Set([
  '-r',
  '--require',
  '--import',
  '--loader',
  '--experimental-loader',
  '-C',
  '--conditions',
  '--env-file',
  '--env-file-if-exists',
  '--title',
  '--inspect-port',
  '--debug-port',
  '--input-type',
  '--diagnostic-dir',
  '--redirect-warnings',
  '--unhandled-rejections',
  '--icu-data-dir',
  '--openssl-config',
  '--tls-cipher-list',
  '--disable-warning',
  '--dns-result-order',
  '--experimental-config-file',
  '--localstorage-file',
  '--secure-heap',
  '--secure-heap-min',
  '--heapsnapshot-signal',
  '--heapsnapshot-near-heap-limit',
  '--report-dir',
  '--report-directory',
  '--report-filename',
  '--report-signal',
  '--stack-trace-limit',
  '--max-http-header-size',
  '--watch-path',
]);

/** Options that make node run something other than one entry file, or restart it in a child. */
const NODE_UNPROFILABLE = new Map([
  ['-e', 'evaluates a string'],
  ['--eval', 'evaluates a string'],
  ['-p', 'evaluates a string'],
  ['--print', 'evaluates a string'],
  ['-i', 'starts a REPL'],
  ['--interactive', 'starts a REPL'],
  ['-c', 'only checks syntax'],
  ['--check', 'only checks syntax'],
  ['--test', 'runs tests'],
  ['--run', 'runs a package.json script'],
  ['--watch', 'restarts the program in a child process'],
  ['--watch-path', 'restarts the program in a child process'],
]);

const NODE_NAMES = /^(?:.*[/\\])?node(?:js)?(?:\.exe)?$/;
const ASSIGNMENT = /^([A-Za-z_][A-Za-z0-9_]*)=(.*)$/s;

function refuse(start: string, why: string): GateError {
  return new GateError(
    'config',
    `cannot profile the start command \`${start}\`: ${why}. Profiling needs a start command of the form \`node [flags] file [args]\` (or \`npm start\` / \`npm run NAME\` whose script is one), or a \`profile-start\` input that gives one.`,
  );
}

interface Context {
  start: string;
  readScripts: ScriptReader;
  depth: number;
  via: string[];
  extraArgs: string[];
  env: Record<string, string>;
  fromScript: boolean;
}

/**
 * The node command line behind a start command. Throws a GateError (code `config`) naming what could not be
 * followed.
 */
export function parseNodeCommand(start: string, readScripts: ScriptReader): NodeCommand {
  return parseLine(start, {
    start,
    readScripts,
    depth: 0,
    via: [],
    extraArgs: [],
    env: {},
    fromScript: false,
  });
}

function parseLine(line: string, context: Context): NodeCommand {
  const words = tokenize(line.trim());
  if (words === undefined)
    throw refuse(
      context.start,
      `\`${line}\` uses shell syntax (operators, quotes left open, variables or globs) that perf-gate does not follow`,
    );
  let rest = words;
  const env = { ...context.env };
  for (;;) {
    const first = rest[0];
    if (first === undefined) throw refuse(context.start, `\`${line}\` names no program`);
    const assignment = ASSIGNMENT.exec(first);
    if (assignment) {
      env[assignment[1]!] = assignment[2]!;
      rest = rest.slice(1);
      continue;
    }
    if (first === 'env' || first === 'cross-env' || first === 'cross-env-shell') {
      if (first === 'cross-env-shell')
        throw refuse(context.start, '`cross-env-shell` runs its command through a shell');
      rest = rest.slice(1);
      if (rest[0]?.startsWith('-')) throw refuse(context.start, `\`${first}\` with options is not followed`);
      continue;
    }
    break;
  }
  const program = rest[0]!;
  const args = rest.slice(1);
  const next: Context = { ...context, env };
  if (NODE_NAMES.test(program)) return parseNode(program, args, next);
  if (program === 'npm' || program === 'yarn' || program === 'pnpm')
    return parseScriptRunner(program, args, next);
  throw refuse(
    context.start,
    `${context.via.length > 0 ? `it runs \`${line}\`, which starts` : 'it starts'} \`${program}\`, not node`,
  );
}

function parseNode(program: string, words: string[], context: Context): NodeCommand {
  const nodeFlags: string[] = [];
  let i = 0;
  while (i < words.length) {
    const word = words[i]!;
    if (word === '--') {
      i++;
      break;
    }
    if (!word.startsWith('-') || word === '-') break;
    const name = word.includes('=') ? word.slice(0, word.indexOf('=')) : word;
    const unprofilable = NODE_UNPROFILABLE.get(name);
    if (unprofilable !== undefined)
      throw refuse(context.start, `node \`${name}\` ${unprofilable}, there is no entry file to profile`);
    nodeFlags.push(word);
    if (!word.includes('=') && NODE_VALUE_OPTIONS.has(word)) {
      const value = words[i + 1];
      if (value === undefined) throw refuse(context.start, `node option \`${word}\` has no value`);
      nodeFlags.push(value);
      i += 2;
      continue;
    }
    i++;
  }
  const file = words[i];
  if (file === undefined || file === '-') throw refuse(context.start, 'node is given no entry file');
  const args = [...words.slice(i + 1), ...context.extraArgs];
  const shown = [program, ...nodeFlags, file, ...args].join(' ');
  return {
    node: program,
    nodeFlags,
    file,
    args,
    env: context.env,
    fromScript: context.fromScript,
    via: [...context.via, shown].map((step) => `\`${step}\``).join(' → '),
  };
}

const RUN_WORDS = new Set(['run', 'run-script', 'rum', 'urn']);

function parseScriptRunner(program: string, words: string[], context: Context): NodeCommand {
  if (context.depth >= 5) throw refuse(context.start, 'its package.json scripts call each other too deeply');
  const shownCommand = `${program} ${words.join(' ')}`.trim();
  // Options before the script name (`npm run -s start`, `npm --silent start`) change nothing we need; what
  // follows the name goes to the script (for npm, only what is not an npm option or comes after `--`).
  let name: string | undefined;
  let sawRun = false;
  const passed: string[] = [];
  for (let i = 0; i < words.length; i++) {
    const word = words[i]!;
    if (word === '--') {
      if (name === undefined) break;
      passed.push(...words.slice(i + 1));
      break;
    }
    if (name !== undefined) {
      if (program === 'npm' && word.startsWith('-')) continue;
      passed.push(word);
      continue;
    }
    if (word.startsWith('-')) continue;
    if (!sawRun && RUN_WORDS.has(word)) {
      sawRun = true;
      continue;
    }
    if (!sawRun && program === 'npm' && word !== 'start')
      throw refuse(context.start, `\`${shownCommand}\` is not \`npm start\` or \`npm run NAME\``);
    name = word;
  }
  if (name === undefined) {
    if (sawRun || program !== 'npm') throw refuse(context.start, `\`${shownCommand}\` names no script`);
    throw refuse(context.start, `\`${shownCommand}\` is not \`npm start\` or \`npm run NAME\``);
  }
  const scripts = context.readScripts();
  let script = scripts?.[name];
  if (script === undefined && name === 'start' && program === 'npm') script = 'node server.js';
  if (script === undefined)
    throw refuse(
      context.start,
      scripts === undefined
        ? `there is no package.json (with a \`scripts\` field) to look up \`${name}\` in`
        : `package.json has no \`${name}\` script`,
    );
  return parseLine(script, {
    ...context,
    depth: context.depth + 1,
    via: [...context.via, shownCommand],
    extraArgs: [...passed, ...context.extraArgs],
    fromScript: true,
  });
}
