/**
 * src/report-file.ts: a report.json read back as untrusted data. The gate's own report (and the older fixture)
 * parses; anything else is refused with a message that names `results`, the file and the field, and never
 * quotes the file; Markdown and decisions in the file are never used.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, test } from 'node:test';
import { parseReportFile, REPORT_FILE_MAX_BYTES } from '../../../src/config/report-file.ts';
import { GateError } from '../../../src/model/errors.ts';
import { renderMarkdown } from '../../../src/publish/markdown.ts';
import { gateReport, mergeAsMeasured } from '../../support/reports.ts';

const FIXTURE = readFileSync(new URL('../../fixtures/report-regression.json', import.meta.url), 'utf8');

function refusal(value: unknown, source = 'shard-1/report.json'): string {
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  try {
    parseReportFile(text, source);
  } catch (error) {
    assert.ok(error instanceof GateError, String(error));
    assert.equal(error.code, 'config');
    assert.ok(
      error.message.startsWith(`input \`results\`: ${source} is not a perf-gate report: `),
      error.message,
    );
    return error.message;
  }
  assert.fail('expected the report to be refused');
}

/** A valid gate report with one change applied. */
function broken(change: (r: Record<string, unknown>) => void): Record<string, unknown> {
  const r = JSON.parse(JSON.stringify(gateReport({ paths: { '/a': 1 } }))) as Record<string, unknown>;
  change(r);
  return r;
}

