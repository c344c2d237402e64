/** A run's report.json on disk: the `report` output, a file of the artifact, what `mode: report` reads. */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { type Report, TINY } from '../model/report.ts';

/** Where a run's report.json goes. */
export function reportPath(outputDir: string): string {
  return join(outputDir, 'report.json');
}

/** A number as report.json holds it: a rounding residue nearer 0 than TINY is 0 (else a merge would refuse it). */
function held(_key: string, value: unknown): unknown {
  return typeof value === 'number' && value !== 0 && Math.abs(value) < TINY ? 0 : value;
}

/** report.json's text of a run's report. */
export function reportText(report: Report): string {
  return `${JSON.stringify(report, held, 2)}\n`;
}

/** Writes a run's report.json into `outputDir`. */
export async function writeReport(outputDir: string, report: Report): Promise<void> {
  await mkdir(outputDir, { recursive: true });
  await writeFile(reportPath(outputDir), reportText(report));
}
