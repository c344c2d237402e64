/**
 * perf-gate's own scripts that run while the pull request's code runs too (the load generator, and a copy per side
 * of the preloads loaded into the servers): copied, before any of the pull request's commands runs, into a new
 * directory (mode 0700, a random name) that no command is told about, and checked against the copy's SHA-256
 * before each use. The pull request's install, build and servers run as the same user, so they
 * could rewrite the action's dist/loadgen.js to report what they like; they would have to find and rewrite the copy
 * too, and a changed copy is refused (docs/security.md).
 */
import { createHash } from 'node:crypto';
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { GateError } from '../model/errors.ts';
import type { ErrorCode } from '../model/report.ts';
import { tamperedMessage } from '../report/error-text.ts';

/** The copies' directories, removed when this process exits. */
const dirs = new Set<string>();
let removeOnExit = false;

function privateDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'perf-gate-'));
  chmodSync(dir, 0o700);
  dirs.add(dir);
  if (!removeOnExit) {
    removeOnExit = true;
    process.once('exit', () => {
      for (const d of dirs) rmSync(d, { recursive: true, force: true });
    });
  }
  return dir;
}

function sha256(content: Buffer): string {
  return createHash('sha256').update(content).digest('hex');
}

export class PinnedFile {
  /** The copy's path. */
  readonly path: string;
  /** What the file is, for the message when it changed. */
  readonly name: string;
  private readonly digest: string;
  private readonly code: ErrorCode;

  /**
   * `source`: a file to copy, or the content itself (a script perf-gate holds in memory). `fileName`: the copy's
   * name (an ES module bundle needs `.mjs` where no package.json says `"type": "module"`). `code`: of the error when
   * the copy changed (never tied to a side: a side's changed copy is no failure of that side's code alone).
   */
  constructor(
    source: string | { content: string },
    name: string,
    fileName: string = typeof source === 'string' ? basename(source) : 'script.cjs',
    code: ErrorCode = 'load',
  ) {
    const content = typeof source === 'string' ? readFileSync(source) : Buffer.from(source.content);
    this.path = join(privateDir(), fileName);
    writeFileSync(this.path, content, { mode: 0o400 });
    this.name = name;
    this.digest = sha256(content);
    this.code = code;
  }

  /** The copy's path once its content is checked; a GateError when it changed. */
  verified(): string {
    let content: Buffer;
    try {
      content = readFileSync(this.path);
    } catch {
      throw new GateError(this.code, tamperedMessage(this.name));
    }
    if (sha256(content) !== this.digest) throw new GateError(this.code, tamperedMessage(this.name));
    return this.path;
  }
}
