/** A run's report.json on disk: the `report` output, a file of the artifact, what `mode: report` reads. */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Report } from '../model/report.ts';

/** Where a run's report.json goes. */
export function reportPath(outputDir: string): string {
  return join(outputDir, 'report.json');
}

/** Writes a run's report.json into `outputDir`. */
export async function writeReport(outputDir: string, report: Report): Promise<void> {
  await mkdir(outputDir, { recursive: true });
  await writeFile(reportPath(outputDir), `${JSON.stringify(report, null, 2)}\n`);
}
