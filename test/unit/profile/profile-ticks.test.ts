import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, test } from 'node:test';
import {
  buildProfile,
  classifyFrame,
  parseFrameName,
  type RawTicks,
  readTicks,
  relativeFile,
} from '../../../src/profile/ticks.ts';

const fixtures = new URL('../../fixtures/profile/', import.meta.url);
const recorded = JSON.parse(readFileSync(new URL('recorded.json', fixtures), 'utf8')) as Record<
  'base' | 'head',
  { root: string }
>;

function fixture(side: 'base' | 'head'): RawTicks {
  return readTicks(JSON.parse(readFileSync(new URL(`${side}.ticks.json`, fixtures), 'utf8')));
}

describe('parseFrameName', () => {
  const cases: Array<[string, { fn: string; file: string; line: number; column: number }]> = [
    ['handle /srv/app/index.js:4:44', { fn: 'handle', file: '/srv/app/index.js', line: 4, column: 44 }],
    [
      ' node:internal/main/run_main_module:1:1',
      { fn: '(anonymous)', file: 'node:internal/main/run_main_module', line: 1, column: 1 },
    ],
    [
      'Module._compile node:internal/modules/cjs/loader:1554:14',
      { fn: 'Module._compile', file: 'node:internal/modules/cjs/loader', line: 1554, column: 14 },
    ],
    ['*slowPath /r/lib/util.js:2:18', { fn: 'slowPath', file: '/r/lib/util.js', line: 2, column: 18 }],
    ['~slowPath /r/lib/util.js:2:18', { fn: 'slowPath', file: '/r/lib/util.js', line: 2, column: 18 }],
    [
      'slowPath /r/lib/util.js:2:18 [INTERPRETED]',
      { fn: 'slowPath', file: '/r/lib/util.js', line: 2, column: 18 },
    ],
    [
      '^slowPath /r/lib/util.js:2:18 [OPTIMIZED] [INLINABLE]',
      { fn: 'slowPath', file: '/r/lib/util.js', line: 2, column: 18 },
    ],
    [
      'LazyCompile:*onAfter /r/lib/util.js:12:3',
      { fn: 'onAfter', file: '/r/lib/util.js', line: 12, column: 3 },
    ],
    [
      'get size file:///r/lib/map.mjs:30:7',
      { fn: 'get size', file: 'file:///r/lib/map.mjs', line: 30, column: 7 },
    ],
    ['route /srv/my app/routes.js:9:1', { fn: 'route', file: '/srv/my app/routes.js', line: 9, column: 1 }],
    ['handler C:\\app\\index.js:3:5', { fn: 'handler', file: 'C:\\app\\index.js', line: 3, column: 5 }],
    ['writev@@GLIBC_2.2.5', { fn: 'writev@@GLIBC_2.2.5', file: '', line: 0, column: 0 }],
    ['MathSqrt', { fn: 'MathSqrt', file: '', line: 0, column: 0 }],
  ];
  for (const [raw, expected] of cases) {
    test(JSON.stringify(raw), () => assert.deepEqual(parseFrameName(raw), expected));
  }
});

describe('relativeFile', () => {
  test('strips the longest matching root', () => {
    assert.equal(relativeFile('/w/base/lib/util.js', ['/w/base']), 'lib/util.js');
    assert.equal(relativeFile('/w/base/pkg/lib/a.js', ['/w/base', '/w/base/pkg/']), 'lib/a.js');
  });
  test('turns file:// URLs into paths first', () => {
    assert.equal(relativeFile('file:///w/head/lib/my%20util.mjs', ['/w/head']), 'lib/my util.mjs');
  });
  test('leaves other paths alone, and does not strip a mere prefix', () => {
    assert.equal(relativeFile('node:events', ['/w/base']), 'node:events');
    assert.equal(relativeFile('/w/base2/x.js', ['/w/base']), '/w/base2/x.js');
  });
  test('copes with Windows separators', () => {
    assert.equal(relativeFile('C:\\w\\head\\lib\\a.js', ['C:\\w\\head']), 'lib/a.js');
  });
});

