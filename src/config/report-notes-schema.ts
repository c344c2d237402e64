/**
 * The JSON Schema of a report's notes (src/model/notes.ts Note): one object per kind, told apart by `kind`, each with
 * the names and numbers its words need, bounded like every other field of report.json.
 */
import { VERDICTS } from '../model/decision.ts';
import { METRICS } from '../model/measure.ts';
import {
  bool,
  count,
  int,
  list,
  MAX_COUNT,
  MAX_PAIRS,
  MAX_SECONDS,
  object,
  oneOf,
  quantity,
  range,
  type Schema,
  share,
  str,
} from './schema-parts.ts';

const kind = (name: string): Schema => ({ const: name });
const side = oneOf(['base', 'head']);
const step = oneOf(['install', 'build', 'setup', 'teardown']);
const commands = list(str(1000), 1000);
const message = str(10_000);
/** A shard's name as merged reports show it (config/checker.ts shownName: word characters, dots, slashes). */
const source = str(200, '^[\\w./…-]*$');

const futility = object({
  scenario: str(200),
  metric: oneOf(METRICS),
  threshold: range(0.00001, 100),
  noise: quantity(100),
  pairs: count(MAX_PAIRS),
  budgetPairs: count(MAX_COUNT),
  neededPairs: count(MAX_COUNT),
});

const check = object(
  {
    comparisons: int(1, 1_000_000),
    level: share,
    looks: list(int(1, 1_000_000), 1000),
    unit: oneOf(['pairs', 'blocks']),
    pairs: count(MAX_COUNT),
    units: count(MAX_COUNT),
    method: oneOf(['signed-rank', 't']),
    noise: quantity(100),
    threshold: range(0.00001, 100),
    canDecide: bool,
    resolves: bool,
  },
  {
    detectable: quantity(100),
    advice: object(
      { scenariosPerGate: count(1_000_000) },
      {
        budgetSec: quantity(64 * MAX_SECONDS),
        restartEvery: object({ value: count(1000), budgetSec: quantity(64 * MAX_SECONDS) }),
      },
    ),
  },
);

/** Every kind of note but the one that wraps a shard's note. */
const KINDS: Record<string, Record<string, Schema>> = {
  'time-limit': { pairs: count(MAX_PAIRS) },
  settled: {
    scenario: str(200),
    verdict: oneOf(VERDICTS),
    pairs: count(MAX_PAIRS),
  },
  noise: { futility, pairSec: quantity(MAX_SECONDS), budgetSec: quantity(MAX_SECONDS) },
  'busy-machine': {
    kept: count(MAX_PAIRS),
    pairs: count(MAX_PAIRS),
    worst: object({ cause: oneOf(['foreign', 'stolen']), cores: quantity(4096) }),
    measuredAgain: count(MAX_PAIRS),
  },
  'slow-startup': {
    startupSec: quantity(MAX_SECONDS),
    pairSec: quantity(MAX_SECONDS),
    restartEvery: count(1000),
  },
  'port-not-moved': { port: int(1, 65535) },
  plan: { check, restartEvery: count(1000), scenarios: count(1_000_000) },
  'loadgen-busy': { loadgenCpu: quantity(4096) },
  'generator-paced': { scenarios: list(str(200), 1000), all: bool },
  'teardown-failed': { message },
  'config-changed': { file: str(1000) },
  'head-start-on-base': {},
  'workflow-changed': { file: str(1000) },
  'leftovers-stopped': { step, side, commands },
  'background-stopped': { commands },
  'no-room-for-profiles': {},
  'no-flame-graphs': { message },
  'duplicate-shard': { source, twin: source },
  'shard-counts-differ': {},
  'shard-settings-differ': {},
  'shard-environments-differ': {},
  'diagnostics-per-shard': {},
  'replicas-missing': { found: count(256), count: count(256) },
};

/** Fields a kind of note may leave out (absent in reports written before them). */
const jobs = { jobs: oneOf(['shards', 'runners']) };
const OPTIONAL: Record<string, Record<string, Schema>> = {
  plan: { startSec: quantity(MAX_SECONDS) },
  'duplicate-shard': jobs,
  'shard-settings-differ': jobs,
  'shard-environments-differ': jobs,
  'diagnostics-per-shard': jobs,
  'of-shard': jobs,
};

const single = (name: string, fields: Record<string, Schema>): Schema =>
  object({ kind: kind(name), ...fields }, OPTIONAL[name]);

/** A note of any kind; a shard's note wraps one of the others (one level deep, as merging writes them). */
export const NOTE_SCHEMA: Schema = {
  type: 'object',
  properties: { kind: { type: 'string' } },
  required: ['kind'],
  discriminator: { propertyName: 'kind' },
  oneOf: [
    ...Object.entries(KINDS).map(([name, fields]) => single(name, fields)),
    single('of-shard', {
      source,
      note: {
        type: 'object',
        properties: { kind: { type: 'string' } },
        required: ['kind'],
        discriminator: { propertyName: 'kind' },
        oneOf: Object.entries(KINDS).map(([name, fields]) => single(name, fields)),
      },
    }),
  ],
};