describe('parseReportFile', () => {
  test('the gate’s report parses: fields copied, decision dropped, verdict a placeholder', () => {
    const gate = gateReport({ paths: { '/a': 0.5, '/b': 1 }, shard: { index: 2, count: 3 } });
    const { report, shard, source } = parseReportFile(JSON.stringify(gate), 'r.json');
    assert.equal(source, 'r.json');
    assert.deepEqual(shard, { index: 2, count: 3 });
    assert.equal(report.decision, undefined);
    assert.equal(report.verdict, 'inconclusive');
    assert.deepEqual(report.rounds, gate.rounds);
    assert.deepEqual(report.settings, gate.settings);
    assert.deepEqual(report.pullRequest, gate.pullRequest);
    assert.deepEqual(report.sequential, gate.sequential);
  });

  test('an older report without latencyThreshold, restartEvery and failOnRegression gets their defaults', () => {
    const { report } = parseReportFile(FIXTURE, 'old.json');
    assert.equal(report.settings.latencyThreshold, report.settings.threshold);
    assert.equal(report.settings.restartEvery, 0);
    assert.equal(report.settings.failOnRegression, true);
    assert.equal(report.settings.port, undefined);
    assert.equal(report.rounds.length, 32);
    assert.equal(report.pullRequest, undefined);
  });

  test('not JSON, not perf-gate, another version: refused without quoting the file', () => {
    const secret = 'ghs_SECRET_TOKEN_VALUE';
    assert.doesNotMatch(refusal(`{"tool": "${secret}`), new RegExp(secret));
    assert.match(refusal(`{"tool": "${secret}`), /the file is not JSON/);
    assert.doesNotMatch(refusal({ tool: secret }), new RegExp(secret));
    assert.match(refusal({ tool: 'other' }), /`tool` is not `perf-gate`/);
    assert.match(refusal({ tool: 'perf-gate', version: 2 }), /`version` is not 3/);
    assert.match(refusal('[]'), /the document is not an object/);
  });

  test('wrong types, ranges and forms are refused, naming the field', () => {
    const cases: [(r: Record<string, unknown>) => void, RegExp][] = [
      [
        (r) => ((r.base as Record<string, unknown>).sha = 'not-a-sha'),
        /`base\.sha` has characters or a form/,
      ],
      [
        (r) => ((r.rounds as Record<string, unknown>[])[0]!.scenario = 'GET /elsewhere'),
        /`rounds`\[0\]\.scenario is not one of `settings.scenarios`/,
      ],
      [
        (r) => ((r.rounds as Record<string, unknown>[])[0]!.side = 'middle'),
        /`rounds`\[0\]\.side is not one of base, head/,
      ],
      [
        (r) =>
          (((r.rounds as Record<string, unknown>[])[1]!.measurement as Record<string, unknown>).rps = '1e9'),
        /`rounds`\[1\]\.measurement\.rps is not a finite number/,
      ],
      [
        (r) =>
          (((r.rounds as Record<string, unknown>[])[1]!.measurement as Record<string, unknown>).errors = -1),
        /`rounds`\[1\]\.measurement\.errors is out of range/,
      ],
      [(r) => (r.rounds as unknown[]).push((r.rounds as unknown[])[0]), /repeats a round/],
      [
        (r) => ((r.sequential as Record<string, unknown>).schedule = []),
        /`sequential.schedule` needs at least one look/,
      ],
      [
        (r) => ((r.sequential as Record<string, unknown>).schedule = [12, 16, 14]),
        /`sequential.schedule` must be increasing: 12, 16, 14/,
      ],
      [
        (r) =>
          (((r.settings as Record<string, unknown>).scenarios as Record<string, unknown>[])[0]!.path = 'a b'),
        /`settings.scenarios`\[0\]\.path has characters or a form/,
      ],
      [
        (r) =>
          (((r.settings as Record<string, unknown>).scenarios as Record<string, unknown>[])[0]!.method =
            'BREW'),
        /`settings.scenarios`\[0\]\.method is not one of GET/,
      ],
      [
        (r) => {
          const s = (r.settings as Record<string, unknown>).scenarios as unknown[];
          s.push(s[0]);
        },
        /`settings.scenarios` names a scenario twice/,
      ],
      [(r) => ((r.settings as Record<string, unknown>).alpha = 0.9), /`settings.alpha` is out of range/],
      [
        (r) => ((r.environment as Record<string, unknown>).node = 'v24 [click](https://evil)'),
        /`environment.node` has characters/,
      ],
      [
        (r) => ((r.pullRequest as Record<string, unknown>).number = 1.5),
        /`pullRequest.number` is not a whole number/,
      ],
      [
        (r) => ((r.sequential as Record<string, unknown>).stoppedBy = 'whim'),
        /`sequential.stoppedBy` is not one of/,
      ],
      [(r) => (r.error = { code: 'rm -rf', message: 'x', neutral: false }), /`error.code` is not one of/],
      [
        (r) => (r.notes = [{ kind: 'teardown-failed', message: 'x'.repeat(10_001) }]),
        /`notes`\[0\]\.message is longer than 10000 characters/,
      ],
      [(r) => (r.notes = ['a note as text']), /`notes`\[0\] is not an object/],
      [(r) => (r.notes = [{ kind: 'made-up' }]), /`notes`\[0\]/],
      [(r) => (r.notes = [{ kind: 'time-limit', pairs: -1 }]), /`notes`\[0\]\.pairs/],
      [(r) => (r.rounds = {}), /`rounds` is not a list/],
      [
        (r) => ((r.rounds as Record<string, unknown>[])[0]!.pair = 10_000),
        /`rounds`\[0\]\.pair is out of range/,
      ],
    ];
    for (const [change, expected] of cases) assert.match(refusal(broken(change)), expected);
  });

  test('a file over the size limit is refused before parsing', () => {
    assert.match(refusal(' '.repeat(REPORT_FILE_MAX_BYTES + 1)), /the file is larger than/);
  });

  test('Markdown in the file is never trusted: the profile is re-rendered and every text is escaped', () => {
    const evil = broken((r) => {
      r.head = { sha: 'c'.repeat(40), label: 'x`<img src=y>`\n@admin' };
      r.notes = [
        {
          kind: 'teardown-failed',
          message: 'see [this](https://evil.example) <script>alert(1)</script> and `timeout` @everyone',
        },
      ];
      r.profile = {
        markdown: '<img src=x onerror=alert(1)> [click](https://evil.example)',
        files: ['/etc/shadow'],
        dir: '/',
        hotter: [{ fn: 'a|b`<b>`', file: '@x/y.js', line: 2, baseSelf: 0.1, headSelf: 0.5 }],
        seconds: 3,
      };
      r.error = {
        code: 'server-crash',
        message: 'crashed <!-- perf-gate:report --> [x](https://evil.example)',
        output: '```\n<script>x</script>\n::add-mask::x',
        neutral: false,
      };
    });
    const file = parseReportFile(JSON.stringify(evil), 'evil.json');
    assert.deepEqual(file.report.profile?.files, []);
    const markdown = renderMarkdown(mergeAsMeasured([file]));
    // Outside code (fenced blocks and inline code spans, where nothing renders), nothing active is left.
    const prose = markdown.replace(/^(`{3,})text\n[\s\S]*?\n\1$/gm, '').replace(/(`+)[\s\S]*?\1/g, '');
    assert.doesNotMatch(prose, /<img|<script>|[^\\]\]\(https:\/\/evil|[^\\]<!--/);
    assert.doesNotMatch(markdown, /@(?!\u200b)/, 'every @ is broken with a zero-width space');
    assert.ok(markdown.includes('````text\n```\n<script>'), 'the output is fenced by a longer fence');
    assert.match(
      markdown,
      // Links are broken too (issue 23): a zero-width space after the scheme.
      /Note: see \\\[this\\\]\(https:\u200b\/\/evil\.example\) \\<script\\>alert\(1\)\\<\/script\\> and `timeout` @\u200beveryone/,
    );
    assert.ok(markdown.includes('| `` a\\|b`<b>` `` | `@\u200bx/y.js:2` |'), 'a pipe cannot end the cell');
  });
});
