/**
 * The documentation cannot drift from the code (issue 33, item 7): every input, output, CLI flag and statistical
 * method that README.md, docs/ and action.yml's descriptions name is one the code has. Inputs and outputs are
 * action.yml's (which test/unit/config/action-yml.test.ts holds to the code), CLI flags are what `perf-gate compare`
 * accepts (src/entry/commands.ts), methods are those src/ names. Markdown is read with marked, YAML with yaml.
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { marked, type Token, type Tokens } from 'marked';
import { parse, parseAllDocuments } from 'yaml';
import { MEASURE_KEYS } from '../../../src/config/measure.ts';
import { COMPARE_FLAGS } from '../../../src/entry/commands.ts';
import { hotterAnnotation } from '../../../src/report/annotations.ts';
import { helpText } from '../../../src/report/cli-text.ts';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const read = (path: string): string => readFileSync(join(ROOT, path), 'utf8');
const action = parse(read('action.yml')) as {
  inputs: Record<string, { description: string }>;
  outputs: Record<string, { description: string }>;
};
const INPUTS = new Set(Object.keys(action.inputs));
/** The settings of the `measure` input's block (src/config/measure.ts), and the values of `mode` that are names. */
const SETTINGS = new Set<string>([...MEASURE_KEYS, 'history-measure', 'history-publish']);
/** Inputs renamed or folded before the first release: the changelog says what became of each, and nothing else names them. */
const RENAMED = new Set([
  'comment-on',
  'profile-duration',
  'install-timeout',
  'history-budget',
  'history-job',
]);
const OUTPUTS = new Set(Object.keys(action.outputs));
const FLAGS = new Set([...COMPARE_FLAGS, 'help']);

/** Where users read about perf-gate: the README, docs/, and what GitHub shows of action.yml. */
const DOCS: Record<string, string> = {
  'README.md': read('README.md'),
  ...Object.fromEntries(
    readdirSync(join(ROOT, 'docs'))
      .filter((name) => name.endsWith('.md'))
      .map((name) => [`docs/${name}`, read(`docs/${name}`)]),
  ),
  'action.yml': [...Object.values(action.inputs), ...Object.values(action.outputs)]
    .map((x) => x.description)
    .join('\n\n'),
};

/**
 * Hyphenated names in code spans that are not inputs or outputs of perf-gate: GitHub's workflow keys and values,
 * other actions' inputs, HTTP headers, verdicts, label and artifact names. A name that is none of these and not an
 * input or output fails the test: a renamed input left behind, or a term to add here.
 */
const OTHER_TERMS = new Set([
  'timeout-minutes',
  'persist-credentials',
  'fetch-depth',
  'cancel-in-progress',
  'node-version',
  'merge-multiple',
  'retention-days',
  'runs-on',
  'run-id',
  'pull-requests',
  'id-token',
  'ubuntu-latest',
  'retry-after',
  'content-type',
  'content-length',
  'transfer-encoding',
  'local-action',
  'proc-background',
  'no-change',
  'perf-gate',
  'perf-gate-results',
  'perf-gate-report',
  'yaml-language-server',
  'apt-get',
  // `base: latest-release` (mode history).
  'latest-release',
  // report.json's error codes.
  'server-start',
  'server-crash',
  'server-errors',
]);

function tokensOf(text: string): Token[] {
  const all: Token[] = [];
  marked.walkTokens(marked.lexer(text), (token) => {
    all.push(token);
  });
  return all;
}

/** Every code span of a document (inline code), as written. */
function codeSpans(text: string): string[] {
  return tokensOf(text)
    .filter((t): t is Tokens.Codespan => t.type === 'codespan')
    .map((t) => t.text);
}

/** Fenced code blocks of a language. */
function blocks(text: string, lang: string): string[] {
  return tokensOf(text)
    .filter((t): t is Tokens.Code => t.type === 'code' && t.lang === lang)
    .map((t) => t.text);
}

/** Every mapping in a parsed YAML value, depth first. */
function mappings(value: unknown): Record<string, unknown>[] {
  if (Array.isArray(value)) return value.flatMap(mappings);
  if (typeof value !== 'object' || value === null) return [];
  const record = value as Record<string, unknown>;
  return [record, ...Object.values(record).flatMap(mappings)];
}

/** The perf-gate steps of the YAML blocks of a document: their `with:` keys. */
function perfGateWith(text: string): string[] {
  return blocks(text, 'yaml').flatMap((yaml) =>
    parseAllDocuments(yaml).flatMap((doc) =>
      mappings(doc.toJS())
        .filter((m) => typeof m.uses === 'string' && /perf-gate@/.test(m.uses))
        .flatMap((m) => Object.keys((m.with as Record<string, unknown> | undefined) ?? {})),
    ),
  );
}