describe('classifyFrame', () => {
  test('JS frames, node start-up, native code, idle, GC and 0x instrumentation', () => {
    const category = (name: string, type?: string): string =>
      classifyFrame(type === undefined ? { name } : { name, type }).category;
    assert.equal(category('handle /srv/index.js:4:44', 'JS'), 'js');
    assert.equal(category('emit node:events:489:44', 'JS'), 'js');
    assert.equal(category(' node:internal/main/run_main_module:1:1', 'JS'), 'startup');
    assert.equal(category('compileForInternalLoader node:internal/bootstrap/realm:383:27', 'JS'), 'startup');
    assert.equal(category('Module._load node:internal/modules/cjs/loader:1100:24', 'JS'), 'startup');
    assert.equal(category('MathSqrt', 'CODE'), 'native');
    assert.equal(category('writev@@GLIBC_2.2.5', 'CPP'), 'native');
    assert.equal(category('epoll_pwait@@GLIBC_2.6', 'CPP'), 'idle');
    assert.equal(category('(idle)'), 'idle');
    assert.equal(category('v8::internal::Heap::CollectGarbage(v8::internal::AllocationSpace)', 'CPP'), 'gc');
    assert.equal(category('v8::internal::ScavengerCollector::CollectGarbage()', 'CPP'), 'gc');
    assert.equal(
      category(' /opt/cache/node_modules/0x/lib/preload/redir-stdout.js:1:1', 'JS'),
      'instrumentation',
    );
  });
});

describe('buildProfile on a synthetic profile', () => {
  const root = '/w/head';
  const js = (name: string, kind = 'Opt'): { name: string; type: string; kind: string } => ({
    name,
    type: 'JS',
    kind,
  });
  const ticks: RawTicks = [
    // The same function in four tiers, marked in the kind and, in older formats, in the name.
    [js('handle /w/head/index.js:4:44'), js('slowPath /w/head/lib/util.js:2:18', 'Unopt')],
    [js('handle /w/head/index.js:4:44'), js('slowPath /w/head/lib/util.js:2:18', 'Sparkplug')],
    [js('handle /w/head/index.js:4:44'), js('*slowPath /w/head/lib/util.js:2:18')],
    [js('handle /w/head/index.js:4:44', 'Maglev'), js('~slowPath /w/head/lib/util.js:2:18 [INTERPRETED]')],
    // Native code called from JS is its caller's self time.
    [
      js('handle /w/head/index.js:4:44'),
      js('slowPath /w/head/lib/util.js:2:18'),
      { name: 'MathSqrt', type: 'CODE' },
    ],
    // Recursion counts once in total.
    [
      js('walk /w/head/lib/tree.js:1:1'),
      js('walk /w/head/lib/tree.js:1:1'),
      js('walk /w/head/lib/tree.js:1:1'),
    ],
    // Native code without JS, and GC.
    [{ name: '__read@@GLIBC_2.2.5', type: 'CPP' }],
    [js('alloc /w/head/lib/a.js:1:1'), { name: 'v8::internal::Heap::CollectGarbage()', type: 'CPP' }],
    // Idle: empty, or the event loop's poll.
    [],
    [{ name: 'epoll_pwait@@GLIBC_2.6', type: 'CPP' }],
    // Start-up.
    [js(' node:internal/main/run_main_module:1:1', 'Unopt'), js(' /w/head/index.js:1:1', 'Unopt')],
    // 0x's preload frames are dropped (and a sample of nothing else is not busy).
    [js(' /c/node_modules/0x/lib/preload/soft-exit.js:1:1', 'Unopt')],
    [js('handle /w/head/index.js:4:44'), js('x /c/node_modules/0x/lib/preload/redir-stdout.js:9:1')],
  ];
  const profile = buildProfile(ticks, { roots: [root] });
  const fn = (name: string) => profile.functions.find((f) => f.fn === name);

  test('counts every sample once', () => {
    assert.equal(profile.samples, ticks.length);
    assert.equal(profile.idle, 2);
    assert.equal(profile.startup, 1);
    assert.equal(profile.instrumentation, 1);
    assert.equal(profile.busy, 9);
    assert.equal(profile.busy + profile.idle + profile.startup + profile.instrumentation, profile.samples);
    assert.equal(profile.gc, 1);
    assert.equal(profile.native, 3);
  });

  test('merges the tiers of a function into one', () => {
    const slow = profile.functions.filter((f) => f.fn === 'slowPath');
    assert.equal(slow.length, 1);
    assert.deepEqual(
      { file: slow[0]!.file, line: slow[0]!.line, column: slow[0]!.column, self: slow[0]!.self },
      { file: 'lib/util.js', line: 2, column: 18, self: 5 },
    );
    assert.equal(profile.functions[0]!.fn, 'slowPath', 'sorted by self samples');
  });

  test('self goes to the innermost JS frame, total once per stack', () => {
    assert.equal(fn('handle')?.self, 1);
    assert.equal(fn('handle')?.total, 6);
    assert.equal(fn('walk')?.self, 1);
    assert.equal(fn('walk')?.total, 1);
    assert.equal(fn('(native code)')?.self, 1);
    assert.equal(fn('(garbage collection)')?.self, 1);
    assert.equal(fn('alloc')?.self, 0);
    assert.equal(fn('alloc')?.total, 1);
    assert.equal(fn('MathSqrt'), undefined);
  });

  test('shares are of busy samples; self shares add up to 1', () => {
    const selfSum = profile.functions.reduce((sum, f) => sum + f.selfShare, 0);
    assert.ok(Math.abs(selfSum - 1) < 1e-9, `self shares sum to ${selfSum}`);
    assert.equal(fn('slowPath')?.selfShare, 5 / 9);
    assert.equal(fn('handle')?.totalShare, 6 / 9);
  });

  test('no idle, start-up or instrumentation frame is charged', () => {
    const files = profile.functions.map((f) => f.file);
    assert.ok(!files.some((f) => f.includes('0x/lib/preload')));
    assert.ok(!files.some((f) => f.startsWith('node:internal/main')));
    assert.ok(!profile.functions.some((f) => f.fn.startsWith('epoll')));
  });

  test('collapsed stacks add up to the busy samples', () => {
    assert.equal(
      profile.stacks.reduce((sum, s) => sum + s.count, 0),
      profile.busy,
    );
  });

  test('an empty profile has no shares', () => {
    const empty = buildProfile([]);
    assert.equal(empty.busy, 0);
    assert.deepEqual(empty.functions, []);
  });
});

