/**
 * The report of several report.json files (a matrix's shards, or the fork-safe pattern's one): the merged data of
 * decide/merge.ts with its words rendered, the headline and, for several shards, one profile section. Pure.
 */
import type { ReportFile } from '../config/report-file.ts';
import { mergeShards } from '../decide/merge.ts';
import type { Report } from '../model/report.ts';
import { gateHeadline } from '../report/headline.ts';
import { renderHotterSection } from '../report/profile.ts';

export { shownName } from '../decide/merge.ts';

export function mergeReports(files: readonly ReportFile[]): Report {
  const { tool, version, verdict, ...merged } = mergeShards(files);
  const { profile } = merged;
  return {
    tool,
    version,
    verdict,
    headline: gateHeadline(verdict, merged.decision, merged.error),
    ...merged,
    // Several shards' profiles (left without markdown): one section from all their rows.
    profile:
      profile?.markdown === '' ? { ...profile, markdown: renderHotterSection(profile.hotter) } : profile,
  };
}
