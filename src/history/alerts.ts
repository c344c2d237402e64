/** The creep alerts after a branch's run: the issues opened, updated and closed (creep.ts plans them). */
import type { Config } from '../model/config.ts';
import { errorMessage } from '../model/errors.ts';
import type { AlertDone, CreepAction, HistoryLine } from '../model/history.ts';
import type { TextLog } from '../model/notes.ts';
import { gitHubClient, type Octokit } from '../publish/github.ts';
import { type CreepLinks, creepBody, creepClosing, creepTitle } from '../report/creep-text.ts';
import { alertLog, alertWarning } from '../report/history-text.ts';
import { chartFile } from './chart-series.ts';
import { creepMarker, creepPlan } from './creep.ts';
import { closeIssue, findCreepIssues, type IssueTarget, openIssue, updateIssue } from './creep-issues.ts';
import { fileUrl, type Site } from './site.ts';

function creepLinks(site: Site, file: string): CreepLinks {
  return {
    image: fileUrl(site, 'raw', file),
    chart: fileUrl(site, 'blob', file),
    page: fileUrl(site, 'tree'),
    compare: (from, to) => `${site.server}/${site.repository}/compare/${from}...${to}`,
  };
}

/** Carries out one alert action; returns what was done. */
async function act(
  octokit: Octokit,
  target: IssueTarget,
  action: CreepAction,
  site: Site,
): Promise<AlertDone> {
  const { state } = action;
  const links = creepLinks(site, chartFile(state.series, state.ref, state.scenario));
  const scenario = state.scenario;
  if (action.kind === 'close') {
    const url = await closeIssue(
      octokit,
      target,
      action.issue,
      creepClosing(state, action.reason, action.newRelease),
    );
    return { kind: 'closed', scenario, number: action.issue, url };
  }
  const title = creepTitle(state);
  const body = creepBody(creepMarker(state), state, links);
  if (action.kind === 'update') {
    const url = await updateIssue(octokit, target, action.issue, title, body);
    return { kind: 'updated', scenario, number: action.issue, url };
  }
  const made = await openIssue(octokit, target, title, body);
  return { kind: 'opened', scenario, number: made.number, url: made.url };
}

/** Opens, updates and closes the alerts after the branch's run; a failure is a warning (the history stands). */
export async function alert(
  log: TextLog,
  config: Config,
  site: Site,
  all: readonly HistoryLine[],
  latest: HistoryLine,
): Promise<AlertDone[]> {
  if (!config.token) {
    log.warning(alertWarning(undefined));
    return [];
  }
  const [owner = '', repo = ''] = site.repository.split('/');
  const target = { owner, repo };
  const done: AlertDone[] = [];
  try {
    const octokit = gitHubClient(config.token, { onRetry: (text) => log.info(text) });
    const open = await findCreepIssues(octokit, target);
    for (const action of creepPlan(all, latest, open)) {
      const result = await act(octokit, target, action, site);
      log.info(alertLog(result.scenario, result.kind, result.url));
      done.push(result);
    }
  } catch (error) {
    log.warning(alertWarning(errorMessage(error)));
  }
  return done;
}
