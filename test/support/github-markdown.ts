/**
 * GitHub's own Markdown parser as the oracle of the escaping tests: cmark-gfm with GitHub's extensions (table,
 * autolink, tagfilter, strikethrough, tasklist) and footnotes, raw HTML passed through as GitHub passes it to its
 * sanitizer, through the `cmarkgfm` package (PyPI: minimal bindings to GitHub's fork of cmark, with wheels). It is
 * installed once, like actionlint, into node_modules/.cache with `python3 -m pip install --target` (python3 on PATH,
 * or PYTHON); a machine that cannot get it fails the tests that need it, saying why.
 *
 * What GitHub does after cmark-gfm (mentions, issue references, commit links) is not in the parser: `prose` gives
 * the text GitHub's filters read (outside code, pre and links) for the tests' own patterns.
 */
import { existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runProcess } from './run-process.ts';

export const CMARKGFM_VERSION = '2025.10.22';
const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const CACHE = join(ROOT, 'node_modules/.cache/perf-gate', `cmarkgfm-${CMARKGFM_VERSION}`);
const PYTHON = process.env.PYTHON ?? 'python3';

/** Markdown to HTML, many documents in one call of the parser. */
export type Render = (markdowns: readonly string[]) => Promise<string[]>;

/** pip's words for a registry it could not reach (rather than a package it found wanting). */
const UNREACHABLE =
  /NewConnectionError|ConnectTimeout|ReadTimeout|Max retries exceeded|Temporary failure in name resolution|Network is unreachable|Name or service not known|ProxyError|Connection refused|No route to host/;

let installing: Promise<string> | undefined;

/** The cached install's directory, installing it first; throws, saying how to get it, when it cannot. */
function install(): Promise<string> {
  installing ??= (async () => {
    if (existsSync(join(CACHE, 'cmarkgfm'))) return CACHE;
    const staging = `${CACHE}.tmp-${process.pid}`;
    mkdirSync(staging, { recursive: true });
    const pip = await runProcess(PYTHON, [
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
      const why = UNREACHABLE.test(pip.stderr)
        ? 'PyPI is out of reach (the tests need it once; the install is kept in node_modules/.cache)'
        : `exit ${pip.code}`;
      throw new Error(
        `could not install cmarkgfm ${CMARKGFM_VERSION} (GitHub's Markdown parser) with \`${PYTHON} -m pip\`: ${why}:\n${pip.stderr}`,
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
 * GitHub's parser, installed the first time. Any failure to get it (no python3, PyPI out of reach, pip refusing the
 * package) throws, saying why: the tests that need it never pass by skipping.
 */
export async function githubMarkdown(): Promise<Render> {
  const dir = await install();
  return async (markdowns) => {
    const result = await runProcess(PYTHON, ['-c', SCRIPT], {
      env: { ...process.env, PYTHONPATH: dir, PYTHONIOENCODING: 'utf-8' },
      input: JSON.stringify(markdowns),
    });
    if (result.code !== 0) throw new Error(`cmarkgfm failed (${result.code}):\n${result.stderr}`);
    return JSON.parse(result.stdout) as string[];
  };
}

/** cmark-gfm's HTML as tokens: tags (with the attributes that lead somewhere), comments and text, in order. */
type Token = { tag: string; close: boolean; where: string } | { comment: true } | { text: string };

const TOKEN = /<!--[\s\S]*?(?:-->|$)|<(\/?)([a-zA-Z][\w-]*)((?:[^>"']|"[^"]*"|'[^']*')*)>|[^<]+|</g;

function decode(text: string): string {
  return text.replace(/&(amp|lt|gt|quot|#39);/g, (_all, name: string) =>
    name === 'amp' ? '&' : name === 'lt' ? '<' : name === 'gt' ? '>' : name === 'quot' ? '"' : "'",
  );
}

/** The HTML cmark-gfm wrote, as tokens (its output is regular; raw HTML passes through as tags too). */
export function tokens(html: string): Token[] {
  const out: Token[] = [];
  for (const m of html.matchAll(TOKEN)) {
    if (m[0].startsWith('<!--')) out.push({ comment: true });
    else if (m[2] !== undefined) {
      const where = [...(m[3] ?? '').matchAll(/\b(?:href|src)\s*=\s*("[^"]*"|'[^']*'|[^\s>]+)/gi)].map(
        (a) => a[1]!,
      );
      out.push({ tag: m[2].toLowerCase(), close: m[1] === '/', where: where.join(' ') });
    } else out.push({ text: decode(m[0]) });
  }
  return out;
}

/** The text a reader sees. */
export function visibleText(html: string): string {
  return tokens(html)
    .map((t) => ('text' in t ? t.text : ''))
    .join('');
}

/**
 * The document's structure: every tag (with where it leads: href, src) and every HTML comment, in order, but the
 * tags of inline code spans, whose text GitHub renders as it is.
 */
export function skeleton(html: string): string[] {
  const out: string[] = [];
  let pre = 0;
  for (const t of tokens(html)) {
    if ('comment' in t) out.push('<!--');
    if (!('tag' in t)) continue;
    if (t.tag === 'pre') pre += t.close ? -1 : 1;
    if (t.tag === 'code' && pre === 0) continue;
    out.push(`<${t.close ? '/' : ''}${t.tag}${t.where === '' ? '' : ` ${t.where}`}>`);
  }
  return out;
}

/** The text GitHub's filters read for mentions and references: every text outside code, pre and links. */
export function prose(html: string): string[] {
  const out: string[] = [];
  let inside = 0;
  for (const t of tokens(html)) {
    if ('tag' in t && ['code', 'pre', 'a'].includes(t.tag)) inside += t.close ? -1 : 1;
    if ('text' in t && inside === 0) out.push(t.text);
  }
  return out;
}
