/**
 * What a history run leaves: its lines appended to the history branch (with the charts, index.html and README.md
 * made anew), then the creep alerts, and the charts of its branch and series. Shared by the single job (run-history.ts) and
 * the publishing job (publish-lines.ts).
 */
import type { Config } from '../model/config.ts';
import { errorMessage, GateError } from '../model/errors.ts';
import type { HistoryLine, HistoryRunView } from '../model/history.ts';
import type { TextLog } from '../model/notes.ts';
import { historySvg } from '../report/history-chart.ts';
import { branchReadme, historyPage } from '../report/history-page.ts';
import { historyRetryLog, historyWrittenLog } from '../report/history-text.ts';
import { alert } from './alerts.ts';
import { type HistoryFiles, type HistoryRemote, HistoryStore } from './branch-store.ts';
import { historyCharts } from './chart-series.ts';
import { formatLine, linesOfFiles, monthFile } from './lines.ts';
import { perfGateVersion } from './repo-tags.ts';
import { fileUrl, type Site } from './site.ts';

/** The files a run writes: its lines appended to their month files, the charts, index.html and README.md. */
function historyFiles(current: HistoryFiles, added: readonly HistoryLine[], site: Site) {
  const files = new Map<string, string>();
  for (const line of added) {
    const path = monthFile(line.date);
    const before = files.get(path) ?? current.files.get(path) ?? '';
    files.set(path, `${before}${before === '' || before.endsWith('\n') ? '' : '\n'}${formatLine(line)}`);
  }
  const read = linesOfFiles(current.files);
  const all = [...read.lines, ...added];
  const charts = historyCharts(all);
  for (const chart of charts) files.set(chart.file, historySvg(chart));
  const facts = {
    repository: site.repository,
    date: new Date().toISOString(),
    perfGate: perfGateVersion(),
    runs: all.length,
    skipped: read.skipped,
  };
  files.set('index.html', historyPage(charts, facts));
  files.set('README.md', branchReadme(charts, facts));
  files.set('.nojekyll', '');
  return { files, all };
}

type Written = { pushed: HistoryRunView['pushed']; all: HistoryLine[] };

/** Appends the lines in a store made for it (branch-store.ts); returns the history as pushed, or the error why not. */
async function writeAfter(
  log: TextLog,
  remote: HistoryRemote,
  added: readonly HistoryLine[],
  site: Site,
  message: string,
): Promise<Written> {
  const store = await HistoryStore.open(remote, site.tempDir);
  let all: HistoryLine[] = [];
  try {
    const made = (current: HistoryFiles) => {
      const history = historyFiles(current, added, site);
      all = history.all;
      return history.files;
    };
    const { commit, attempts } = await store.append(made, message, {
      onRetry: (attempt) => log.info(historyRetryLog(attempt)),
    });
    log.info(historyWrittenLog(site.branch, commit, attempts));
    return { pushed: { commit }, all };
  } catch (error) {
    if (error instanceof GateError && error.output) log.output(error.output);
    return { pushed: { error: errorMessage(error) }, all };
  } finally {
    await store.close();
  }
}

/** The lines a run records, and what it knows of the history without writing them. */
export interface Recording {
  remote: HistoryRemote;
  lines: readonly HistoryLine[];
  message: string;
  /** false: the lines are handed over to a publishing job instead of written here. */
  write: boolean;
  known: readonly HistoryLine[];
  ref: string;
  series: string | undefined;
}

/** Writes the lines, then the alerts when the branch's line was pushed; the charts of the run's ref and series. */
export async function recordLines(
  log: TextLog,
  config: Config,
  site: Site,
  r: Recording,
): Promise<Pick<HistoryRunView, 'pushed' | 'alerts' | 'charts'>> {
  const written: Written =
    r.write && r.lines.length > 0
      ? await writeAfter(log, r.remote, r.lines, site, r.message)
      : { pushed: undefined, all: [...r.known] };
  const branchLine = r.lines.find((l) => l.kind === 'branch');
  const alerts =
    branchLine && written.pushed && 'commit' in written.pushed
      ? await alert(log, config, site, written.all, branchLine)
      : [];
  const charts = historyCharts(written.all)
    .filter((c) => c.ref === r.ref && c.series === r.series)
    .map((chart) => ({ chart, url: fileUrl(site, 'blob', chart.file) }));
  return { pushed: written.pushed, alerts, charts };
}
