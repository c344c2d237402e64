/**
 * Two profiles side by side: their functions matched across the sides, and a differential flame graph (a
 * self-contained HTML page) to see where they differ. Pure.
 *
 * Functions are matched by name and file (paths are relative to each tree's root, so base and head worktrees
 * line up); when a file holds several functions of one name they are matched by line and column, then in
 * order of line. A function that moved within its file (edited lines above it) still matches.
 */

import type { FunctionStat, ProfileFrame } from '../model/profile.ts';
import type { Profile } from './ticks.ts';

export interface Matching {
  pairs: Array<{ base: FunctionStat | undefined; head: FunctionStat | undefined; id: string }>;
  baseId: Map<string, string>;
  headId: Map<string, string>;
}

function groupKey(f: ProfileFrame): string {
  return `${f.fn}\u0000${f.file}`;
}

export function matchFunctions(base: readonly FunctionStat[], head: readonly FunctionStat[]): Matching {
  const groups = new Map<string, { base: FunctionStat[]; head: FunctionStat[] }>();
  const group = (key: string): { base: FunctionStat[]; head: FunctionStat[] } => {
    let g = groups.get(key);
    if (g === undefined) {
      g = { base: [], head: [] };
      groups.set(key, g);
    }
    return g;
  };
  for (const f of base) group(groupKey(f)).base.push(f);
  for (const f of head) group(groupKey(f)).head.push(f);
  const matching: Matching = { pairs: [], baseId: new Map(), headId: new Map() };
  const pair = (b: FunctionStat | undefined, h: FunctionStat | undefined): void => {
    // Keys never collide across sides: an identical key on both sides is always paired with itself.
    const id = h?.key ?? b!.key;
    matching.pairs.push({ base: b, head: h, id });
    if (b) matching.baseId.set(b.key, id);
    if (h) matching.headId.set(h.key, id);
  };
  for (const g of groups.values()) {
    const headKeys = new Map(g.head.map((h) => [h.key, h]));
    const restBase: FunctionStat[] = [];
    for (const b of g.base) {
      const h = headKeys.get(b.key);
      if (h) {
        pair(b, h);
        headKeys.delete(b.key);
      } else restBase.push(b);
    }
    const restHead = [...headKeys.values()];
    const byLine = (a: FunctionStat, b: FunctionStat): number => a.line - b.line || a.column - b.column;
    restBase.sort(byLine);
    restHead.sort(byLine);
    const n = Math.min(restBase.length, restHead.length);
    for (let i = 0; i < n; i++) pair(restBase[i], restHead[i]);
    for (const b of restBase.slice(n)) pair(b, undefined);
    for (const h of restHead.slice(n)) pair(undefined, h);
  }
  return matching;
}

// ---------------------------------------------------------------------------------------------------------
// Differential flame graph

interface TreeNode {
  id: string;
  frame: ProfileFrame;
  total: number;
  self: number;
  children: Map<string, TreeNode>;
}

function buildTree(profile: Profile, idOf: Map<string, string>): TreeNode {
  const root: TreeNode = {
    id: '',
    frame: { key: '', fn: 'all busy samples', file: '', line: 0, column: 0, pseudo: true },
    total: 0,
    self: 0,
    children: new Map(),
  };
  for (const stack of profile.stacks) {
    let node = root;
    node.total += stack.count;
    for (const frame of stack.frames) {
      const id = idOf.get(frame.key) ?? frame.key;
      let child = node.children.get(id);
      if (child === undefined) {
        child = { id, frame, total: 0, self: 0, children: new Map() };
        node.children.set(id, child);
      }
      child.total += stack.count;
      node = child;
    }
    node.self += stack.count;
  }
  return root;
}

export interface FlameGraphOptions {
  /** Page title; default says which shape is drawn. */
  title?: string;
  /** Drawing width in px; default 1200. */
  width?: number;
}

function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );
}

