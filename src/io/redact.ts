/** Secrets kept out of what perf-gate writes. Pure. */
import type { Report } from '../model/report.ts';

/**
 * The report with every occurrence of each secret (e.g. the token, if some output echoed it) replaced by `***`.
 * Secrets shorter than 8 characters are left alone (they would mangle ordinary words).
 */
export function redact(report: Report, secrets: readonly string[]): Report {
  const hidden = secrets.filter((secret) => secret.length >= 8);
  if (hidden.length === 0) return report;
  const json = JSON.stringify(report);
  let clean = json;
  for (const secret of hidden) {
    const encoded = JSON.stringify(secret).slice(1, -1);
    clean = clean.replaceAll(encoded, '***');
  }
  return clean === json ? report : (JSON.parse(clean) as Report);
}