/** The `measure` blocks of the perf-gate steps of the YAML blocks of a document. */
function perfGateMeasure(text: string): string[] {
  return blocks(text, 'yaml').flatMap((yaml) =>
    parseAllDocuments(yaml).flatMap((doc) =>
      mappings(doc.toJS())
        .filter((m) => typeof m.uses === 'string' && /perf-gate@/.test(m.uses))
        .map((m) => (m.with as Record<string, unknown> | undefined)?.measure)
        .filter((block): block is string => typeof block === 'string'),
    ),
  );
}

/**
 * The statistical methods docs may name, each with how src/ names it. A method the docs give must be one the code
 * implements (named in its source, where each formula's origin is cited); `Hochberg` in the docs while the code uses
 * Bonferroni or Holm is what this catches.
 */
const METHODS: Record<string, RegExp> = {
  Bonferroni: /Bonferroni/,
  Holm: /\bHolm\b/,
  Šidák: /Šidák|Sidak/,
  Hochberg: /Hochberg/,
  'Benjamini-Hochberg': /Benjamini/,
  'Hodges-Lehmann': /Hodges-Lehmann/,
  Wilcoxon: /Wilcoxon/,
  Walsh: /Walsh/,
  "Student's t": /Student/,
  Welch: /Welch/,
  'Mann-Whitney': /Mann-Whitney/,
  bootstrap: /bootstrap/i,
  "O'Brien-Fleming": /O'Brien/,
  Pocock: /Pocock/,
  'Lan-DeMets': /Lan-DeMets/,
  'F test': /\bF[ -]test\b|\bF = /,
};

const SOURCE = (function sources(dir: string): string {
  return readdirSync(join(ROOT, dir), { withFileTypes: true })
    .map((entry) =>
      entry.isDirectory()
        ? sources(join(dir, entry.name))
        : entry.name.endsWith('.ts')
          ? read(join(dir, entry.name))
          : '',
    )
    .join('\n');
})('src');

/** Whether `text` names `method` as a word of its own (`Holm-adjusted` names Holm). */
function mentions(text: string, method: string): boolean {
  return new RegExp(`(?<!\\w)${method.replace(/[.*+?^${}()|[\]\\']/g, '\\$&')}(?!\\w)`).test(text);
}

