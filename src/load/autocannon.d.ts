// The part of autocannon's API that perf-gate uses (the package ships no types).
declare module 'autocannon' {
  import type { EventEmitter } from 'node:events';

  interface Options {
    url: string;
    method?: string;
    headers?: Record<string, string>;
    body?: string;
    connections?: number;
    duration?: number;
    timeout?: number;
    pipelining?: number;
    /** Milliseconds between samples; the run also ends only on a sample (default 1000). */
    sampleInt?: number;
    overallRate?: number;
    excludeErrorStats?: boolean;
  }
  interface Result {
    errors: number;
    timeouts: number;
    non2xx: number;
    mismatches: number;
    resets: number;
    duration: number;
    start: Date;
    finish: Date;
    requests: { total: number; sent: number };
    throughput: { total: number };
    statusCodeStats?: Record<string, { count: number }>;
  }
  interface Instance extends EventEmitter {
    stop(): void;
  }
  function autocannon(options: Options, callback: (error: Error | null, result: Result) => void): Instance;
  export default autocannon;
}
