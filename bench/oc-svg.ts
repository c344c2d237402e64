/**
 * The operating characteristic as an SVG of plain lines (bench/oc.ts `svg=`): the share of gates failing against the
 * true change in multiples of the threshold, one line per recording, with the targets marked.
 */

export interface OcCurves {
  threshold: number;
  multiples: readonly number[];
  rows: readonly { recording: string; sd: number; failing: readonly number[] }[];
}

const W = 720;
const H = 420;
const LEFT = 60;
const RIGHT = 200;
const TOP = 30;
const BOTTOM = 50;
const COLOURS = ['#1f77b4', '#2ca02c', '#d62728', '#9467bd', '#ff7f0e'];

export function ocSvg(curves: OcCurves): string {
  const maxX = Math.max(...curves.multiples);
  const x = (m: number): number => LEFT + (m / maxX) * (W - LEFT - RIGHT);
  const y = (share: number): number => TOP + (1 - share) * (H - TOP - BOTTOM);
  const out: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}" font-family="sans-serif" font-size="12">`,
    '<title>perf-gate: share of gates that fail against the true slowdown</title>',
    `<rect width="${W}" height="${H}" fill="white"/>`,
    `<text x="${LEFT}" y="18" font-size="14">Share of gates that fail against the true slowdown (threshold ${(curves.threshold * 100).toFixed(0)}%)</text>`,
  ];
  for (const share of [0, 0.25, 0.5, 0.75, 1]) {
    out.push(
      `<line x1="${LEFT}" x2="${W - RIGHT}" y1="${y(share)}" y2="${y(share)}" stroke="#ddd"/>`,
      `<text x="${LEFT - 8}" y="${y(share) + 4}" text-anchor="end">${share * 100}%</text>`,
    );
  }
  for (const m of curves.multiples) {
    out.push(
      `<line x1="${x(m)}" x2="${x(m)}" y1="${TOP}" y2="${H - BOTTOM}" stroke="#f2f2f2"/>`,
      `<text x="${x(m)}" y="${H - BOTTOM + 16}" text-anchor="middle">${m}×</text>`,
    );
  }
  out.push(
    `<text x="${(LEFT + W - RIGHT) / 2}" y="${H - 12}" text-anchor="middle">true slowdown of req/s, in multiples of the threshold</text>`,
    `<line x1="${x(1)}" x2="${x(1)}" y1="${TOP}" y2="${H - BOTTOM}" stroke="#888" stroke-dasharray="4 3"/>`,
  );
  // The targets: at most 1% at 0, 2% at ½, 10% at ¾; at least 95% at 1.5.
  const targets: [number, number, boolean][] = [
    [0, 0.01, false],
    [0.5, 0.02, false],
    [0.75, 0.1, false],
    [1.5, 0.95, true],
  ];
  for (const [m, share, atLeast] of targets) {
    const cy = y(share);
    out.push(
      `<path d="M ${x(m) - 6} ${cy} L ${x(m) + 6} ${cy} M ${x(m)} ${cy} L ${x(m)} ${cy + (atLeast ? -8 : 8)}" stroke="black" stroke-width="2" fill="none"/>`,
    );
  }
  curves.rows.forEach((row, i) => {
    const colour = COLOURS[i % COLOURS.length]!;
    const points = curves.multiples.map((m, j) => `${x(m).toFixed(1)},${y(row.failing[j]!).toFixed(1)}`);
    out.push(`<polyline points="${points.join(' ')}" fill="none" stroke="${colour}" stroke-width="2"/>`);
    for (const p of points) {
      const [px, py] = p.split(',');
      out.push(`<circle cx="${px}" cy="${py}" r="3" fill="${colour}"/>`);
    }
    const ly = TOP + 10 + i * 18;
    out.push(
      `<line x1="${W - RIGHT + 12}" x2="${W - RIGHT + 32}" y1="${ly}" y2="${ly}" stroke="${colour}" stroke-width="2"/>`,
      `<text x="${W - RIGHT + 38}" y="${ly + 4}">sd ${(row.sd * 100).toFixed(1)}%</text>`,
    );
  });
  const note = TOP + 10 + curves.rows.length * 18 + 12;
  out.push(
    `<text x="${W - RIGHT + 12}" y="${note}">black marks: targets</text>`,
    `<text x="${W - RIGHT + 12}" y="${note + 16}">(≤ 1%, 2%, 10%; ≥ 95%)</text>`,
    `<text x="${W - RIGHT + 12}" y="${note + 40}">curves: every gate that</text>`,
    `<text x="${W - RIGHT + 12}" y="${note + 56}">failed, confirmation</text>`,
    `<text x="${W - RIGHT + 12}" y="${note + 72}">pairs included</text>`,
    '</svg>',
  );
  return `${out.join('\n')}\n`;
}
