/** src/config/event.ts (what perf-gate reads from the event payload, which base it compares) and src/gate/plan.ts (ABBA). */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  chooseBase,
  mergeGroupBase,
  mergeGroupOf,
  type PullRequestInfo,
  pullRequestOf,
} from '../../../src/config/event.ts';
import { pairOrder } from '../../../src/gate/pairs.ts';
import { sampleTickMs } from '../../../src/load/plan.ts';
import { confirmationPairs, planLooks } from '../../../src/stats/look-schedule.ts';

const BASE_SHA = 'ba5eba11ba5eba11ba5eba11ba5eba11ba5eba11';
const HEAD_SHA = 'c0ffee0c0ffee0c0ffee0c0ffee0c0ffee0c0ffe';
const MERGE_PARENT = '7e57ab1e7e57ab1e7e57ab1e7e57ab1e7e57ab1e';

function repository(fullName: string) {
  const [owner, name] = fullName.split('/');
  return {
    id: 123456789,
    name,
    full_name: fullName,
    private: false,
    owner: { login: owner, id: 1, type: 'Organization' },
    html_url: `https://github.com/${fullName}`,
    fork: fullName !== 'octo-org/octo-repo',
    default_branch: 'main',
  };
}

/** A pull_request event payload as GitHub sends it (abridged to the fields around the ones used). */
function pullRequestPayload(options: { headRepo?: string | null; number?: number } = {}) {
  const headRepo = options.headRepo === undefined ? 'octo-org/octo-repo' : options.headRepo;
  const number = options.number ?? 42;
  return {
    action: 'synchronize',
    number,
    before: '1111111111111111111111111111111111111111',
    after: HEAD_SHA,
    pull_request: {
      url: `https://api.github.com/repos/octo-org/octo-repo/pulls/${number}`,
      id: 1_900_000_042,
      number,
      state: 'open',
      title: 'Cache the seed lookup',
      user: { login: 'octocat', id: 583231, type: 'User' },
      draft: false,
      merged: false,
      merge_commit_sha: 'e5bd3914e2e596debea16f433f57875b5b90bcd6',
      head: {
        label: headRepo ? `${headRepo.split('/')[0]}:feature/seed-cache` : 'unknown:feature/seed-cache',
        ref: 'feature/seed-cache',
        sha: HEAD_SHA,
        user: { login: 'octocat', id: 583231, type: 'User' },
        repo: headRepo === null ? null : repository(headRepo),
      },
      base: {
        label: 'octo-org:main',
        ref: 'main',
        sha: BASE_SHA,
        user: { login: 'octo-org', id: 1, type: 'Organization' },
        repo: repository('octo-org/octo-repo'),
      },
    },
    repository: repository('octo-org/octo-repo'),
    sender: { login: 'octocat', id: 583231, type: 'User' },
  };
}

const PR: PullRequestInfo = {
  number: 42,
  baseSha: BASE_SHA,
  baseRef: 'main',
  headSha: HEAD_SHA,
  headRef: 'feature/seed-cache',
  fromFork: false,
};

