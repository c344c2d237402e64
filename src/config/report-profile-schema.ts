/**
 * report.json's profile (src/model/report.ts ProfileSummary) as its schema checks it when read back: what the CPU
 * profile named hotter and what the allocation profile named, with the figures its section shows. Text in it is the
 * server's own (function names, paths) and reaches Markdown only escaped.
 */
import {
  bool,
  count,
  list,
  MAX_COUNT,
  MAX_PAIRS,
  MAX_SECONDS,
  object,
  oneOf,
  quantity,
  range,
  share,
  str,
} from './schema-parts.ts';

/** Where a function is: its name, file and line. */
const place = { fn: str(500), file: str(1000), line: count(1e9) };
/** What a named entry is: a function, a file or a package. */
const unit = oneOf(['function', 'file', 'package']);
/** The function that called a named one, and its package. */
const caller = object({ ...place, package: str(300) });

/**
 * A function, file or package named hotter: where it is, its self shares, and its µs per request (both sides or
 * neither).
 */
const hotFunction = {
  ...object(
    { ...place, baseSelf: share, headSelf: share },
    {
      unit,
      baseUsPerRequest: quantity(1e9),
      headUsPerRequest: quantity(1e9),
      caller,
    },
  ),
  dependencies: { baseUsPerRequest: ['headUsPerRequest'], headUsPerRequest: ['baseUsPerRequest'] },
};

/** A function, file or package the allocation profile names: where it is, and its bytes per request each side. */
const allocationSite = object(
  {
    ...place,
    unit,
    baseBytes: quantity(MAX_COUNT),
    headBytes: quantity(MAX_COUNT),
  },
  {
    version: str(100),
    caller,
  },
);

const allocationSide = object({
  bytes: quantity(MAX_COUNT),
  samples: count(MAX_COUNT),
  requests: count(MAX_COUNT),
});

/** A unit of the allocation profile's figures: a function, file or package and its bytes per request each side. */
const allocationUnit = object(
  {
    level: unit,
    name: str(500),
    file: str(1000),
    line: count(1e9),
    package: str(300),
    pseudo: bool,
    baseBytes: quantity(MAX_COUNT),
    headBytes: quantity(MAX_COUNT),
    deltaBytes: range(-MAX_COUNT, MAX_COUNT),
    evident: bool,
  },
  { p: share },
);

/** The allocation profile's summary (the kept profile's too): what it names and the figures its section shows. */
const allocation = object({
  more: list(allocationSite, 20),
  evidence: object({
    pairs: count(MAX_PAIRS),
    windowSec: quantity(MAX_SECONDS),
    level: share,
    tested: count(MAX_COUNT),
    explain: bool,
    base: allocationSide,
    head: allocationSide,
    functions: list(allocationUnit, 50),
    named: list(allocationUnit, 50),
  }),
});

export const PROFILE_SCHEMA = object(
  { hotter: list(hotFunction, 20), seconds: quantity(MAX_SECONDS) },
  { cpu: bool, allocation, kept: allocation },
);
