/**
 * The code's shape, read from the syntax tree of every src/**\/*.ts file: no import cycles, the stage folders' import
 * rules and one-way data flow, and the size of files and functions.
 */
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { parse } from '@babel/parser';
import { STAGES } from '../../support/stages.ts';

// One-way data flow: a file in a stage folder imports (relatively) only from its own folder and from folders earlier
// in STAGES. model is types only; stats pure maths; report every word a user reads; entry runs everything.
// history is a wing, not a stage: `mode: history` whole, above the stages it runs (none of them imports it).
const ORDER: readonly string[] = STAGES;
const MAX_FILE_LINES = 400;
const MAX_FUNCTION_LINES = 80;
const FUNCTIONS = [
  'FunctionDeclaration',
  'FunctionExpression',
  'ArrowFunctionExpression',
  'ClassMethod',
  'ObjectMethod',
];
/** What src/model may not hold besides functions: classes, declared functions and code that runs. */
const CODE = ['ClassDeclaration', 'ClassExpression', 'TSDeclareFunction', 'CallExpression', 'NewExpression'];
const MODULE_SOURCES = ['ImportDeclaration', 'ExportNamedDeclaration', 'ExportAllDeclaration'];
const ACTIONS_FOLDERS = ['entry', 'publish', 'io'];

type Line = { line: number };
type AstNode = { type: string; loc: { start: Line; end: Line }; [key: string]: unknown };
/** target: for a relative specifier, the imported path relative to src ('../x' when it leaves src). */
type Import = { source: string; line: number; target?: string };

const SRC = fileURLToPath(new URL('../../../src/', import.meta.url));

/** Calls visit on every node from `node` down, with the nearest node above it; visit returns false to skip below. */
function walk(node: unknown, visit: (n: AstNode, parent?: AstNode) => false | undefined, parent?: AstNode) {
  if (Array.isArray(node)) for (const child of node) walk(child, visit, parent);
  if (!node || typeof node !== 'object' || typeof (node as AstNode).type !== 'string') return;
  if (visit(node as AstNode, parent) === false) return;
  for (const [key, child] of Object.entries(node)) {
    if (key !== 'loc' && key !== 'extra') walk(child, visit, node as AstNode);
  }
}

/** A function's name: its own, its key's, or that of the variable or property it is assigned to. */
function nameOf(n: AstNode, parent?: AstNode): string {
  const id = (n.id ?? n.key ?? parent?.id ?? parent?.key) as { name?: string; value?: string } | null;
  return id?.name ?? id?.value ?? '(anonymous)';
}

function importsOf(path: string, ast: AstNode): Import[] {
  const imports: Import[] = [];
  walk(ast, (n) => {
    if (!MODULE_SOURCES.includes(n.type) || !n.source) return;
    const source = (n.source as AstNode).value as string;
    const target = source.startsWith('.') ? relative(SRC, resolve(SRC, dirname(path), source)) : undefined;
    imports.push({ source, line: n.loc.start.line, target });
    return undefined;
  });
  return imports;
}

const files = readdirSync(SRC, { recursive: true, encoding: 'utf8' })
  .filter((path) => path.endsWith('.ts'))
  .sort()
  .map((path) => {
    const text = readFileSync(join(SRC, path), 'utf8');
    const ast = parse(text, { sourceType: 'module', plugins: ['typescript'], attachComment: false });
    const node = ast as unknown as AstNode;
    const lines = text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
    return { path, folder: path.split(sep)[0]!, lines, ast: node, imports: importsOf(path, node) };
  });
const byPath = new Map(files.map((f) => [f.path, f]));

type SourceFile = (typeof files)[number];
const folderOf = (target: string) => (target.startsWith('..') ? '(outside src)' : target.split(sep)[0]!);
const where = (file: SourceFile, line: number) => `src/${file.path}:${line}`;

/** Imports of files in `folder` that the rule refuses, as 'src/file:line imports source'. */
function importsBreaking(folder: string, allowed: (i: Import) => boolean): string[] {
  return files
    .filter((f) => f.folder === folder)
    .flatMap((f) =>
      f.imports.filter((i) => !allowed(i)).map((i) => `${where(f, i.line)} imports '${i.source}'`),
    );
}

function expectNone(violations: string[], what: string): void {
  assert.ok(violations.length === 0, `${violations.length} ${what}:\n  ${violations.join('\n  ')}`);
}

test('src parses, every file lies in a stage folder and every relative import resolves', () => {
  assert.ok(files.length > 50, `only ${files.length} files under src`);
  const unresolved = files.flatMap((f) =>
    f.imports
      .filter((i) => i.target !== undefined && !existsSync(join(SRC, i.target)))
      .map((i) => `${where(f, i.line)} imports '${i.source}', which does not exist`),
  );
  const outside = files
    .filter((f) => !ORDER.includes(f.folder))
    .map((f) => `src/${f.path} is in no stage folder`);
  expectNone([...outside, ...unresolved], 'files outside the stage folders or unresolved imports');
});

test('no import cycle among src files', () => {
  const done = new Set<string>();
  const stack: string[] = [];
  const cycleFrom = (path: string): string[] | undefined => {
    if (stack.includes(path)) return [...stack.slice(stack.indexOf(path)), path];
    if (done.has(path)) return undefined;
    stack.push(path);
    for (const { target } of byPath.get(path)!.imports) {
      const cycle = target !== undefined && byPath.has(target) ? cycleFrom(target) : undefined;
      if (cycle) return cycle;
    }
    stack.pop();
    done.add(path);
    return undefined;
  };
  for (const file of files) {
    const cycle = cycleFrom(file.path);
    assert.ok(cycle === undefined, `import cycle: ${cycle?.map((p) => `src/${p}`).join(' -> ')}`);
  }
});