describe('pullRequestOf', () => {
  test('reads number, base and head of a pull_request payload from the same repository', () => {
    assert.deepEqual(pullRequestOf(pullRequestPayload()), PR);
  });

  test('a pull request from a fork is detected by the head repository', () => {
    const info = pullRequestOf(pullRequestPayload({ headRepo: 'someone/octo-repo' }));
    assert.equal(info?.fromFork, true);
    assert.equal(info?.headRef, 'feature/seed-cache');
    assert.equal(info?.baseSha, BASE_SHA);
  });

  test('a fork that was deleted (head.repo null) is not reported as a fork, and the rest is still read', () => {
    const info = pullRequestOf(pullRequestPayload({ headRepo: null }));
    assert.equal(info?.fromFork, false);
    assert.equal(info?.headSha, HEAD_SHA);
  });

  test('push, issue_comment and malformed payloads have no pull request', () => {
    const push = {
      ref: 'refs/heads/main',
      before: BASE_SHA,
      after: HEAD_SHA,
      created: false,
      deleted: false,
      forced: false,
      commits: [{ id: HEAD_SHA, message: 'Cache the seed lookup', distinct: true }],
      head_commit: { id: HEAD_SHA },
      repository: repository('octo-org/octo-repo'),
      pusher: { name: 'octocat' },
    };
    assert.equal(pullRequestOf(push), undefined);
    // issue_comment on a pull request: the PR is only linked, not included
    assert.equal(
      pullRequestOf({ action: 'created', issue: { number: 42, pull_request: { url: 'x' } } }),
      undefined,
    );
    for (const payload of [
      undefined,
      null,
      'pull_request',
      42,
      {},
      { pull_request: null },
      { pull_request: {} },
    ]) {
      assert.equal(pullRequestOf(payload), undefined, JSON.stringify(payload));
    }
    assert.equal(pullRequestOf({ pull_request: { number: '42' } }), undefined, 'number must be a number');
  });

  test('missing base/head fields become empty strings, not a crash', () => {
    assert.deepEqual(pullRequestOf({ pull_request: { number: 7 } }), {
      number: 7,
      baseSha: '',
      baseRef: '',
      headSha: '',
      headRef: '',
      fromFork: false,
    });
  });
});

describe('chooseBase', () => {
  test('an explicit `base` input wins over the event and the merge commit', () => {
    assert.deepEqual(chooseBase('v1.2.0', PR, { parents: [MERGE_PARENT, HEAD_SHA] }), {
      ref: 'v1.2.0',
      label: 'v1.2.0',
      source: 'input `base`',
    });
    assert.deepEqual(chooseBase('origin/release', undefined, { parents: [MERGE_PARENT] }), {
      ref: 'origin/release',
      label: 'origin/release',
      source: 'input `base`',
    });
  });

  test('the merge commit of the pull request (second parent = PR head): its first parent', () => {
    assert.deepEqual(chooseBase(undefined, PR, { parents: [MERGE_PARENT, HEAD_SHA] }), {
      ref: MERGE_PARENT,
      label: 'main',
      source: 'the first parent of the pull request merge commit',
    });
  });

  test('otherwise the event’s base sha: head checked out itself, or a merge of something else', () => {
    const expected = { ref: BASE_SHA, label: 'main', source: 'the pull_request event' };
    assert.deepEqual(
      chooseBase(undefined, PR, { parents: ['0123456789012345678901234567890123456789'] }),
      expected,
    );
    assert.deepEqual(
      chooseBase(undefined, PR, { parents: [MERGE_PARENT, 'feedfacefeedfacefeedfacefeedfacefeedface'] }),
      expected,
    );
    assert.deepEqual(chooseBase(undefined, PR, { parents: [HEAD_SHA, MERGE_PARENT] }), expected);
    assert.deepEqual(chooseBase(undefined, PR, { parents: [] }), expected);
  });

  test('a payload without a head sha never matches a merge commit', () => {
    const choice = chooseBase(undefined, { ...PR, headSha: '' }, { parents: [MERGE_PARENT, ''] });
    assert.equal(choice?.ref, BASE_SHA);
  });

  test('without a base ref the label is the short base sha', () => {
    assert.equal(chooseBase(undefined, { ...PR, baseRef: '' }, { parents: [] })?.label, 'ba5eba1');
  });

  test('no pull request and no input: no base (an empty input counts as none)', () => {
    assert.equal(chooseBase(undefined, undefined, { parents: [MERGE_PARENT, HEAD_SHA] }), undefined);
    assert.equal(chooseBase('', undefined, { parents: [MERGE_PARENT] }), undefined);
  });
});

describe('pair order', () => {
  test('ABBA from pair to pair: base,head / head,base / base,head / head,base', () => {
    assert.deepEqual(
      [0, 1, 2, 3].map((pair) => pairOrder(pair)),
      [
        ['base', 'head'],
        ['head', 'base'],
        ['base', 'head'],
        ['head', 'base'],
      ],
    );
  });

  test('every pair runs each side exactly once; each side goes first equally often over an even count', () => {
    const orders = Array.from({ length: 10 }, (_, pair) => pairOrder(pair));
    for (const order of orders) assert.deepEqual([...order].sort(), ['base', 'head']);
    assert.equal(orders.filter((order) => order[0] === 'base').length, 5);
  });
});

