/**
 * No golden comment contradicts itself: over every Markdown file under test/fixtures/golden (a comment, its job
 * summary, its trimmed and linked forms), the first screen (the title, the lead, Next and the table) must agree with
 * the table's verdicts, with the fold (the rule's sentence and the p-values) and with the step's and the check's
 * outcomes recorded beside it.
 */
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { test } from 'node:test';
import { GOLDEN_DIR } from '../../support/golden.ts';

interface Outcomes {
  verdict: string;
  outcomes: { failOnRegression: boolean; step: { kind: string }; check: string }[];
}

interface Comment {
  name: string;
  title: string;
  lead: string;
  firstScreen: string;
  /** The verdict cells of the first table, one per row. */
  cells: string[];
  /** The whole text below the first screen. */
  fold: string;
  outcomes: Outcomes | undefined;
}

function outcomesOf(name: string): Outcomes | undefined {
  const stem = name.replace(/(\.linked|\.summary|\.trimmed)?\.md$/, '');
  const file = new URL(`${stem}.outputs.json`, GOLDEN_DIR);
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Outcomes) : undefined;
}

function parse(name: string): Comment {
  const text = readFileSync(new URL(name, GOLDEN_DIR), 'utf8');
  const cut = text.indexOf('<details');
  const firstScreen = cut < 0 ? text : text.slice(0, cut);
  const lines = firstScreen.split('\n');
  const rows = lines.filter(
    (l) => l.startsWith('| ') && !l.startsWith('| scenario') && !l.startsWith('| ---'),
  );
  return {
    name,
    title: lines[0]!,
    lead: lines.find((l, i) => i > 0 && l.startsWith('**') && !l.startsWith('**Next:**')) ?? '',
    firstScreen,
    cells: rows.map((r) => r.split('|').at(-2)!.trim()),
    fold: cut < 0 ? '' : text.slice(cut),
    outcomes: outcomesOf(name),
  };
}

const comments = readdirSync(GOLDEN_DIR)
  .filter((f) => f.endsWith('.md'))
  .map(parse);

const has = (c: Comment, icon: string): boolean => c.cells.some((cell) => cell.startsWith(icon));

test('the golden set covers every verdict', () => {
  const titles = comments.map((c) => c.title);
  for (const word of [
    'regression',
    'regression, accepted',
    'improvement',
    'no change',
    'inconclusive',
    'error',
  ])
    assert.ok(
      titles.some((t) => t.includes(`perf-gate: ${word}`)),
      `no golden comment is titled ${word}`,
    );
});

test("no golden's title contradicts its table", () => {
  for (const c of comments) {
    const at = `${c.name}: ${c.title}`;
    if (c.title.includes(': regression')) assert.ok(has(c, '🔴'), `${at} without a 🔴 row`);
    if (c.title.includes(': improvement')) assert.ok(has(c, '🟢') && !has(c, '🔴'), at);
    if (c.title.includes(': no change'))
      assert.ok(c.cells.length > 0 && c.cells.every((x) => x.startsWith('⚪') || x === 'shown only'), at);
    if (c.title.includes(': inconclusive')) assert.ok(!has(c, '🔴') && !has(c, '🟢'), at);
  }
});

test('"every comparison was resolved" stands only where no comparison is undecided', () => {
  for (const c of comments) {
    if (!`${c.firstScreen}${c.fold}`.includes('every comparison was resolved')) continue;
    assert.ok(!has(c, '🟡'), `${c.name} says every comparison was resolved above a 🟡 row`);
  }
});

test('the certainty word follows the p-value the fold gives for the lead scenario', () => {
  for (const c of comments) {
    assert.ok(!c.lead.includes('beyond doubt'), `${c.name}: ${c.lead}`);
    const word = /; (very sure|sure, though only just|likely)[;.]/.exec(c.lead)?.[1];
    if (!word || !c.fold.includes('p-values, adjusted')) continue; // no change, or the fold trimmed away
    const scenario = /makes (GET \S+)/.exec(c.lead)?.[1];
    assert.ok(scenario, `${c.name}: the lead names its scenario`);
    // A lead of allocation speaks of that metric's p-value; the others of the scenario's first.
    const metric = / allocate /.test(c.lead) ? '[^)]*allocation per request' : '';
    const given = new RegExp(`p (=|<) ([\\d.]+) for ${scenario} \\(${metric}`).exec(c.fold);
    assert.ok(given, `${c.name}: the fold gives no p-value for ${scenario}`);
    const p = Number(given[2]);
    if (word === 'very sure') assert.ok(p <= 0.005, `${c.name}: very sure at p ${given[1]} ${p}`);
    else assert.ok(given[1] === '=' && p > 0.005 && p <= 0.05, `${c.name}: ${word} at p = ${p}`);
  }
});

test("the lead's scenario carries the title's verdict in the table", () => {
  for (const c of comments) {
    const scenario = /makes (GET \S+)/.exec(c.lead)?.[1];
    if (!scenario) continue;
    const verdict = c.title.includes('improvement')
      ? '🟢'
      : c.title.includes('regression')
        ? '🔴'
        : undefined;
    if (!verdict) continue;
    const row = c.firstScreen.split('\n').find((l) => l.startsWith(`| ${scenario} |`) && l.includes(verdict));
    assert.ok(row, `${c.name}: ${scenario} has no ${verdict} row`);
  }
});

test('an inconclusive title says that the check passes, as its recorded outcomes do', () => {
  for (const c of comments.filter((x) => x.title.includes(': inconclusive'))) {
    assert.match(c.title, /the check passes as neutral: \S/, c.name);
    assert.ok(c.outcomes, `${c.name} has its outcomes beside it`);
    for (const o of c.outcomes.outcomes) {
      assert.notEqual(o.step.kind, 'fail', c.name);
      assert.equal(o.check, 'neutral', c.name);
    }
  }
});

test('no golden prints a percentage of six digits or more', () => {
  for (const c of comments) {
    const text = `${c.firstScreen}${c.fold}`;
    assert.doesNotMatch(text, /[+−±≈]\d{6,}(\.\d+)?%/, c.name);
  }
});
