// Preloaded by bench/v8-turns.ts: records every garbage collection (start in ms after performance.timeOrigin, and
// its length) and writes them to GC_OUT when the process is told to stop.
const { writeFileSync } = require('node:fs');
const { PerformanceObserver, performance } = require('node:perf_hooks');

const gc = [];
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) gc.push({ start: e.startTime, ms: e.duration });
}).observe({ entryTypes: ['gc'] });

function save() {
  writeFileSync(process.env.GC_OUT, JSON.stringify({ timeOrigin: performance.timeOrigin, gc }));
}
for (const signal of ['SIGTERM', 'SIGINT']) {
  process.on(signal, () => {
    save();
    process.exit(0);
  });
}