describe('documented inputs and outputs are action.yml’s', () => {
  for (const [file, text] of Object.entries(DOCS)) {
    test(`${file}: every hyphenated name in code is an input, an output or a known other term`, () => {
      const unknown = codeSpans(text)
        .map((span) => /^([a-z][a-z0-9]*(?:-[a-z0-9]+)+)(?::|$)/.exec(span)?.[1])
        .filter((name): name is string => name !== undefined)
        .filter((name) => !INPUTS.has(name) && !OUTPUTS.has(name) && !OTHER_TERMS.has(name))
        .filter((name) => !SETTINGS.has(name) && !(file === 'docs/CHANGELOG.md' && RENAMED.has(name)))
        .filter((name) => !/^perf-gate-/.test(name));
      assert.deepEqual([...new Set(unknown)], [], `${file}: not inputs or outputs of action.yml`);
    });

    test(`${file}: “input \`x\`”, “\`x\` input”, “output \`x\`” and steps.<id>.outputs.x name real ones`, () => {
      const plain = text.replace(/\s+/g, ' ');
      const inputs = [
        ...plain.matchAll(/\binputs? `([a-z][a-z0-9-]*)`/g),
        ...plain.matchAll(/`([a-z][a-z0-9-]*)` inputs?\b/g),
      ].map((m) => m[1]!);
      const outputs = [
        ...plain.matchAll(/\boutputs? `([a-z][a-z0-9-]*)`/g),
        ...plain.matchAll(/`([a-z][a-z0-9-]*)` outputs?\b/g),
        ...plain.matchAll(/steps\.[\w-]+\.outputs\.([\w-]+)/g),
      ].map((m) => m[1]!);
      assert.deepEqual(
        inputs.filter((name) => !INPUTS.has(name)),
        [],
        `${file}: inputs action.yml does not have`,
      );
      const settings = [...plain.matchAll(/\bsettings? `([a-z][a-z0-9-]*)`/g)].map((m) => m[1]!);
      assert.deepEqual(
        settings.filter((name) => !SETTINGS.has(name)),
        [],
        `${file}: settings the \`measure\` block does not have`,
      );
      assert.deepEqual(
        outputs.filter((name) => !OUTPUTS.has(name)),
        [],
        `${file}: outputs action.yml does not have`,
      );
    });

    test(`${file}: every perf-gate step in its YAML uses only inputs action.yml has, and settings \`measure\` has`, () => {
      const unknown = perfGateWith(text).filter((name) => !INPUTS.has(name));
      assert.deepEqual(unknown, [], `${file}: with: keys that are not inputs`);
      const blocks = perfGateMeasure(text).flatMap((block) => Object.keys((parse(block) as object) ?? {}));
      assert.deepEqual(
        blocks.filter((name) => !SETTINGS.has(name)),
        [],
        `${file}: keys of a \`measure\` block that are not settings`,
      );
    });

    test(`${file}: every CLI flag it gives is one \`perf-gate compare\` takes`, () => {
      const commands = [...blocks(text, 'sh'), ...codeSpans(text)].filter((line) =>
        /^--|perf-gate(?:@\S+)? compare|cli\.js compare/.test(line),
      );
      const flags = commands.flatMap((line) =>
        [...line.matchAll(/(?:^|\s)--([a-z][a-z-]*)/g)].map((m) => m[1]!),
      );
      assert.deepEqual(
        flags.filter((flag) => !FLAGS.has(flag)),
        [],
        `${file}: flags perf-gate compare does not take`,
      );
    });

    test(`${file}: every statistical method it names is one the code names`, () => {
      const named = Object.entries(METHODS).filter(
        ([name, inSource]) => mentions(text, name) && !inSource.test(SOURCE),
      );
      assert.deepEqual(
        named.map(([name]) => name),
        [],
        `${file} names methods src/ does not implement`,
      );
    });
  }

  test('docs/inputs.md’s table of outputs is action.yml’s', () => {
    const table = marked
      .lexer(read('docs/inputs.md'))
      .find((t): t is Tokens.Table => t.type === 'table' && t.header[0]?.text === 'output');
    assert.ok(table);
    assert.deepEqual(table.rows.map((row) => row[0]!.text.replaceAll('`', '')).sort(), [...OUTPUTS].sort());
  });

  test('the CLI’s help lists exactly the flags `compare` takes, and its examples use only those', () => {
    const help = helpText(COMPARE_FLAGS);
    const listed = [...help.matchAll(/--([a-z][a-z-]*)/g)].map((m) => m[1]!);
    assert.deepEqual(
      listed.filter((flag) => !FLAGS.has(flag) && flag !== 'input'),
      [],
    );
    for (const flag of COMPARE_FLAGS) assert.ok(help.includes(`--${flag}`), flag);
    assert.doesNotMatch(help, /\\n/, 'no literal \\n in an example (the shell would pass it as it is)');
  });
});

test('the annotation on a hotter function gives what the comment and docs/profiling.md give: µs per request', () => {
  const hot = { fn: 'serialise', file: 'index.js', line: 12, baseSelf: 0.1, headSelf: 0.6 };
  assert.equal(
    hotterAnnotation({ ...hot, baseUsPerRequest: 4.2, headUsPerRequest: 38 }, 'regression'),
    'serialise got hotter on head: 4.20 µs → 38.0 µs of CPU time per request (regression).',
  );
  assert.match(hotterAnnotation(hot, 'regression'), /10\.0% → 60\.0% of busy time/);
  assert.match(read('docs/profiling.md'), /µs per request on base and head/);
});

describe('the drift checks catch drift', () => {
  test('a renamed input, an unknown output, a flag compare ignores and a method the code lacks are found', () => {
    const doc = [
      'Set `time-limit: 5m` and read `steps.perf.outputs.delta`; the `base` input and input `bsae`.',
      '```yaml',
      '- uses: <owner>/perf-gate@v1',
      '  with: { start: node x.js, treshold: 5% }',
      '```',
      '```sh',
      'npx github:<owner>/perf-gate compare --mode report --start x',
      '```',
      'p-values are Hochberg-adjusted.',
    ].join('\n');
    const hyphenated = codeSpans(doc)
      .map((span) => /^([a-z][a-z0-9]*(?:-[a-z0-9]+)+)(?::|$)/.exec(span)?.[1])
      .filter((name): name is string => name !== undefined && !INPUTS.has(name));
    assert.deepEqual(hyphenated, ['time-limit']);
    assert.deepEqual(
      perfGateWith(doc).filter((name) => !INPUTS.has(name)),
      ['treshold'],
    );
    assert.ok(!FLAGS.has('mode'));
    assert.ok(!METHODS.Hochberg!.test(SOURCE), 'the code does not name Hochberg');
    assert.ok(mentions(doc, 'Hochberg'), '`Hochberg-adjusted` names Hochberg');
    assert.ok(METHODS.Bonferroni!.test(SOURCE));
  });
});
