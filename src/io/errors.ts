import type { Side } from '../model/measure.ts';
import type { ErrorCode } from '../model/report.ts';
export class GateError extends Error {
  readonly code: ErrorCode;
  /** Which tree the failure belongs to; undefined when it is not tied to one. */
  readonly side: Side | undefined;
  /** The last lines a command printed, shown under the message. */
  readonly output: string | undefined;

  constructor(
    code: ErrorCode,
    message: string,
    options: { side?: Side; output?: string; cause?: unknown } = {},
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'GateError';
    this.code = code;
    this.side = options.side;
    this.output = options.output;
  }

  /**
   * A failure of the base tree is not the pull request's fault: the gate ends neutral (inconclusive) instead of
   * putting a red X on it. Everything else fails the step.
   */
  get neutral(): boolean {
    return this.side === 'base';
  }
}

/** A config error names the input and says what to write instead. */
export function configError(input: string, problem: string, fix: string): GateError {
  return new GateError('config', `input \`${input}\`: ${problem}. ${fix}`);
}
