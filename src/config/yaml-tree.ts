/**
 * The config file's YAML as a tree of plain values, every node with the line it starts on, and the check of a
 * mapping's keys (with a guess at what a misspelt key meant). Pure; every error goes through the caller's Fail,
 * which names the file, the line and the field.
 */
import { type Document, isAlias, isMap, isScalar, isSeq, LineCounter, type Node, parseDocument } from 'yaml';

/** The value tree of the YAML document, every node with the line it starts on. */
export type Value =
  | { kind: 'map'; line: number; entries: Entry[] }
  | { kind: 'seq'; line: number; items: Value[] }
  | { kind: 'scalar'; line: number; value: string | number | boolean | null; source: string };

export interface Entry {
  key: string;
  keyLine: number;
  value: Value;
}

/** Throws the config error of `line` and `field` ('' for none). */
export type Fail = (line: number, field: string, problem: string, fix: string) => never;

/** Keys people write from habit (or from other tools), and the key they meant. */
const ALIASES: Record<string, string> = {
  paths: 'scenarios',
  requests: 'scenarios',
  endpoints: 'scenarios',
  command: 'start',
  environment: 'env',
  readiness: 'ready',
  health: 'ready',
  healthcheck: 'ready',
  url: 'path',
  route: 'path',
  verb: 'method',
  status: 'expect',
  expectstatus: 'expect',
  statuscode: 'expect',
  data: 'body',
  json: 'body',
  file: 'bodyFile',
  concurrency: 'connections',
};

/** Parses the text into a value tree; fails on a syntax error, an empty file or nodes that are not plain data. */
export function load(text: string, fail: Fail): Value {
  const lines = new LineCounter();
  const document = parseDocument(text, { lineCounter: lines, prettyErrors: true, uniqueKeys: false });
  const syntax = document.errors[0];
  if (syntax) {
    const line = syntax.linePos?.[0].line ?? 1;
    fail(
      line,
      '',
      `not valid YAML: ${syntax.message.split(/ at line \d+, column \d+/)[0]!.trim()}`,
      'check the indentation, and quote values that contain `: ` or ` #` or start with `{`, `[`, `*`, `&`, `!`, `|` or `>`',
    );
  }
  refuseAliasBomb(document, fail);
  const contents = document.contents;
  if (contents === null || (isScalar(contents) && contents.value === null)) {
    fail(
      1,
      '',
      'the file is empty',
      'write at least `scenarios:` with one request, e.g. `scenarios: [{ path: / }]`',
    );
  }
  return new TreeBuilder(document, lines, fail).convert(contents as Node, [], 1);
}

/**
 * How much aliases may multiply the document (yaml's `maxAliasCount`: each alias times the aliases inside what it
 * refers to). Far above what a config file needs (a header set shared by hundreds of scenarios), far below a
 * "billion laughs" file, whose nested aliases would expand to millions of nodes before any check.
 */
const MAX_ALIAS_COUNT = 1000;
/** Nodes the tree may hold once aliases are expanded: a second bound, whatever yaml counts. */
const MAX_NODES = 200_000;

const ALIAS_FIX =
  'write the repeated values out, or use fewer aliases (`*name`) and none nested in what another alias repeats';

/** Refuses a document whose aliases expand too far, before anything expands them (yaml counts without expanding). */
function refuseAliasBomb(document: Document, fail: Fail): void {
  try {
    document.toJS({ maxAliasCount: MAX_ALIAS_COUNT });
  } catch (error) {
    if (!(error instanceof Error) || !/alias count/i.test(error.message)) return; // reported by the tree builder
    fail(
      1,
      '',
      `its aliases (\`*name\`) would expand it more than ${MAX_ALIAS_COUNT} times over (input \`config\`)`,
      ALIAS_FIX,
    );
  }
}

/** Turns YAML nodes into Values; aliases are resolved, and one that contains itself is refused. */
class TreeBuilder {
  private readonly document: Document;
  private readonly lines: LineCounter;
  private readonly fail: Fail;

  constructor(document: Document, lines: LineCounter, fail: Fail) {
    this.document = document;
    this.lines = lines;
    this.fail = fail;
  }

  private nodes = 0;

  /** `at`: the line of the nearest enclosing node, for nodes that have no position of their own. */
  convert(node: Node | null, ancestors: Node[], at: number): Value {
    if (node === null) return { kind: 'scalar', line: at, value: null, source: '' };
    const line = node.range ? this.lineOf(node) : at;
    if (++this.nodes > MAX_NODES) {
      this.fail(
        line,
        '',
        `its aliases (\`*name\`) expand it to more than ${MAX_NODES} values (input \`config\`)`,
        ALIAS_FIX,
      );
    }
    if (isAlias(node)) {
      const target = node.resolve(this.document);
      if (!target)
        this.fail(
          line,
          '',
          `the alias \`*${node.source}\` refers to no anchor`,
          'define `&name` before `*name`',
        );
      if (ancestors.includes(target)) {
        this.fail(
          line,
          '',
          `the alias \`*${node.source}\` refers to a node that contains it`,
          'remove the alias',
        );
      }
      const value = this.convert(target, ancestors, line);
      return { ...value, line };
    }
    if (isScalar(node)) {
      const value = node.value;
      if (
        value === null ||
        typeof value === 'string' ||
        typeof value === 'number' ||
        typeof value === 'boolean'
      ) {
        return { kind: 'scalar', line, value, source: node.source ?? String(value) };
      }
      this.fail(
        line,
        '',
        `\`${node.source ?? String(value)}\` is not a plain value`,
        'write a string, a number or a boolean',
      );
    }
    if (isSeq(node)) {
      const inside = [...ancestors, node];
      return {
        kind: 'seq',
        line,
        items: node.items.map((item) => this.convert(item as Node | null, inside, line)),
      };
    }
    if (isMap(node)) return this.map(node.items, [...ancestors, node], line);
    return this.fail(line, '', 'unsupported YAML node', 'write mappings, lists and plain values only');
  }

