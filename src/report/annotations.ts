/** The words of the action's annotations. Pure. */
import type { HotFunction } from '../model/report.ts';
import { formatUs } from './profile.ts';

/**
 * The annotation on a function that got hotter: its CPU time per request on base and head, as the comment shows it
 * (its share of busy time where the requests served are unknown).
 */
export function hotterAnnotation(hot: HotFunction, verdict: string): string {
  const { baseUsPerRequest: base, headUsPerRequest: head } = hot;
  const change =
    base !== undefined && head !== undefined && Number.isFinite(base) && Number.isFinite(head)
      ? `${formatUs(base)} → ${formatUs(head)} of CPU time per request`
      : `${(hot.baseSelf * 100).toFixed(1)}% → ${(hot.headSelf * 100).toFixed(1)}% of busy time`;
  const what = hot.caller ? `${hot.fn} (${hot.file}:${hot.line}), called here,` : hot.fn;
  return `${what} got hotter on head: ${change} (${verdict}).`;
}
