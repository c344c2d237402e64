/**
 * Issue 50, item 5: every value the config files took from the step's environment is masked in the action's log,
 * base's (read from the base commit) and a history commit's as much as head's, and a multi-line one line by line
 * (the runner masks a value only where it appears whole; output arrives line by line).
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { trustedConfig } from '../../../src/config/base-config.ts';
import { parseConfig } from '../../../src/config/inputs.ts';
import { maskSecrets } from '../../../src/entry/log.ts';
import { runGate } from '../../../src/gate/run-gate.ts';
import { gateLog } from '../../../src/report/log-text.ts';

/** What `body` printed on stdout (where the runner reads workflow commands). */
function stdoutOf(body: () => void): string {
  const write = process.stdout.write.bind(process.stdout);
  let out = '';
  process.stdout.write = ((chunk: string) => {
    out += chunk;
    return true;
  }) as typeof process.stdout.write;
  try {
    body();
  } finally {
    process.stdout.write = write;
  }
  return out;
}

test('a multi-line secret is masked line by line', () => {
  const out = stdoutOf(() => maskSecrets(['-----BEGIN KEY-----\nabc123\r\n\n-----END KEY-----', undefined]));
  assert.deepEqual(out.trim().split('\n'), [
    '::add-mask::-----BEGIN KEY-----',
    '::add-mask::abc123',
    '::add-mask::-----END KEY-----',
  ]);
});

test("the gate hands its masker base's values too, before anything runs", async () => {
  const out = mkdtempSync(join(tmpdir(), 'perf-gate-masks-'));
  try {
    const head = parseConfig(
      (name) => (name === 'config' ? 'perf-gate.yml' : name === 'output-dir' ? out : ''),
      {
        outputDir: out,
        readFile: () => `start: node index.js\nenv: { URL: "\${HEAD_URL}" }\nscenarios:\n  - path: /x\n`,
        environment: { HEAD_URL: 'head-value-1', BASE_ONLY: 'base-value-2' },
      },
    );
    const config = trustedConfig(
      head,
      `start: node index.js\nenv: { B: "\${BASE_ONLY}" }\nscenarios:\n  - path: /x\n`,
      undefined,
      {
        BASE_ONLY: 'base-value-2',
      },
    );
    const masked: string[] = [];
    const silent = {
      info: () => {},
      output: () => {},
      warning: () => {},
      group: (_: string, b: () => Promise<unknown>) => b(),
    };
    await runGate(
      {
        config,
        root: join(out, 'no-repository'),
        base: { sha: 'a'.repeat(40), label: 'base' },
        head: { sha: 'b'.repeat(40), label: 'head' },
        log: gateLog(silent as never),
      },
      { mask: (secrets) => masked.push(...secrets) },
    );
    assert.deepEqual(masked.sort(), ['base-value-2', 'head-value-1']);
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
});
