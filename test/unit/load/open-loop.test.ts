/**
 * The open loop's pure parts: the response reader of its raw-socket client, the request bytes, the rate, the
 * comparison it adds to the decision, the report's line about it, and report.json's round trip of its numbers.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, test } from 'node:test';
import { parseReportFile } from '../../../src/config/report-file.ts';
import { decide } from '../../../src/decide/verdict.ts';
import { ResponseReader, requestBytes } from '../../../src/load/http-responses.ts';
import { OPEN_LOOP_MAX_RATE, openLoopRate } from '../../../src/load/plan.ts';
import type { PacedMeasurement, Round } from '../../../src/model/measure.ts';
import type { Report } from '../../../src/model/report.ts';
import { openLoopLine, renderMarkdown } from '../../../src/publish/markdown.ts';
import { metricLabel } from '../../../src/report/format.ts';

const FIXTURE = readFileSync(new URL('../../fixtures/report-regression.json', import.meta.url), 'utf8');

describe('ResponseReader', () => {
  const bytes = (text: string): Buffer => Buffer.from(text, 'latin1');

  test('a Content-Length body split anywhere, and two responses in one chunk', () => {
    const reader = new ResponseReader('GET');
    const one = 'HTTP/1.1 200 OK\r\nContent-Length: 11\r\n\r\n{"ok":true}';
    const all = `${one}HTTP/1.1 503 Busy\r\ncontent-length: 0\r\n\r\n`;
    const got: number[] = [];
    for (let i = 0; i < all.length; i += 7) got.push(...reader.push(bytes(all.slice(i, i + 7))));
    assert.deepEqual(got, [200, 503]);
    assert.deepEqual(new ResponseReader('GET').push(bytes(one + one)), [200, 200]);
    assert.deepEqual(new ResponseReader('GET').push(bytes(one.slice(0, -1))), [], 'one byte short: not yet');
  });

  test('chunked bodies with extensions and trailers, split mid-chunk', () => {
    const reader = new ResponseReader('GET');
    const text =
      'HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n5;ext=1\r\nhello\r\n6\r\n world\r\n0\r\nX-Trailer: 1\r\n\r\n' +
      'HTTP/1.1 201 Created\r\ntransfer-encoding: gzip, chunked\r\n\r\n0\r\n\r\n';
    const got: number[] = [];
    for (let i = 0; i < text.length; i += 3) got.push(...reader.push(bytes(text.slice(i, i + 3))));
    assert.deepEqual(got, [200, 201]);
  });

  test('no body for HEAD, 204 and 304 whatever the headers say; 100 Continue is not the answer', () => {
    assert.deepEqual(
      new ResponseReader('HEAD').push(bytes('HTTP/1.1 200 OK\r\nContent-Length: 500\r\n\r\n')),
      [200],
    );
    assert.deepEqual(
      new ResponseReader('GET').push(
        bytes('HTTP/1.1 204 No Content\r\n\r\nHTTP/1.1 304 Not Modified\r\nContent-Length: 9\r\n\r\n'),
      ),
      [204, 304],
    );
    assert.deepEqual(
      new ResponseReader('POST').push(
        bytes('HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok'),
      ),
      [200],
    );
  });

  test('bytes that are not HTTP throw (the connection is then dropped and the request fails)', () => {
    assert.throws(
      () => new ResponseReader('GET').push(bytes('SSH-2.0-OpenSSH_9.6\r\n\r\n')),
      /not an HTTP response/,
    );
  });
});

describe('requestBytes', () => {
  test('request line, Host, the headers, and a Content-Length for a body', () => {
    const text = requestBytes(
      new URL('http://127.0.0.1:3000/orders?id=7'),
      'POST',
      { 'content-type': 'application/json' },
      '{"a":"é"}',
    ).toString('latin1');
    assert.equal(
      text,
      `POST /orders?id=7 HTTP/1.1\r\nHost: 127.0.0.1:3000\r\ncontent-type: application/json\r\nContent-Length: 10\r\n\r\n${Buffer.from('{"a":"é"}').toString('latin1')}`,
    );
    assert.equal(
      requestBytes(new URL('http://localhost:8080/'), 'GET', {}, undefined).toString('latin1'),
      'GET / HTTP/1.1\r\nHost: localhost:8080\r\n\r\n',
    );
  });
});

describe('the open loop rate', () => {
  test("a share of base's req/s, within what the client sustains, at least 1/s", () => {
    assert.equal(openLoopRate(0.5, 4000), 2000);
    assert.equal(openLoopRate(0.5, 70_000), OPEN_LOOP_MAX_RATE);
    assert.equal(openLoopRate(0.05, 3), 1);
  });
});

/** The fixture's report, its rounds given open-loop numbers: head's p99 at fixed rate `factor` times base's. */
function withPaced(factor: number, lag = 0.8, alpha = 0.05): Report {
  const { report } = parseReportFile(FIXTURE, 'r.json');
  const rounds: Round[] = report.rounds.map((round) => {
    const wobble = 1 + ((round.pair * 7) % 5) / 50;
    const p99 = (round.side === 'head' ? 2 * factor : 2) * wobble;
    const paced: PacedMeasurement = {
      rate: 2500,
      sent: 1250,
      responses: 1250,
      failures: 0,
      latencyMs: { p50: 0.8, p90: 1.2, p99, max: p99 * 2, mean: 1 },
      sendLagP99Ms: lag,
    };
    return { ...round, measurement: { ...round.measurement, paced } };
  });
  const decision = decide(rounds, report.settings.scenarios, { threshold: 0.02, alpha });
  return { ...report, rounds, decision, verdict: decision.verdict };
}

