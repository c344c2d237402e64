/** CPU profiles of base and head and how they differ. Types only. */
export type FrameCategory = 'js' | 'native' | 'gc' | 'idle' | 'startup' | 'instrumentation';

export interface ProfileFrame {
  /** Identity of the function: fn, file, line and column (the tier is not part of it). */
  key: string;
  fn: string;
  /** Relative to the tree root when under it; `node:…` for Node's own modules; '' for native code. */
  file: string;
  /** 1-based; 0 when unknown. */
  line: number;
  column: number;
  /** `(native code)` or `(garbage collection)`: not a function of the program. */
  pseudo: boolean;
}

export interface FunctionStat extends ProfileFrame {
  /** Busy samples with this function innermost. */
  self: number;
  /** Busy samples with this function anywhere on the stack (once per sample). */
  total: number;
  /** self / busy samples. */
  selfShare: number;
  /** total / busy samples. */
  totalShare: number;
}

/** Samples, busy samples and requests served while profiled. */
export interface ProfileSide {
  samples: number;
  busy: number;
  requests: number;
}

/** Where a cost is counted: one function, one file, or one package (node_modules/<name>, Node's internals, the app). */
export type CostLevel = 'function' | 'file' | 'package';

/**
 * One function, file or package of the side-by-side profile (src/profile/evidence.ts): its CPU time per request on
 * each side, the mean over that side's windows of load, and whether its change is beyond its spread between them.
 */
export interface UnitCost {
  level: CostLevel;
  /** The function's name; the file's path; the package's name (see `package`). */
  name: string;
  /** Relative to the tree root ('' for native code and for a package). */
  file: string;
  /** The function's line on head (on base for one that only base ran); 0 for files and packages. */
  line: number;
  /**
   * The package it lives in: a dependency's name (`node_modules/<name>`), `node:` for Node's own modules, '' for
   * the app's own files, or the pseudo-function's name for samples charged to GC or to native code.
   */
  package: string;
  /** `(native code)` or `(garbage collection)`: not code of the program. */
  pseudo: boolean;
  /** CPU time per request in the unit itself (self) and with everything it called (total), µs. */
  baseSelfUs: number;
  headSelfUs: number;
  baseTotalUs: number;
  headTotalUs: number;
  /** The mean over the pairs of windows of head's self time per request less base's, µs. */
  deltaUs: number;
  /** The standard deviation of those differences between the pairs, µs. */
  spreadUs: number;
  /** Two-sided p of the paired t test over the pairs; undefined: not tested (too small a cost to name). */
  p: number | undefined;
  /** The change is beyond its spread (Holm over every unit tested, at the profile's level) and large enough to name. */
  evident: boolean;
}

/** The side-by-side profile's figures: every unit's cost per request, and what the evidence names. */
export interface ProfileEvidence {
  /** Pairs of windows (base and head each got one window of every pair) and each window's length. */
  pairs: number;
  windowSec: number;
  /** Family-wise level of the tests, over every unit tested (Holm). */
  level: number;
  /** Units tested (the rest cost too little to name). */
  tested: number;
  /** Units whose change has evidence, whether or not the gate had a change to explain (what the test alone finds). */
  evident: number;
  /** Whether the gate found a change to explain; without one nothing is named. */
  explain: boolean;
  /** Busy samples and requests in the windows; busyUs: all busy CPU time per request, µs. */
  base: ProfileSide & { busyUs: number };
  head: ProfileSide & { busyUs: number };
  /** Largest cost (either side's self time) first. */
  functions: UnitCost[];
  files: UnitCost[];
  packages: UnitCost[];
  /**
   * What is named, each where its change lives (a function, else its file or its dependency), hotter ones first,
   * largest change first; [] without a change to explain.
   */
  named: UnitCost[];
}

/**
 * One function, file or package of the allocation profile (src/profile/allocation.ts): the bytes it allocated itself
 * per request on each side (V8's sampling heap profiler, objects already collected included), the mean over that
 * side's windows of load, and whether its change is beyond its spread between them, as UnitCost's CPU time is.
 */
export interface AllocationUnit
  extends Pick<UnitCost, 'level' | 'name' | 'file' | 'line' | 'package' | 'pseudo'> {
  baseBytes: number;
  headBytes: number;
  /** The mean over the pairs of windows of head's bytes per request less base's. */
  deltaBytes: number;
  /** Two-sided p of the paired test over the pairs; undefined: not tested (too little to name). */
  p: number | undefined;
  /** Named: beyond its spread (Holm over every unit tested) and at least 1% of base's allocation per request. */
  evident: boolean;
}

/**
 * What the profiled servers' heap profiler measures in their windows: bytes allocated (every window), bytes kept
 * (objects allocated in a window still alive after a full collection at its end: every window, when the gate found a
 * leak), or both, in alternate blocks of two pairs of windows over twice the pairs (a leak and a change of allocation
 * per request).
 */
export type HeapPlan = HeapMeasure | 'both';

/** What one heap profile counts: bytes allocated, or bytes kept. */
export type HeapMeasure = 'allocated' | 'kept';

/**
 * The allocation profile's figures: bytes per request by function, and what the evidence names; bytes allocated, or
 * bytes kept in a kept profile (HeapPlan).
 */
export interface AllocationEvidence {
  /** Pairs of windows (the CPU profile's) and each window's length. */
  pairs: number;
  windowSec: number;
  /** Family-wise level of the tests, over every unit tested (Holm); units tested. */
  level: number;
  tested: number;
  /** Whether the gate found a change of memory to explain (allocation per request, or a leak); without one nothing is named. */
  explain: boolean;
  /** Each side's bytes allocated per request while profiled, the heap profiler's samples and the requests served. */
  base: { bytes: number; samples: number; requests: number };
  head: { bytes: number; samples: number; requests: number };
  /** The functions that allocate most (either side), largest first: a few, as data. */
  functions: AllocationUnit[];
  /** What is named, each where its change lives (a function, else its file or its dependency), largest change first. */
  named: AllocationUnit[];
}
