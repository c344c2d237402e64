// A benchmark server whose per-request CPU work is set by a knob, so that a head can be made a known percentage
// slower than its base. The work is a fixed number of iterations (not a fixed time), so the server slows down
// with the host as a real one does.
//   WORK_ITERS   iterations of JSON work per request
//   DELAY_MS     an asynchronous delay (not CPU) on one request in DELAY_EVERY: a tail-latency regression that
//                leaves throughput nearly alone
const http = require('node:http');

const work = Number(process.env.WORK_ITERS || 200);
const delayMs = Number(process.env.DELAY_MS || 0);
const delayEvery = Number(process.env.DELAY_EVERY || 100);
const item = { id: 1, name: 'seed', tags: ['heirloom', 'organic'], stock: 7 };
let served = 0;
let sink = 0;

function burn(iterations) {
  for (let i = 0; i < iterations; i++) sink += JSON.stringify(item).length;
}

http
  .createServer((_req, res) => {
    burn(work);
    res.setHeader('content-type', 'application/json');
    const body = sink > 0 ? '{"ok":true}' : '{"ok":false}';
    if (delayMs > 0 && ++served % delayEvery === 0) setTimeout(() => res.end(body), delayMs);
    else res.end(body);
  })
  .listen(Number(process.env.PORT || 3000));
