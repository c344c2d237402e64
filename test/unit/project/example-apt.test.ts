/**
 * An example that installs a Debian package refreshes the package lists first: a runner image's lists go stale, and
 * `apt-get install` without `apt-get update` then fails with 404s on the mirror.
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';

const DIR = fileURLToPath(new URL('../../../example-workflows/', import.meta.url));

function workflows(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return workflows(path);
    return /\.ya?ml$/.test(name) && name !== 'perf-gate.yml' ? [path] : [];
  });
}

test('every apt-get install in the examples comes after an apt-get update in its job', () => {
  let installs = 0;
  for (const file of workflows(DIR)) {
    const workflow = parse(readFileSync(file, 'utf8')) as {
      jobs: Record<string, { steps?: { run?: string }[] }>;
    };
    for (const [id, job] of Object.entries(workflow.jobs)) {
      let updated = false;
      for (const step of job.steps ?? []) {
        for (const command of (step.run ?? '').split(/&&|;|\n/)) {
          if (/\bapt(-get)? update\b/.test(command)) updated = true;
          if (/\bapt(-get)? install\b/.test(command)) {
            installs++;
            assert.ok(updated, `${file}: jobs.${id}: \`${command.trim()}\` without apt-get update before it`);
          }
        }
      }
    }
  }
  assert.ok(installs > 0, 'the NestJS example installs redis-tools');
});