describe('planLooks and confirmationPairs', () => {
  test('looks at the fixed points below the budget’s pair count, and at its (even) end', () => {
    assert.deepEqual(planLooks(18), [12, 14, 16, 18]);
    assert.deepEqual(planLooks(19), [12, 14, 16, 18]);
    assert.deepEqual(planLooks(8), [8]);
    assert.deepEqual(planLooks(42), [12, 14, 16, 18, 20, 22, 24, 26, 28, 30, 32, 36, 40, 42]);
    assert.deepEqual(planLooks(7), [6]);
    assert.deepEqual(planLooks(1), [2]);
    assert.deepEqual(planLooks(0), [2]);
    const many = planLooks(1000);
    assert.equal(many.at(-1), 1000);
    assert.equal(many.length, 42);
    for (const n of [2, 9, 33, 101, 777]) {
      const looks = planLooks(n);
      assert.equal(looks.at(-1)! % 2, 0, `n ${n}: the last look is after an even number of pairs`);
      assert.ok(looks.at(-1)! <= Math.max(2, n));
      for (let i = 1; i < looks.length; i++) assert.ok(looks[i]! > looks[i - 1]!, `n ${n}: increasing`);
    }
  });

  test('a borderline regression earns half as many pairs again, at least four, always even', () => {
    assert.equal(confirmationPairs(2), 4);
    assert.equal(confirmationPairs(8), 4);
    assert.equal(confirmationPairs(9), 6);
    assert.equal(confirmationPairs(12), 6);
    assert.equal(confirmationPairs(20), 10);
    assert.equal(confirmationPairs(21), 12);
  });
});

describe('slices and their sampling tick', () => {
  test('a window ends on a tick: the longest tick up to 50 ms that divides it, else 5 ms', () => {
    // autocannon stops at the first tick after the duration: 125 ms slices at 50 ms ticks lasted 150 ms.
    for (const [sec, tick] of [
      [0.25, 50],
      [0.5, 50],
      [3, 50],
      [0.125, 25],
      [3 / 24, 25],
      [0.1, 50],
      [0.12, 40],
      [0.2 / 3, 5],
      [0.127, 5],
    ] as const) {
      const got = sampleTickMs(sec);
      assert.equal(got, tick, `${sec} s`);
      const ms = sec * 1000;
      // It never ends a window more than 5 ms late.
      assert.ok(Math.ceil(ms / got - 1e-9) * got - ms < 5, `${sec} s ends within 5 ms`);
    }
  });
});

describe('merge_group', () => {
  const payload = {
    merge_group: {
      head_sha: 'a'.repeat(40),
      head_ref: 'refs/heads/gh-readonly-queue/main/pr-12-bbbbbbb',
      base_sha: 'b'.repeat(40),
      base_ref: 'refs/heads/main',
    },
  };

  test('the group’s head and the base it would land on, branch names without refs/heads/', () => {
    const group = mergeGroupOf(payload);
    assert.deepEqual(group, {
      headSha: 'a'.repeat(40),
      headRef: 'gh-readonly-queue/main/pr-12-bbbbbbb',
      baseSha: 'b'.repeat(40),
      baseRef: 'main',
    });
    assert.deepEqual(mergeGroupBase(group!), {
      ref: 'b'.repeat(40),
      label: 'main',
      source: 'the merge_group event',
    });
  });

  test('not a merge group: another event, or one without both commits', () => {
    assert.equal(mergeGroupOf({ pull_request: { number: 1 } }), undefined);
    assert.equal(mergeGroupOf({ merge_group: { head_sha: 'a' } }), undefined);
    assert.equal(mergeGroupOf({ merge_group: { head_sha: 1, base_sha: 2 } }), undefined);
    assert.equal(mergeGroupOf(null), undefined);
  });
});
