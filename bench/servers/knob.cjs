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

// The work's result is used (so that it cannot be optimised away) but kept per request: a total kept over the
// process's life would leave V8's small-integer range after about 87,000 requests at 400 iterations, and the code
// would be deoptimised and compiled again mid-run, a change of speed at a point in the process's life that has
// nothing to do with the code under test (bench/NOTEBOOK.md §11).
function burn(iterations) {
  let length = 0;
  for (let i = 0; i < iterations; i++) length += JSON.stringify(item).length;
  return length;
}

http
  .createServer((_req, res) => {
    const length = burn(work);
    res.setHeader('content-type', 'application/json');
    const body = length > 0 ? '{"ok":true}' : '{"ok":false}';
    if (delayMs > 0 && ++served % delayEvery === 0) setTimeout(() => res.end(body), delayMs);
    else res.end(body);
  })
  .listen(Number(process.env.PORT || 3000));
