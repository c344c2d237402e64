/**
 * The report of several report.json files (a matrix's shards, or the fork-safe pattern's one): the merged data of
 * decide/merge.ts and, for several shards, one profile section from all their rows. Pure.
 */
import type { ReportFile } from '../config/report-file.ts';
import { mergeShards } from '../decide/merge.ts';
import type { Report } from '../model/report.ts';
import { renderHotterSection } from '../report/profile.ts';

export { shownName } from '../decide/merge.ts';

export function mergeReports(files: readonly ReportFile[]): Report {
  const { tool, version, verdict, ...merged } = mergeShards(files);
  const { profile } = merged;
  return {
    tool,
    version,
    verdict,
    ...merged,
    // A profile read back (its Markdown left out) or several shards' (merged): one section from their rows.
    profile:
      profile?.markdown === '' ? { ...profile, markdown: renderHotterSection(profile.hotter) } : profile,
  };
}
