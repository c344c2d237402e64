/** The report.json files `mode: report` reads: a directory (searched), one file, or a glob. */
import { glob, lstat, readdir, readFile } from 'node:fs/promises';
import { join, relative, resolve } from 'node:path';
import { GateError } from '../model/errors.ts';
import { HISTORY_LINES_FILE } from '../model/history.ts';
import { parseReportFile, REPORT_FILE_MAX_BYTES, type ReportFile } from './report-file.ts';

/** More files than any sensible matrix has. */
export const MAX_REPORT_FILES = 256;
/** Largest total size of all the report files of one run, in characters. */
const TOTAL_MAX_CHARS = 256 * 1024 * 1024;
/** Directory levels searched below `results` (download-artifact puts each artifact in a directory of its own). */
const MAX_DEPTH = 4;

function resultsError(problem: string, fix: string): GateError {
  return new GateError('config', `input \`results\`: ${problem}. ${fix}`);
}

async function walk(dir: string, depth: number, found: string[], fileName: string): Promise<void> {
  if (depth > MAX_DEPTH) return;
  const entries = await readdir(dir, { withFileTypes: true });
  for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
    const path = join(dir, entry.name);
    // Symbolic links are not followed: an artifact could point one anywhere on the runner.
    if (entry.isDirectory()) await walk(path, depth + 1, found, fileName);
    else if (entry.isFile() && entry.name === fileName) found.push(path);
    if (found.length > MAX_REPORT_FILES) return;
  }
}

/** The files `results` names (in a directory: those named `fileName`), sorted, relative names for messages. */
export async function findReportFiles(
  results: string,
  cwd: string,
  fileName = 'report.json',
): Promise<{ path: string; name: string }[]> {
  const target = resolve(cwd, results);
  const found: string[] = [];
  const stat = await lstat(target).catch(() => undefined);
  if (stat?.isDirectory()) await walk(target, 0, found, fileName);
  else if (stat?.isFile()) found.push(target);
  else if (stat === undefined && /[*?[{]/.test(results)) {
    for await (const path of glob(results, { cwd })) {
      const full = resolve(cwd, path);
      const s = await lstat(full);
      if (s.isFile()) found.push(full);
      if (found.length > MAX_REPORT_FILES) break;
    }
  }
  if (found.length > MAX_REPORT_FILES) {
    throw resultsError(
      `more than ${MAX_REPORT_FILES} report files under \`${results}\``,
      'Point it at the directory the measuring jobs’ artifacts were downloaded to, and nothing else.',
    );
  }
  if (found.length === 0) {
    throw resultsError(
      `no ${fileName} ${stat?.isDirectory() ? 'inside' : 'at'} \`${results}\` (from ${cwd})`,
      'Download the measuring run’s artifact there first (actions/download-artifact with `path:` set to it), or set `results` to where it is.',
    );
  }
  const base = stat?.isDirectory() ? target : cwd;
  return found.sort().map((path) => ({ path, name: relative(base, path) || path }));
}

/** Reads one report file, refusing links and oversized files before reading them. */
export async function readReportFile(path: string, name: string): Promise<string> {
  const stat = await lstat(path);
  if (!stat.isFile()) throw resultsError(`${name} is not a regular file`, 'Remove it from `results`.');
  if (stat.size > REPORT_FILE_MAX_BYTES) {
    throw resultsError(
      `${name} is ${stat.size} bytes, more than the ${REPORT_FILE_MAX_BYTES} a report may be`,
      'Point `results` at report.json files written by perf-gate.',
    );
  }
  return readFile(path, 'utf8');
}

/** All reports of `results`, read and checked (see report-file.ts), within a total size. */
export async function loadReports(results: string, cwd: string): Promise<ReportFile[]> {
  const files = await findReportFiles(results, cwd);
  const loaded: ReportFile[] = [];
  let total = 0;
  for (const { path, name } of files) {
    const text = await readReportFile(path, name);
    total += text.length;
    if (total > TOTAL_MAX_CHARS) {
      throw resultsError(
        `the report files under \`${results}\` are larger than ${TOTAL_MAX_CHARS} characters together`,
        'Point it at the report.json files of one run only.',
      );
    }
    loaded.push(parseReportFile(text, name));
  }
  return loaded;
}

/** The files a measuring job of the history left (`history-job: publish` reads them), each read within a report's size. */
export async function loadHistoryLineFiles(
  results: string,
  cwd: string,
): Promise<{ name: string; text: string }[]> {
  const files = await findReportFiles(results, cwd, HISTORY_LINES_FILE);
  const read: { name: string; text: string }[] = [];
  for (const { path, name } of files) read.push({ name, text: await readReportFile(path, name) });
  return read;
}
