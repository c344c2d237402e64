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

export interface DiffRow {
  fn: string;
  file: string;
  /** Line on head (on base for a function that only base runs). */
  line: number;
  /** Line on base when it differs from head's. */
  baseLine?: number;
  pseudo: boolean;
  /** Shares of busy samples, 0…1. */
  baseSelf: number;
  headSelf: number;
  baseTotal: number;
  headTotal: number;
  /** head − base. */
  deltaSelf: number;
  deltaTotal: number;
  /**
   * CPU time in the function itself per request served while profiled, in µs (self samples × the sampling
   * interval ÷ requests); NaN when the requests are unknown. Unlike shares, these do not trade off against each
   * other: a faster head lowers every function's, where its shares may rise.
   */
  baseUs: number;
  headUs: number;
  /** head − base, µs per request. */
  deltaUs: number;
}

export interface ProfileDiff {
  /**
   * Every function seen on either side, the largest growth first: of CPU time per request when the requests are
   * known, else of self share (then of total share).
   */
  rows: DiffRow[];
  /** Rows that grew, largest growth first. */
  grown: DiffRow[];
  /** Rows that shrank, largest shrink first. */
  shrunk: DiffRow[];
  /** Samples, busy samples and requests served while profiled (NaN when unknown). */
  base: ProfileSide;
  head: ProfileSide;
}

export interface ProfileSide {
  samples: number;
  busy: number;
  /** Requests served while profiled; NaN when unknown. */
  requests: number;
}

/** A row of the profile section: a diff row, its place and the weight of its change (profile/compare.ts). */
export interface ProfileViewRow extends DiffRow {
  /** `file:line` relative to the tree root (`file` alone when the line is unknown; '' for native code). */
  at: string;
  /** The change in standard errors, of CPU time per request (or of self share), profile/diff.ts changeZ. */
  z: number;
}

/** What the profile section shows: the rows that grew and shrank, and the busy samples of each side. */
export interface ProfileView {
  grown: ProfileViewRow[];
  shrunk: ProfileViewRow[];
  base: ProfileSide;
  head: ProfileSide;
}
