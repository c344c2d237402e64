/**
 * The node executable a profiled server runs with, found the way the shell (and npm, for scripts) would find it,
 * and the V8 flags that switch inlining off in that node.
 */
import { accessSync, constants, readFileSync, statSync } from 'node:fs';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import { runCommand } from '../io/run-command.ts';
import { GateError } from '../model/errors.ts';
import type { NodeCommand } from './command.ts';

/** The `scripts` of the package.json in cwd; undefined when there is none to read. */
export function readScripts(cwd: string): Record<string, string> | undefined {
  try {
    const manifest = JSON.parse(readFileSync(join(cwd, 'package.json'), 'utf8')) as { scripts?: unknown };
    if (typeof manifest.scripts !== 'object' || manifest.scripts === null) return undefined;
    const scripts: Record<string, string> = {};
    for (const [name, value] of Object.entries(manifest.scripts))
      if (typeof value === 'string') scripts[name] = value;
    return scripts;
  } catch {
    return undefined;
  }
}

function executable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

/** The node executable a command names: a path, or looked up like the shell (and npm, for scripts) would. */
export function resolveNode(command: NodeCommand, cwd: string, env: NodeJS.ProcessEnv): string {
  if (command.node.includes('/')) return isAbsolute(command.node) ? command.node : resolve(cwd, command.node);
  const dirs: string[] = [];
  if (command.fromScript) {
    // npm, yarn and pnpm put every node_modules/.bin from the package up to the root first on PATH.
    for (let dir = resolve(cwd); ; dir = dirname(dir)) {
      dirs.push(join(dir, 'node_modules', '.bin'));
      if (dirname(dir) === dir) break;
    }
  }
  dirs.push(...(env.PATH ?? '').split(':').filter((d) => d !== ''));
  for (const dir of dirs) {
    const candidate = join(dir, command.node);
    if (executable(candidate)) return candidate;
  }
  if (command.node === 'node') return process.execPath;
  throw new GateError(
    'config',
    `cannot profile: \`${command.node}\` (from the start command) is not on PATH`,
  );
}

const v8FlagCache = new Map<string, Promise<string[]>>();

/** The V8 flags that switch inlining off, as far as this node knows them. */
export function noInliningFlags(node: string, env: NodeJS.ProcessEnv): Promise<string[]> {
  let flags = v8FlagCache.get(node);
  if (flags === undefined) {
    flags = runCommand(node, { cwd: process.cwd(), env, args: ['--v8-options'], timeoutMs: 15_000 }).then(
      (result) =>
        ['turbo-inlining', 'maglev-inlining']
          .filter((flag) => new RegExp(`^\\s*--${flag}\\b`, 'm').test(result.stdout))
          .map((flag) => `--no-${flag}`),
      () => [],
    );
    v8FlagCache.set(node, flags);
  }
  return flags;
}
