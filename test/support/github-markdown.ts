/**
 * GitHub's own Markdown parser as the oracle of the escaping tests: cmark-gfm with GitHub's extensions (table,
 * autolink, tagfilter, strikethrough, tasklist) and footnotes, raw HTML passed through as GitHub passes it to its
 * sanitizer, through the `cmarkgfm` package (PyPI: minimal bindings to GitHub's fork of cmark, with wheels). It is
 * installed once, like actionlint, into node_modules/.cache with `python3 -m pip install --target` (python3 on PATH,
 * or PYTHON); a machine that cannot reach the registry skips the tests that need it, saying so loudly.
 *
 * What GitHub does after cmark-gfm (mentions, issue references, commit links) is not in the parser: `prose` gives
 * the text GitHub's filters read (outside code, pre and links) for the tests' own patterns.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type DomElement, type DomNode, JSDOM } from 'jsdom';

export const CMARKGFM_VERSION = '2025.10.22';
const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const CACHE = join(ROOT, 'node_modules/.cache/perf-gate', `cmarkgfm-${CMARKGFM_VERSION}`);
const PYTHON = process.env.PYTHON ?? 'python3';

/** Markdown to HTML, many documents in one call of the parser. */
export type Render = (markdowns: readonly string[]) => Promise<string[]>;

function run(
  command: string,
  args: string[],
  options: { env?: NodeJS.ProcessEnv; input?: string } = {},
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { env: options.env ?? process.env, stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.on('error', (error) => resolve({ code: -1, stdout, stderr: error.message }));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(options.input ?? '');
  });
}

/** pip's words for a registry it could not reach (rather than a package it found wanting). */
const UNREACHABLE =
  /NewConnectionError|ConnectTimeout|ReadTimeout|Max retries exceeded|Temporary failure in name resolution|Network is unreachable|Name or service not known|ProxyError|Connection refused|No route to host/;

let installing: Promise<string | Error> | undefined;

/** The cached install's directory, installing it first; an Error (to skip with) when the registry is out of reach. */
function install(): Promise<string | Error> {
  installing ??= (async () => {
    if (existsSync(join(CACHE, 'cmarkgfm'))) return CACHE;
    const staging = `${CACHE}.tmp-${process.pid}`;
    mkdirSync(staging, { recursive: true });
    const pip = await run(PYTHON, [
      '-m',
      'pip',
      'install',
      '--disable-pip-version-check',
      '--no-input',
      '--quiet',
      '--timeout=20',
      '--retries=1',
      '--only-binary=:all:',
      '--target',
      staging,
      `cmarkgfm==${CMARKGFM_VERSION}`,
    ]);
    if (pip.code !== 0 || !existsSync(join(staging, 'cmarkgfm'))) {
      rmSync(staging, { recursive: true, force: true });
      if (UNREACHABLE.test(pip.stderr)) return new Error(pip.stderr.trim().split('\n').slice(-3).join('\n'));
      throw new Error(
        `could not install cmarkgfm ${CMARKGFM_VERSION} (GitHub's Markdown parser) with \`${PYTHON} -m pip\` (exit ${pip.code}):\n${pip.stderr}`,
      );
    }
    if (!existsSync(join(CACHE, 'cmarkgfm'))) {
      rmSync(CACHE, { recursive: true, force: true });
      renameSync(staging, CACHE);
    } else rmSync(staging, { recursive: true, force: true });
    return CACHE;
  })();
  return installing;
}

const SCRIPT = `
import json, sys
import cmarkgfm
from cmarkgfm.cmark import Options
options = Options.CMARK_OPT_UNSAFE | Options.CMARK_OPT_FOOTNOTES
docs = json.load(sys.stdin)
json.dump([cmarkgfm.github_flavored_markdown_to_html(d, options=options) for d in docs], sys.stdout)
`;

/**
 * GitHub's parser, or the reason it is not to be had here (the registry out of reach): the caller skips, loudly.
 * Any other failure (no python3, pip refusing the package) throws: the tests must not pass by skipping.
 */
export async function githubMarkdown(): Promise<Render | string> {
  const dir = await install();
  if (dir instanceof Error) {
    const reason = `SKIPPED: GitHub's Markdown parser (cmarkgfm ${CMARKGFM_VERSION} from PyPI) could not be installed, the registry is out of reach:\n${dir.message}`;
    process.stderr.write(`\n${'!'.repeat(100)}\n${reason}\n${'!'.repeat(100)}\n`);
    return reason;
  }
  return async (markdowns) => {
    const result = await run(PYTHON, ['-c', SCRIPT], {
      env: { ...process.env, PYTHONPATH: dir, PYTHONIOENCODING: 'utf-8' },
      input: JSON.stringify(markdowns),
    });
    if (result.code !== 0) throw new Error(`cmarkgfm failed (${result.code}):\n${result.stderr}`);
    return JSON.parse(result.stdout) as string[];
  };
}

/** The HTML's body as a DOM. */
export function dom(html: string): DomElement {
  return new JSDOM(`<!DOCTYPE html><body>${html}</body>`).window.document.body;
}

const ELEMENT = 1;
const TEXT = 3;
const COMMENT = 8;

/**
 * The document's structure: every element (with the attributes that lead somewhere: href, src) and every HTML
 * comment, in order, but inline code spans, whose text GitHub renders as it is.
 */
export function skeleton(root: DomElement): string[] {
  const out: string[] = [];
  const walk = (node: DomNode, depth: number): void => {
    for (const child of Array.from(node.childNodes)) {
      if (child.nodeType === COMMENT) out.push(`${depth}:<!--`);
      if (child.nodeType !== ELEMENT) continue;
      const element = child as DomElement;
      const tag = element.tagName.toLowerCase();
      const inlineCode = tag === 'code' && element.parentElement?.tagName.toLowerCase() !== 'pre';
      if (!inlineCode) {
        const where = ['href', 'src'].map((a) => element.getAttribute(a)).filter((v) => v !== null);
        out.push(`${depth}:${tag}${where.length > 0 ? ` ${where.join(' ')}` : ''}`);
      }
      walk(element, depth + 1);
    }
  };
  walk(root, 0);
  return out;
}

/** The text GitHub's filters read for mentions and references: every text node outside code, pre and links. */
export function prose(root: DomElement): string[] {
  const out: string[] = [];
  const walk = (node: DomNode): void => {
    for (const child of Array.from(node.childNodes)) {
      if (child.nodeType === TEXT) out.push(child.textContent ?? '');
      if (child.nodeType !== ELEMENT) continue;
      const tag = (child as DomElement).tagName.toLowerCase();
      if (tag !== 'code' && tag !== 'pre' && tag !== 'a') walk(child);
    }
  };
  walk(root);
  return out;
}