function pct(share: number): string {
  const p = share * 100;
  if (p === 0) return '0%';
  if (p < 0.1) return '<0.1%';
  return p >= 10 ? `${p.toFixed(0)}%` : `${p.toFixed(1)}%`;
}

/** Fill colour: red when head spends a larger share in the frame itself than base, blue when smaller. */
function colour(delta: number, scale: number): string {
  const t = Math.min(1, Math.abs(delta) / scale);
  if (Math.abs(delta) < 0.001 || t < 0.02) return 'hsl(40,12%,86%)';
  const light = Math.round(90 - 42 * Math.sqrt(t));
  return delta > 0 ? `hsl(0,80%,${light}%)` : `hsl(214,80%,${light}%)`;
}

function location(frame: ProfileFrame): string {
  if (frame.file === '') return '';
  return frame.line > 0 ? `${frame.file}:${frame.line}` : frame.file;
}

const ROW_HEIGHT = 18;
/** Deeper frames are not drawn. */
const MAX_DEPTH = 120;
/** Narrower frames (px) are not drawn. */
const MIN_WIDTH = 0.4;

type Shape = 'head' | 'base';

interface Box {
  node: TreeNode;
  /** The same call path on the other side, if it was sampled there. */
  counterpart: TreeNode | undefined;
  x: number;
  w: number;
  depth: number;
}

/** One side's call tree laid out: a box for every frame wide enough to see, root first. */
interface Drawing {
  shape: Shape;
  other: Shape;
  busy: { base: number; head: number };
  boxes: Box[];
}

function layout(base: Profile, head: Profile, shape: Shape, width: number): Drawing {
  const matching = matchFunctions(base.functions, head.functions);
  const trees = { base: buildTree(base, matching.baseId), head: buildTree(head, matching.headId) };
  const busy = { base: base.busy, head: head.busy };
  const other = shape === 'head' ? 'base' : 'head';
  const boxes: Box[] = [];
  const walk = (node: TreeNode, counterpart: TreeNode | undefined, x: number, depth: number): void => {
    const w = busy[shape] === 0 ? 0 : (node.total / busy[shape]) * width;
    if (w < MIN_WIDTH || depth > MAX_DEPTH) return;
    boxes.push({ node, counterpart, x, w, depth });
    let cx = x;
    const children = [...node.children.values()].sort(
      (a, b) => a.frame.fn.localeCompare(b.frame.fn) || a.id.localeCompare(b.id),
    );
    for (const child of children) {
      walk(child, counterpart?.children.get(child.id), cx, depth + 1);
      cx += busy[shape] === 0 ? 0 : (child.total / busy[shape]) * width;
    }
  };
  walk(trees[shape], trees[other], 0, 0);
  return { shape, other, busy, boxes };
}

function shareOf(drawing: Drawing, node: TreeNode | undefined, side: Shape, field: 'total' | 'self'): number {
  return node === undefined || drawing.busy[side] === 0 ? 0 : node[field] / drawing.busy[side];
}

/** How the self share of a box's frame changed from base to head. */
function delta(drawing: Drawing, box: Box): number {
  const drawnSelf = shareOf(drawing, box.node, drawing.shape, 'self');
  const otherSelf = shareOf(drawing, box.counterpart, drawing.other, 'self');
  return drawing.shape === 'head' ? drawnSelf - otherSelf : otherSelf - drawnSelf;
}