  private map(pairs: readonly { key: unknown; value: unknown }[], inside: Node[], line: number): Value {
    const entries: Entry[] = [];
    for (const pair of pairs) {
      const keyNode = pair.key as Node | null;
      const keyLine = keyNode?.range ? this.lineOf(keyNode) : line;
      const key = keyNode === null ? null : this.convert(keyNode, inside, keyLine);
      if (key === null || key.kind !== 'scalar' || key.value === null) {
        this.fail(keyLine, '', 'a key is not a name', 'write keys as plain names, e.g. `path:`');
      }
      const name = typeof key.value === 'string' ? key.value : key.source;
      const first = entries.find((entry) => entry.key === name);
      if (first) {
        this.fail(
          keyLine,
          '',
          `the key \`${name}\` appears twice in one mapping (first on line ${first.keyLine})`,
          'keep one',
        );
      }
      entries.push({ key: name, keyLine, value: this.convert(pair.value as Node | null, inside, keyLine) });
    }
    return { kind: 'map', line, entries };
  }

  private lineOf(node: Node): number {
    return this.lines.linePos(node.range?.[0] ?? 0).line;
  }
}

/** The JSON-like value of a subtree, for inline bodies. */
export function plain(value: Value): unknown {
  switch (value.kind) {
    case 'scalar':
      return value.value;
    case 'seq':
      return value.items.map(plain);
    case 'map':
      return Object.fromEntries(value.entries.map((entry) => [entry.key, plain(entry.value)]));
  }
}

/** What a value is, for messages: `a mapping`, `the string \`x\``, `empty`. */
export function describe(value: Value): string {
  if (value.kind === 'map') return 'a mapping';
  if (value.kind === 'seq') return 'a list';
  if (value.value === null) return 'empty';
  if (typeof value.value === 'string') return `the string \`${value.source}\``;
  return `\`${value.source}\``;
}

/** The field path of a key: `scenarios[0].headers.accept`, `headers["x request id"]`. */
export function child(parent: string, key: string): string {
  if (!/^[A-Za-z_$][\w$-]*$/.test(key)) return `${parent}[${JSON.stringify(key)}]`;
  return parent === '' ? key : `${parent}.${key}`;
}

/** The entries of a mapping by key; fails on a value that is not a mapping and on a key not in `allowed`. */
export function fields<K extends string>(
  value: Value,
  path: string,
  allowed: readonly K[],
  what: string,
  fail: Fail,
): Map<K, Entry> {
  if (value.kind !== 'map') {
    fail(
      value.line,
      path,
      `${path === '' ? 'the file is' : 'is'} ${describe(value)}, not a mapping`,
      `write ${what} as \`key: value\` lines: ${list(allowed)}`,
    );
  }
  const found = new Map<K, Entry>();
  for (const entry of value.entries) {
    const known = allowed.find((key) => key === entry.key);
    if (known === undefined) {
      const guess = suggest(entry.key, allowed);
      fail(
        entry.keyLine,
        child(path, entry.key),
        'unknown key',
        guess === undefined ? `${what} takes ${list(allowed)}` : `did you mean \`${guess}\`?`,
      );
    }
    found.set(known, entry);
  }
  return found;
}

function list(keys: readonly string[]): string {
  return keys.map((key) => `\`${key}\``).join(', ');
}

/** The allowed key a misspelt one most likely meant, if any is close. */
function suggest(key: string, allowed: readonly string[]): string | undefined {
  const normal = (text: string): string => text.toLowerCase().replace(/[-_\s]/g, '');
  const wanted = normal(key);
  const alias = ALIASES[wanted];
  if (alias !== undefined && allowed.includes(alias)) return alias;
  let best: { key: string; distance: number } | undefined;
  for (const candidate of allowed) {
    const distance = editDistance(wanted, normal(candidate));
    if (best === undefined || distance < best.distance) best = { key: candidate, distance };
  }
  if (best === undefined) return undefined;
  const limit = Math.min(2, Math.floor(Math.max(wanted.length, 1) / 3));
  return best.distance <= limit ? best.key : undefined;
}

/** Optimal string alignment distance: insertions, deletions, substitutions and swaps of neighbours. */
function editDistance(a: string, b: string): number {
  const rows: number[][] = [];
  for (let i = 0; i <= a.length; i++) {
    const row: number[] = [];
    for (let j = 0; j <= b.length; j++) {
      if (i === 0 || j === 0) {
        row.push(i + j);
        continue;
      }
      const up = rows[i - 1]!;
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(up[j]! + 1, row[j - 1]! + 1, up[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        d = Math.min(d, rows[i - 2]![j - 2]! + 1);
      row.push(d);
    }
    rows.push(row);
  }
  return rows[a.length]![b.length]!;
}
