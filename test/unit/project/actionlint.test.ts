/**
 * actionlint (rhysd/actionlint, a pinned release built from source as a Go module) on every example workflow and on
 * README.md's, with no finding allowed: once as written, and once as the action's own repository would hold them (`uses: ./`, beside
 * this action.yml), so that actionlint also checks every `with:` against action.yml's inputs and every
 * `steps.<id>.outputs.*` against its outputs. The binary is built once into node_modules/.cache (go must be on PATH,
 * at /usr/local/go/bin/go, or in GO; or point PERF_GATE_ACTIONLINT at an actionlint of this version).
 */
import assert from 'node:assert/strict';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { marked, type Tokens } from 'marked';
import { runProcess } from '../../support/run-process.ts';
import { EXAMPLES_DIR, exampleWorkflowFiles, PERF_GATE_USES } from '../../support/workflow.ts';

const VERSION = '1.7.12';
const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const CACHE = join(ROOT, 'node_modules/.cache/perf-gate', `actionlint-${VERSION}`);

interface Finding {
  message: string;
  filepath: string;
  line: number;
  column: number;
  kind: string;
}

/** The actionlint binary: PERF_GATE_ACTIONLINT, else the cached build, else built now with `go install`. */
async function actionlint(): Promise<string> {
  if (process.env.PERF_GATE_ACTIONLINT) return process.env.PERF_GATE_ACTIONLINT;
  const binary = join(CACHE, 'actionlint');
  if (existsSync(binary)) return binary;
  const go = process.env.GO ?? (existsSync('/usr/local/go/bin/go') ? '/usr/local/go/bin/go' : 'go');
  mkdirSync(CACHE, { recursive: true });
  const built = await runProcess(go, ['install', `github.com/rhysd/actionlint/cmd/actionlint@v${VERSION}`], {
    env: { ...process.env, GOBIN: CACHE },
  });
  assert.ok(
    built.code === 0 && existsSync(binary),
    `could not build actionlint v${VERSION} with \`${go} install\` (set GO, or PERF_GATE_ACTIONLINT to a binary):\n${built.stderr}`,
  );
  return binary;
}

/** actionlint's findings on `files` (paths relative to `cwd`), as JSON. */
async function lint(binary: string, cwd: string, files: string[]): Promise<Finding[]> {
  const result = await runProcess(binary, ['-no-color', '-format', '{{json .}}', ...files], { cwd });
  assert.ok(result.code === 0 || result.code === 1, `actionlint failed (${result.code}):\n${result.stderr}`);
  return JSON.parse(result.stdout.trim() || '[]') as Finding[];
}

const show = (findings: Finding[]): string =>
  findings.map((f) => `${f.filepath}:${f.line}:${f.column}: ${f.message} [${f.kind}]`).join('\n');

/** A Markdown file's workflows (its YAML blocks that are whole workflows), as `<stem>-<i>.yml`. */
const workflowsOf = (file: string, stem: string) =>
  marked
    .lexer(readFileSync(join(ROOT, file), 'utf8'))
    .filter((t): t is Tokens.Code => t.type === 'code' && t.lang === 'yaml' && /^on:/m.test(t.text))
    .map((t, i) => ({ name: `${stem}-${i}.yml`, text: `${t.text}\n` }));
const README_WORKFLOWS = [
  ...workflowsOf('README.md', 'readme'),
  ...workflowsOf('docs/required-check.md', 'required-check'),
];

describe('actionlint', { timeout: 600_000 }, () => {
  let binary: string;
  let project: string;
  let written: string;
  const files = exampleWorkflowFiles();
  const workflows = [
    ...files.map((file) => ({
      name: file.replaceAll('/', '--'),
      text: readFileSync(join(EXAMPLES_DIR, file), 'utf8'),
    })),
    ...README_WORKFLOWS,
  ];

  before(async () => {
    binary = await actionlint();
    // The action's repository, as actionlint sees a local action: action.yml, its entry point, the workflows.
    project = mkdtempSync(join(tmpdir(), 'perf-gate-actionlint-'));
    mkdirSync(join(project, '.github/workflows'), { recursive: true });
    mkdirSync(join(project, '.git'));
    copyFileSync(join(ROOT, 'action.yml'), join(project, 'action.yml'));
    symlinkSync(join(ROOT, 'dist'), join(project, 'dist'));
    // README.md's, as written, beside the project (actionlint lints any file it is given).
    written = join(project, 'as-written');
    mkdirSync(written);
    for (const { name, text } of workflows) {
      // Every workflow runs perf-gate, but the one that asks GitHub to run the gate's again.
      assert.ok(text.includes(PERF_GATE_USES) || name === 'rerun.yml', name);
      writeFileSync(join(project, '.github/workflows', name), text.replaceAll(PERF_GATE_USES, './'));
      writeFileSync(join(written, name), text);
    }
  });
  after(() => rmSync(project, { recursive: true, force: true }));

  test(`is v${VERSION}`, async () => {
    const { stdout } = await runProcess(binary, ['-version']);
    assert.match(stdout, new RegExp(`^v?${VERSION.replaceAll('.', '\\.')}$`, 'm'));
  });

  test('finds nothing in the example workflows and README.md’s and docs/required-check.md’s as written', async () => {
    assert.equal(README_WORKFLOWS.length, 2, 'README.md and docs/required-check.md show one workflow each');
    const findings = [
      ...(await lint(binary, EXAMPLES_DIR, files)),
      ...(await lint(
        binary,
        written,
        README_WORKFLOWS.map((w) => w.name),
      )),
    ];
    assert.deepEqual(findings, [], show(findings));
  });

  test('finds nothing when they use this action.yml: every input and output they name exists', async () => {
    const findings = await lint(
      binary,
      project,
      workflows.map((w) => `.github/workflows/${w.name}`),
    );
    assert.deepEqual(findings, [], show(findings));
  });

  test('would find an input action.yml does not declare, and an output it does not set', async () => {
    const name = '.github/workflows/broken.yml';
    const text = readFileSync(join(EXAMPLES_DIR, 'push-to-main.yml'), 'utf8')
      .replaceAll(PERF_GATE_USES, './')
      .replace('start: node index.js', 'start: node index.js\n          treshold: 5%')
      .replace('steps.perf.outputs.verdict', 'steps.perf.outputs.verdicts');
    writeFileSync(join(project, name), text);
    const findings = await lint(binary, project, [name]);
    assert.deepEqual(
      findings.map((f) => f.kind),
      ['action', 'expression'],
      show(findings),
    );
    assert.match(findings[0]!.message, /input "treshold" is not defined/);
    assert.match(findings[1]!.message, /property "verdicts" is not defined/);
  });
});