/**
 * The model files that hold code: the quantities the model defines (a round's failures, a metric's value: pure,
 * one-line), and its error type (data with a constructor, which decide/ throws without importing io/).
 */
const WITH_CODE = ['model/derived.ts', 'model/errors.ts'];

test('src/model imports only src/model and declares no functions, classes or code (but in derived.ts, errors.ts)', () => {
  const imports = importsBreaking('model', (i) => i.target !== undefined && folderOf(i.target) === 'model');
  const code = files
    .filter((f) => f.folder === 'model' && !WITH_CODE.includes(f.path))
    .flatMap((f) => {
      const found: string[] = [];
      walk(f.ast, (n, parent) => {
        const mutable = n.type === 'VariableDeclaration' && n.kind !== 'const';
        if (!(FUNCTIONS.includes(n.type) || CODE.includes(n.type) || mutable)) return undefined;
        const what = mutable ? `${n.kind} declaration` : `${n.type} ${nameOf(n, parent)}`;
        found.push(`${where(f, n.loc.start.line)} ${what}`);
        return false; // one report for a function, not one more for each call inside it
      });
      return found;
    });
  expectNone([...imports, ...code], 'imports or code in src/model');
});

test('src/report imports only src/model and src/report (no node: built-ins, no packages)', () => {
  const allowed = (i: Import) => i.target !== undefined && ['model', 'report'].includes(folderOf(i.target));
  expectNone(importsBreaking('report', allowed), 'imports leaving src/report');
});

test('src/decide never imports src/report: a decision is data, its words are rendered in report/', () => {
  const allowed = (i: Import) => i.target === undefined || folderOf(i.target) !== 'report';
  expectNone(importsBreaking('decide', allowed), 'imports of src/report from src/decide');
});

/** The one file of report/ that gate/, config/ and io/ may import: the messages their errors carry when thrown. */
const ERROR_TEXT = 'report/error-text.ts';

for (const folder of ['gate', 'config', 'io']) {
  test(`src/${folder} imports no words from src/report: its notes and log lines are typed values report/ says`, () => {
    const allowed = (i: Import) =>
      i.target === undefined || folderOf(i.target) !== 'report' || i.target === ERROR_TEXT;
    expectNone(importsBreaking(folder, allowed), `imports of src/report from src/${folder}`);
  });
}

/** The packages src/stats may use: simple-statistics for the descriptive statistics (the exact distributions are ours). */
const STATS_PACKAGES = ['simple-statistics'];

test(`src/stats imports only src/stats and ${STATS_PACKAGES.join(', ')}`, () => {
  const allowed = (i: Import) =>
    i.target === undefined ? STATS_PACKAGES.includes(i.source) : folderOf(i.target) === 'stats';
  expectNone(importsBreaking('stats', allowed), 'imports leaving src/stats');
});

test(`only ${ACTIONS_FOLDERS.join(', ')} import @actions/* packages`, () => {
  const violations = ORDER.filter((folder) => !ACTIONS_FOLDERS.includes(folder)).flatMap((folder) =>
    importsBreaking(folder, (i) => !i.source.startsWith('@actions/')),
  );
  expectNone(violations, '@actions imports elsewhere');
});

test('data flows one way: a stage folder imports only from itself and earlier stages', () => {
  const violations = files.flatMap((f) => {
    const allowed = ORDER.slice(0, ORDER.indexOf(f.folder) + 1);
    return f.imports
      .filter((i) => i.target !== undefined && !allowed.includes(folderOf(i.target)))
      .map((i) => `${where(f, i.line)} (${f.folder}) imports '${i.source}' (${folderOf(i.target!)})`);
  });
  expectNone(violations, `imports against the order ${ORDER.join(' < ')}`);
});

test('a feature lives in its wing: no file named history.ts outside src/model (its types)', () => {
  const stray = files.filter((f) => f.path.endsWith(`${sep}history.ts`) && f.folder !== 'model');
  expectNone(
    stray.map((f) => `src/${f.path}`),
    'history.ts outside model/',
  );
});

test(`no src file over ${MAX_FILE_LINES} lines`, () => {
  const violations = files
    .filter((f) => f.lines > MAX_FILE_LINES)
    .sort((a, b) => b.lines - a.lines)
    .map((f) => `src/${f.path}: ${f.lines} lines`);
  expectNone(violations, `files over ${MAX_FILE_LINES} lines`);
});

test(`no function over ${MAX_FUNCTION_LINES} lines`, () => {
  const long: { at: string; lines: number }[] = [];
  for (const file of files) {
    walk(file.ast, (n, parent) => {
      const lines = n.loc.end.line - n.loc.start.line + 1;
      if (FUNCTIONS.includes(n.type) && lines > MAX_FUNCTION_LINES)
        long.push({ at: `${where(file, n.loc.start.line)} ${n.type} ${nameOf(n, parent)}`, lines });
      return undefined;
    });
  }
  long.sort((a, b) => b.lines - a.lines);
  expectNone(
    long.map((f) => `${f.at}: ${f.lines} lines`),
    `functions over ${MAX_FUNCTION_LINES} lines`,
  );
});
