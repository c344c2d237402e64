/**
 * The profiling pass: after measuring, never during it. It explains a verdict and never makes one, so its
 * failures become notes.
 */
import { join, relative, resolve } from 'node:path';
import { GateError } from '../io/errors.ts';
import type { Scenario } from '../model/config.ts';
import type { Side } from '../model/measure.ts';
import type { Note } from '../model/notes.ts';
import type { ProfileSummary } from '../model/report.ts';
import { compareProfiles, hotterRows, profileView } from '../profile/compare.ts';
import { PUBLISH_RESERVE_MS } from './measurement-plan.ts';
import type { GateContext } from './ports.ts';

export async function profileBoth(
  context: GateContext,
  dirs: Record<Side, string>,
  scenarios: readonly Scenario[],
  deadline: number,
  notes: Note[],
): Promise<ProfileSummary | undefined> {
  const { config, log } = context;
  if (scenarios.length === 0) return undefined;
  const needMs = 2 * (config.profileSec * 1000 + 20_000);
  if (Date.now() + needMs > deadline - PUBLISH_RESERVE_MS) {
    notes.push({ kind: 'no-room-for-profiles' });
    return undefined;
  }
  const started = Date.now();
  try {
    return await log.group({ kind: 'profiling' }, async () => {
      const result = await compareProfiles({
        dirs,
        start: config.start,
        port: config.port,
        env: config.env,
        requests: scenarios.map((scenario) => ({
          method: scenario.method,
          path: scenario.path,
          headers: scenario.headers,
          body: scenario.body,
          connections: scenario.connections,
        })),
        readyPath: config.ready.path,
        readyStatus: config.ready.status,
        durationSec: config.profileSec,
        connections: config.connections,
        readyTimeoutMs: config.readyTimeoutMs,
        outDir: join(config.outputDir, 'profiles'),
        onOutput: (chunk) => log.output(chunk.trimEnd()),
      });
      // The functions the section names as hotter (beyond noise), per request where the requests are known.
      const view = profileView(result.diff, [result.runs.base.root, result.runs.head.root]);
      const hotter = hotterRows(view)
        .filter((row) => !row.pseudo && row.file !== '')
        .slice(0, 5)
        .map((row) => ({
          fn: row.fn,
          file: relative(context.root, resolve(dirs.head, row.file)),
          line: row.line,
          baseSelf: row.baseSelf,
          headSelf: row.headSelf,
          ...(Number.isFinite(row.deltaUs)
            ? { baseUsPerRequest: row.baseUs, headUsPerRequest: row.headUs }
            : {}),
        }));
      const seconds = (Date.now() - started) / 1000;
      log.info({ kind: 'profiling-took', seconds });
      return {
        markdown: result.markdown,
        files: result.files,
        dir: join(config.outputDir, 'profiles'),
        hotter,
        seconds,
      };
    });
  } catch (error) {
    if (!(error instanceof GateError)) throw error;
    notes.push({ kind: 'no-flame-graphs', message: error.message });
    log.warning({ kind: 'profiling-failed', message: error.message });
    return undefined;
  }
}
