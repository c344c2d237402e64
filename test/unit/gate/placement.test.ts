/** Where servers and the load generator run, by the number of CPUs (src/gate/placement.ts). */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { cpuList, cpuPlacement, housekeepingCpus } from '../../../src/gate/placement.ts';
import { systemCollaborators, systemPlacement } from '../../../src/gate/system.ts';
import { gateConfig } from '../../support/gate-fakes.ts';

describe('turns (the default): base and head on the same CPUs, one loaded at a time', () => {
  const cases: [number, { server: string; loadgen: string; workers: number; housekeeping?: string }][] = [
    [2, { server: '0', loadgen: '1', workers: 1 }],
    [4, { server: '0-2', loadgen: '3', workers: 1 }],
    [8, { server: '1-5', loadgen: '6-7', workers: 2, housekeeping: '0' }],
    [16, { server: '1-11', loadgen: '12-15', workers: 4, housekeeping: '0' }],
  ];
  for (const [cpus, expected] of cases) {
    test(`${cpus} CPUs: server ${expected.server}, load generator ${expected.loadgen}`, () => {
      const placement = cpuPlacement(cpus, { loadgenBound: true });
      assert.deepEqual(placement, {
        mode: 'turns',
        cpus: { server: expected.server, loadgen: expected.loadgen, loadgenWorkers: expected.workers },
        housekeeping: expected.housekeeping,
      });
      // While one generator core keeps up with the server, one worker.
      const kept = cpuPlacement(cpus);
      assert.equal(kept?.mode === 'turns' && kept.cpus.loadgenWorkers, 1);
    });
  }

  test('every CPU has one job at most, and all but the housekeeping one have one', () => {
    for (let cpus = 2; cpus <= 64; cpus++) {
      const placement = cpuPlacement(cpus);
      assert.equal(placement?.mode, 'turns');
      if (placement?.mode !== 'turns') return;
      const used = [placement.cpus.server, placement.cpus.loadgen, placement.housekeeping ?? '']
        .filter((list) => list !== '')
        .flatMap(expand)
        .sort((a, b) => a - b);
      assert.deepEqual(
        used,
        Array.from({ length: cpus }, (_, i) => i),
        `${cpus} CPUs`,
      );
      assert.ok(
        expand(placement.cpus.server).length >= expand(placement.cpus.loadgen).length,
        `${cpus} CPUs`,
      );
    }
  });

  test('one CPU, or none known: no pinning', () => {
    assert.equal(cpuPlacement(1), undefined);
    assert.equal(cpuPlacement(0), undefined);
    assert.equal(cpuPlacement(Number.NaN), undefined);
    assert.equal(cpuPlacement(1, { duet: true }), undefined);
  });
});

describe('duet (an option): base and head loaded at the same time, each on CPUs of its own', () => {
  test('below 4 CPUs there is no room for it: turns', () => {
    assert.equal(cpuPlacement(2, { duet: true })?.mode, 'turns');
    assert.equal(cpuPlacement(3, { duet: true })?.mode, 'turns');
  });

  test('4 CPUs: a server CPU and a load generator CPU per side', () => {
    assert.deepEqual(cpuPlacement(4, { duet: true }), {
      mode: 'duet',
      halves: [
        { server: '0', loadgen: '1', loadgenWorkers: 1 },
        { server: '2', loadgen: '3', loadgenWorkers: 1 },
      ],
      housekeeping: undefined,
    });
  });

  test('8 CPUs: CPU 0 for housekeeping, two server CPUs and one load generator CPU per side, CPU 7 idle', () => {
    assert.deepEqual(cpuPlacement(8, { duet: true }), {
      mode: 'duet',
      halves: [
        { server: '1-2', loadgen: '3', loadgenWorkers: 1 },
        { server: '4-5', loadgen: '6', loadgenWorkers: 1 },
      ],
      housekeeping: '0',
    });
  });

  test('16 CPUs: five server CPUs and two load generator CPUs per side', () => {
    assert.deepEqual(cpuPlacement(16, { duet: true, loadgenBound: true }), {
      mode: 'duet',
      halves: [
        { server: '1-5', loadgen: '6-7', loadgenWorkers: 2 },
        { server: '8-12', loadgen: '13-14', loadgenWorkers: 2 },
      ],
      housekeeping: '0',
    });
  });

  test('the halves are alike and never overlap', () => {
    for (let cpus = 4; cpus <= 64; cpus++) {
      const placement = cpuPlacement(cpus, { duet: true });
      assert.equal(placement?.mode, 'duet');
      if (placement?.mode !== 'duet') return;
      const [a, b] = placement.halves;
      assert.equal(expand(a.server).length, expand(b.server).length, `${cpus} CPUs`);
      assert.equal(expand(a.loadgen).length, expand(b.loadgen).length, `${cpus} CPUs`);
      const all = [a.server, a.loadgen, b.server, b.loadgen, placement.housekeeping ?? '']
        .filter((list) => list !== '')
        .flatMap(expand);
      assert.equal(new Set(all).size, all.length, `${cpus} CPUs: no CPU twice`);
      assert.ok(Math.max(...all) < cpus);
    }
  });
});

test('CPU lists and the housekeeping CPU', () => {
  assert.equal(cpuList(3, 3), '3');
  assert.equal(cpuList(1, 5), '1-5');
  assert.equal(housekeepingCpus(4), 0);
  assert.equal(housekeepingCpus(7), 0);
  assert.equal(housekeepingCpus(8), 1);
});

/** `1-3` → [1, 2, 3]; `4` → [4]. */
function expand(list: string): number[] {
  const [first, last = first] = list.split('-').map(Number);
  return Array.from({ length: last! - first! + 1 }, (_, i) => first! + i);
}

describe('the plan records the placement a real run uses', () => {
  test('systemCollaborators hands measuring the placement its servers and load generator are started with', async () => {
    for (const pin of [true, false]) {
      const collaborators = systemCollaborators(gateConfig({ pin }), { base: '/tmp', head: '/tmp' });
      try {
        assert.deepEqual(collaborators.placement, systemPlacement(pin), `pin: ${pin}`);
      } finally {
        await collaborators.load.stop();
      }
    }
  });
});
