// A benchmark server whose per-request CPU work is set by a knob, so that a head can be made a known percentage
// slower than its base. The work is a fixed number of iterations (not a fixed time), so the server slows down
// with the host as a real one does.
//   WORK_ITERS   iterations of JSON work per request
//   STALL_ITERS  extra iterations on one request in STALL_EVERY (a tail-latency-only regression)
const http = require('node:http');

const work = Number(process.env.WORK_ITERS || 200);
const stall = Number(process.env.STALL_ITERS || 0);
const stallEvery = Number(process.env.STALL_EVERY || 100);
const item = { id: 1, name: 'seed', tags: ['heirloom', 'organic'], stock: 7 };
let served = 0;
let sink = 0;

function burn(iterations) {
  for (let i = 0; i < iterations; i++) sink += JSON.stringify(item).length;
}

http
  .createServer((req, res) => {
    burn(work);
    if (stall > 0 && ++served % stallEvery === 0) burn(stall);
    res.setHeader('content-type', 'application/json');
    res.end(sink > 0 ? '{"ok":true}' : '{"ok":false}');
  })
  .listen(Number(process.env.PORT || 3000));