describe('readTicks', () => {
  test('rejects what is not ticks.json', () => {
    assert.throws(() => readTicks({}), /not an array/);
    assert.throws(() => readTicks([{}]), /sample 0/);
    assert.throws(() => readTicks([[{ type: 'JS' }]]), /without a name/);
  });
  test('keeps name, type and kind, and skips null frames', () => {
    assert.deepEqual(readTicks([[null, { name: 'a', type: 'JS', kind: 'Opt', source: {} }]]), [
      [{ name: 'a', type: 'JS', kind: 'Opt' }],
    ]);
  });
});

describe('buildProfile on recorded 0x runs (Node 24, 0x 6)', () => {
  const head = fixture('head');
  const profile = buildProfile(head, { roots: [recorded.head.root] });

  test('the hot function comes first, with its file relative to the tree and its line', () => {
    const top = profile.functions[0]!;
    assert.equal(top.fn, 'slowPath');
    assert.equal(top.file, 'lib/util.js');
    assert.equal(top.line, 5);
    assert.ok(top.selfShare > 0.5, `slowPath self share ${top.selfShare}`);
  });

  test('its tiers were several in the recording and are one function in the profile', () => {
    const kinds = new Set(
      head
        .flat()
        .filter((f) => f.name.startsWith('slowPath '))
        .map((f) => f.kind),
    );
    assert.ok(kinds.size >= 2, `tiers seen: ${[...kinds].join(', ')}`);
    assert.equal(profile.functions.filter((f) => f.fn === 'slowPath').length, 1);
  });

  test('idle and start-up samples are left out of the shares', () => {
    assert.ok(profile.idle > 0, 'the recording has idle samples');
    assert.ok(profile.startup > 0, 'the recording has start-up samples');
    assert.equal(profile.busy + profile.idle + profile.startup + profile.instrumentation, profile.samples);
    const selfSum = profile.functions.reduce((sum, f) => sum + f.selfShare, 0);
    assert.ok(Math.abs(selfSum - 1) < 1e-9);
    for (const f of profile.functions) {
      assert.ok(
        f.totalShare >= f.selfShare && f.totalShare <= 1 + 1e-12,
        `${f.fn}: ${f.selfShare} ${f.totalShare}`,
      );
      assert.ok(!f.file.startsWith('/tmp/'), `${f.file} is relative`);
      assert.ok(!f.file.startsWith('node:internal/main/') && !f.file.startsWith('node:internal/bootstrap/'));
    }
  });

  test('ESM frames (file:// URLs) are relative too', () => {
    assert.ok(
      head.flat().some((f) => f.name.includes('file:///')),
      'the fixture servers are ES modules',
    );
    assert.ok(profile.functions.some((f) => f.fn === 'handle' && f.file === 'index.js'));
  });
});
