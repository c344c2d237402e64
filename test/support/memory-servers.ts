/**
 * A small JSON service for the memory e2e tests, as base writes it and as four heads change it: one that leaves a
 * 16 KiB scratch array behind on every request (garbage: more allocation per request), one that keeps an 8 KiB record
 * per request in a module-level list (a leak no host noise hides: the e2e test's), one that keeps one small object
 * per request (the leak bench/kept-profile.ts and bench/leak-gates.ts measure the reach on), and one unchanged.
 */
import type { Files } from './repo.ts';

export type MemoryHead = 'unchanged' | 'scratch' | 'hoards' | 'keeps';

const LINES: Record<MemoryHead, string> = {
  unchanged: '',
  // 2,048 doubles: 16 KiB on V8's heap, replaced (left as garbage) on the next request; allocated in a named
  // function (HELPERS), for the allocation profile to name.
  scratch: '  scratch = buildScratch(req.url.length);',
  // One record per request, never let go; kept in a named function (HELPERS), for the kept profile to name.
  hoards: '  remember(req);',
  keeps: '  remember(req);',
};

const HELPERS: Record<MemoryHead, string> = {
  unchanged: '',
  scratch: 'function buildScratch(n) {\n  return new Array(2048).fill(n);\n}\n',
  // 1,024 numbers (8 KiB on V8's heap) beside the small object: a leak some hundred times the small one's.
  hoards:
    'function remember(req) {\n  seen.push({ url: req.url, at: Date.now(), pad: new Array(1024).fill(req.url.length) });\n}\n',
  keeps: 'function remember(req) {\n  seen.push({ url: req.url, at: Date.now() });\n}\n',
};

function source(head: MemoryHead): string {
  return `const http = require('node:http');
const items = Array.from({ length: 20 }, (_, i) => ({ id: i, name: 'item ' + i, price: i * 3 }));
let scratch = null;
const seen = [];
${HELPERS[head]}http.createServer((req, res) => {
${LINES[head]}
  res.setHeader('content-type', 'application/json');
  res.end(JSON.stringify(items));
}).listen(process.env.PORT);
`;
}

/** base's files and head's, for makeRepo. */
export function memoryServers(head: MemoryHead): { base: Files; head: Files } {
  return { base: { 'server.js': source('unchanged') }, head: { 'server.js': source(head) } };
}
