/**
 * perf-gate's own scripts that run while the pull request's code runs too (the load generator): copied, before any
 * of the pull request's commands runs, into a new directory that no command is told about, and checked against
 * the copy's SHA-256 before each use. The pull request's install, build and servers run as the same user, so they
 * could rewrite the action's dist/loadgen.js to report what they like; they would have to find and rewrite the copy
 * too, and a changed copy is refused (docs/security.md).
 */
import { createHash } from 'node:crypto';
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { tamperedMessage } from '../report/safety-text.ts';
import { GateError } from './errors.ts';

function sha256(content: Buffer): string {
  return createHash('sha256').update(content).digest('hex');
}

export class PinnedFile {
  /** The copy's path. */
  readonly path: string;
  /** What the file is, for the message when it changed. */
  readonly name: string;
  private readonly digest: string;

  /** `fileName`: the copy's name (an ES module bundle needs `.mjs` where no package.json says `"type": "module"`). */
  constructor(source: string, name: string, fileName: string = basename(source)) {
    const content = readFileSync(source);
    const dir = mkdtempSync(join(tmpdir(), 'perf-gate-'));
    chmodSync(dir, 0o700);
    this.path = join(dir, fileName);
    writeFileSync(this.path, content, { mode: 0o400 });
    this.name = name;
    this.digest = sha256(content);
    process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
  }

  /** The copy's path once its content is checked; a GateError('load') when it changed. */
  verified(): string {
    let content: Buffer;
    try {
      content = readFileSync(this.path);
    } catch {
      throw new GateError('load', tamperedMessage(this.name));
    }
    if (sha256(content) !== this.digest) throw new GateError('load', tamperedMessage(this.name));
    return this.path;
  }
}
