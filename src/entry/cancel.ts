/**
 * A cancelled job (issue 23). The runner sends SIGINT, then SIGTERM 7.5 s later, then kills the process. On the
 * first signal: every process is stopped, report.json is written with what was measured and the outputs are set,
 * then, while there is time, the comment says the run was cancelled; on the second, perf-gate exits at once (the
 * report is written by then). What it needs is passed in, so that a test runs it with fakes.
 */

import { errorMessage } from '../model/errors.ts';
import type { Report } from '../model/report.ts';

export interface CancelPorts {
  /** Stops every process perf-gate started, at once. */
  stopProcesses(): void;
  /** The report of what was measured, ended by the signal; undefined when no gate had begun. */
  snapshot(signal: NodeJS.Signals): Report | undefined;
  writeReport(report: Report): Promise<void>;
  /** The step's outputs (the verdict, the report's path). */
  setOutputs(report: Report): void;
  /** Says in the comment that the run was cancelled (may be slow: it is given `commentMs`). */
  postCancelled(report: Report): Promise<void>;
  log(message: string): void;
  exit(code: number): void;
}

export interface CancelOptions {
  /** Longest wait for the comment: the SIGTERM comes 7.5 s after the SIGINT. */
  commentMs?: number;
}

/** The exit status of a process ended by `signal`. */
function exitCode(signal: NodeJS.Signals): number {
  return 128 + (signal === 'SIGINT' ? 2 : signal === 'SIGTERM' ? 15 : 1);
}

/** The signal handler: the first signal ends the run in order, the next one at once. */
export function cancellation(
  ports: CancelPorts,
  options: CancelOptions = {},
): (signal: NodeJS.Signals) => void {
  const commentMs = options.commentMs ?? 5000;
  let first: NodeJS.Signals | undefined;
  let written: Promise<unknown> = Promise.resolve();
  const failed = (what: string) => (error: unknown) =>
    ports.log(`could not ${what} (${errorMessage(error)})`);
  return (signal) => {
    if (first !== undefined) {
      ports.log(`${signal} again: exiting now`);
      void written.finally(() => ports.exit(exitCode(first!)));
      return;
    }
    first = signal;
    ports.log(`${signal}: the job was cancelled; stopping every process and writing report.json`);
    try {
      ports.stopProcesses();
    } catch (error) {
      failed('stop every process')(error);
    }
    let report: Report | undefined;
    try {
      report = ports.snapshot(signal);
    } catch (error) {
      failed('assemble the report')(error);
    }
    if (report === undefined) {
      ports.exit(exitCode(signal));
      return;
    }
    const done = report;
    written = ports.writeReport(done).then(() => ports.setOutputs(done), failed('write report.json'));
    const comment = written.then(() =>
      Promise.race([
        ports.postCancelled(done).catch(failed('update the comment')),
        new Promise<void>((resolve) => setTimeout(resolve, commentMs).unref()),
      ]),
    );
    void comment.finally(() => ports.exit(exitCode(signal)));
  };
}