/** One frame's SVG: its rectangle, its label if it fits, and a tooltip with both sides' shares. */
function boxSvg(drawing: Drawing, box: Box, scale: number): string {
  const { shape, busy } = drawing;
  const { node, counterpart } = box;
  const isRoot = box.depth === 0;
  const name = isRoot ? `all busy samples (${busy[shape]} on ${shape})` : node.frame.fn;
  const where = location(node.frame);
  const baseNode = shape === 'base' ? node : counterpart;
  const headNode = shape === 'head' ? node : counterpart;
  const tip = [
    where === '' ? name : `${name} — ${where}`,
    `base: ${pct(shareOf(drawing, baseNode, 'base', 'total'))} of busy samples (self ${pct(shareOf(drawing, baseNode, 'base', 'self'))})`,
    `head: ${pct(shareOf(drawing, headNode, 'head', 'total'))} of busy samples (self ${pct(shareOf(drawing, headNode, 'head', 'self'))})`,
  ].join('\n');
  const fill = isRoot ? 'hsl(40,12%,80%)' : colour(delta(drawing, box), scale);
  const y = box.depth * ROW_HEIGHT;
  const chars = Math.floor((box.w - 6) / 6.6);
  const label = chars < 3 ? '' : name.length <= chars ? name : `${name.slice(0, Math.max(1, chars - 1))}…`;
  return `<g><title>${escapeHtml(tip)}</title><rect x="${box.x.toFixed(1)}" y="${y}" width="${box.w.toFixed(1)}" height="${ROW_HEIGHT - 1}" fill="${fill}" rx="2"/>${
    label === ''
      ? ''
      : `<text x="${(box.x + 3).toFixed(1)}" y="${y + ROW_HEIGHT - 5}">${escapeHtml(label)}</text>`
  }</g>`;
}

/**
 * A self-contained HTML page (inline SVG, a few lines of inline JS, no network) drawing one side's call tree,
 * root on top, widths the share of that side's busy samples. Every frame is coloured by how the share of
 * samples spent in it (self, along the same call path) changed from base to head: red grew, blue shrank. Drawn
 * with head's shape it shows new and grown work; with base's shape it also shows work that head no longer does.
 */
export function diffFlameGraphHtml(
  base: Profile,
  head: Profile,
  shape: Shape,
  options: FlameGraphOptions = {},
): string {
  const width = options.width ?? 1200;
  const drawing = layout(base, head, shape, width);
  const { boxes } = drawing;
  const scale = Math.max(0.01, ...boxes.slice(1).map((b) => Math.abs(delta(drawing, b))));
  const depth = boxes.reduce((m, b) => Math.max(m, b.depth), 0);
  const height = (depth + 1) * ROW_HEIGHT;
  const parts = boxes.map((box) => boxSvg(drawing, box, scale));
  const title =
    options.title ??
    (shape === 'head'
      ? 'perf-gate: head profile, coloured by change from base'
      : 'perf-gate: base profile, coloured by change on head');
  const explain =
    shape === 'head'
      ? "Head's call tree. Width: share of head's busy CPU samples."
      : "Base's call tree (work that head no longer does shows here). Width: share of base's busy CPU samples.";
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'">
<title>${escapeHtml(title)}</title>
<style>
body{font:13px/1.4 system-ui,sans-serif;margin:16px;color:#222}
svg{display:block;font:11px ui-monospace,monospace}
svg text{pointer-events:none;fill:#111}
svg g:hover rect{stroke:#000;stroke-width:.8}
#details{white-space:pre;min-height:3.2em;margin:8px 0;font:12px ui-monospace,monospace}
.key{display:inline-block;width:12px;height:12px;vertical-align:middle;border-radius:2px}
</style></head><body>
<h1 style="font-size:16px;margin:0 0 4px">${escapeHtml(title)}</h1>
<p style="margin:0">${escapeHtml(explain)} Colour: change of the share spent in the function itself on the same call path,
<span class="key" style="background:hsl(0,80%,55%)"></span> more on head,
<span class="key" style="background:hsl(214,80%,55%)"></span> less on head,
<span class="key" style="background:hsl(40,12%,86%)"></span> about the same. Base: ${base.busy} busy samples; head: ${head.busy}.</p>
<div id="details">Point at a frame for details.</div>
<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
${parts.join('\n')}
</svg>
<script>
const details = document.getElementById('details');
for (const g of document.querySelectorAll('svg g')) {
  g.addEventListener('mouseenter', () => { details.textContent = g.querySelector('title').textContent; });
}
</script>
</body></html>
`;
}
