/** action.yml agrees with the code: runtime, entry point, inputs and their defaults (INPUT_DEFAULTS), outputs. */
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { describe, test } from 'node:test';
import { parseDocument } from 'yaml';
import { INPUT_DEFAULTS } from '../../../src/config/inputs.ts';
import { NO_REPORT } from '../../../src/entry/outputs.ts';

const ROOT = new URL('../../../', import.meta.url);

function record(value: unknown, what: string): Record<string, unknown> {
  assert.ok(
    typeof value === 'object' && value !== null && !Array.isArray(value),
    `${what} must be a mapping`,
  );
  return value as Record<string, unknown>;
}

// Parsed leniently so that a syntax error fails one test (below) instead of the whole file.
const document = parseDocument(readFileSync(new URL('action.yml', ROOT), 'utf8'));
const action = record(document.toJS(), 'action.yml');
const inputs = record(action.inputs, 'inputs');
const outputs = record(action.outputs, 'outputs');

describe('action.yml', () => {
  test('is valid YAML', () => {
    // GitHub refuses an action.yml it cannot parse; a plain scalar must not contain `: ` (quote it instead).
    assert.deepEqual(
      document.errors.map((e) => e.message),
      [],
    );
  });

  test('has a name, a description and an author', () => {
    assert.equal(action.name, 'perf-gate');
    assert.equal(typeof action.description, 'string');
    assert.ok((action.description as string).length > 20);
    assert.equal(typeof action.author, 'string');
  });

  test('runs on node24 from dist/index.js, which exists', () => {
    const runs = record(action.runs, 'runs');
    assert.equal(runs.using, 'node24');
    assert.equal(runs.main, 'dist/index.js');
    assert.ok(existsSync(new URL('dist/index.js', ROOT)), 'dist/index.js is missing: run `npm run build`');
  });

  test('branding has an icon and a colour', () => {
    const branding = record(action.branding, 'branding');
    assert.equal(typeof branding.icon, 'string');
    assert.ok((branding.icon as string).length > 0);
    assert.equal(typeof branding.color, 'string');
    // The colours GitHub Marketplace accepts.
    assert.ok(
      ['white', 'black', 'yellow', 'blue', 'green', 'orange', 'red', 'purple', 'gray-dark'].includes(
        branding.color as string,
      ),
      `branding.color ${String(branding.color)}`,
    );
  });

  test('the inputs are exactly the keys of INPUT_DEFAULTS', () => {
    assert.deepEqual(Object.keys(inputs).sort(), Object.keys(INPUT_DEFAULTS).sort());
  });

  test('every input has a description', () => {
    for (const [name, value] of Object.entries(inputs)) {
      const input = record(value, `inputs.${name}`);
      assert.equal(typeof input.description, 'string', `inputs.${name}.description`);
      assert.ok((input.description as string).trim().length > 0, `inputs.${name}.description is empty`);
    }
  });

  test('every default is a string equal to INPUT_DEFAULTS (github-token defaults to the job token)', () => {
    for (const [name, expected] of Object.entries(INPUT_DEFAULTS)) {
      const input = record(inputs[name], `inputs.${name}`);
      if (input.default !== undefined) {
        // An unquoted `10` would be the number 10 in YAML: GitHub passes strings, so the file should say so.
        assert.equal(typeof input.default, 'string', `inputs.${name}.default must be a string`);
      }
      const actual = input.default ?? '';
      // biome-ignore lint/suspicious/noTemplateCurlyInString: a GitHub expression, not a JS template
      if (name === 'github-token') assert.equal(actual, '${{ github.token }}');
      else assert.equal(actual, expected, `inputs.${name}.default`);
    }
  });

  test('no input is required (`start` may come from the config file); `start` has no default', () => {
    const required = Object.entries(inputs)
      .filter(([name]) => record(inputs[name], name).required === true)
      .map(([name]) => name);
    assert.deepEqual(required, []);
    assert.equal(record(inputs.start, 'start').default, undefined);
  });

  test('outputs are exactly those entry/outputs.ts sets, each with a description', () => {
    assert.deepEqual(Object.keys(outputs).sort(), Object.keys(NO_REPORT).sort());
    for (const [name, value] of Object.entries(outputs)) {
      const output = record(value, `outputs.${name}`);
      assert.equal(typeof output.description, 'string', `outputs.${name}.description`);
      assert.ok((output.description as string).trim().length > 0);
    }
    const verdict = record(outputs.verdict, 'verdict').description as string;
    for (const v of ['regression', 'improvement', 'no-change', 'inconclusive']) {
      assert.ok(verdict.includes(v), `outputs.verdict.description does not mention ${v}`);
    }
  });
});