describe('p99 at fixed rate in the decision and the report', () => {
  test('compared only when the rounds have open-loop numbers; tripled, it is a regression', () => {
    const { report } = parseReportFile(FIXTURE, 'r.json');
    const without = decide(report.rounds, report.settings.scenarios, { threshold: 0.02, alpha: 0.05 });
    assert.equal(without.comparisons.filter((c) => c.metric === 'p99open').length, 0);

    // 8 pairs and 8 comparisons: the smallest exact two-sided p of 8 pairs, 2/2⁸ = 0.0078, is above each
    // comparison's share of alpha 0.05 (0.00625), so no interval can leave out 0; at alpha 0.1 one can.
    const tripled = withPaced(3, 0.8, 0.1).decision!;
    const open = tripled.comparisons.filter((c) => c.metric === 'p99open');
    assert.equal(open.length, report.settings.scenarios.length);
    for (const c of open) {
      assert.equal(c.verdict, 'regression');
      assert.ok(Math.abs(c.change - 2) < 0.2, `change ${c.change}`);
      assert.equal(
        c.threshold,
        0.02,
        'latency comparisons use the latency threshold (here the default, threshold)',
      );
    }
    assert.equal(
      tripled.comparisons.length,
      without.comparisons.length + open.length,
      'one more per scenario',
    );
    assert.equal(metricLabel('p99open'), 'p99 at fixed rate');
    const same = withPaced(1).decision!.comparisons.filter((c) => c.metric === 'p99open');
    assert.ok(same.every((c) => c.verdict !== 'regression'));
  });

  test('an open loop with no answered request (p99 n/a in every pair) is inconclusive, not a crash', () => {
    const report = withPaced(1);
    const rounds = report.rounds.map((round) => ({
      ...round,
      measurement: {
        ...round.measurement,
        // report.json and the load generator's JSON carry NaN as null
        paced: {
          ...round.measurement.paced!,
          responses: 0,
          latencyMs: { ...round.measurement.paced!.latencyMs, p99: Number.NaN },
        },
      },
    }));
    const decision = decide(rounds, report.settings.scenarios, { threshold: 0.02, alpha: 0.05 });
    const open = decision.comparisons.filter((c) => c.metric === 'p99open');
    assert.ok(open.length > 0 && open.every((c) => c.verdict === 'inconclusive' && Number.isNaN(c.base)));
  });

  test("the report's line gives the rate per scenario and what it means; a client that fell behind is named", () => {
    const report = withPaced(3);
    const line = openLoopLine(report);
    const names = report.settings.scenarios.map((s) => s.name);
    assert.match(
      line,
      /^"p99 at fixed rate": after its closed-loop load, each side got [\d.]+ s per pair of open-loop load at 2,500 req\/s for /,
    );
    for (const name of names) assert.ok(line.includes(`2,500 req/s for ${name}`), line);
    assert.match(
      line,
      /timed from when they were due, so a stall's queue counts and cannot hide \(coordinated omission\)\.$/,
    );
    const markdown = renderMarkdown(report);
    assert.ok(markdown.includes(line));
    assert.match(markdown, /\| p99 at fixed rate \| 2\.\d\d ms \| 6\.\d\d ms \| \+\d+/);
    assert.match(
      openLoopLine(withPaced(3, 12.5)),
      /fell behind its schedule \(p99 12\.5 ms late\).*lower `latency-rate`/,
    );
    const { report: plain } = parseReportFile(FIXTURE, 'r.json');
    assert.equal(openLoopLine(plain), '');
  });

  test('report.json keeps the open-loop numbers; a bad one names its field', () => {
    const report = withPaced(2);
    const again = parseReportFile(JSON.stringify(report), 'again.json').report;
    assert.deepEqual(again.rounds[0]!.measurement.paced, report.rounds[0]!.measurement.paced);
    const broken = JSON.parse(JSON.stringify(report)) as {
      rounds: { measurement: { paced: { sent: number } } }[];
    };
    broken.rounds[1]!.measurement.paced.sent = -4;
    assert.throws(
      () => parseReportFile(JSON.stringify(broken), 'bad.json'),
      /`rounds`\[1\]\.measurement\.paced\.sent is out of range/,
    );
  });
});
