/**
 * The gate's error: data (a code, the side it belongs to, a command's last lines) that every stage can throw and
 * the pure decision code can too, so it lives beside the model. Words about it are written in src/report/.
 */
import type { Side } from './measure.ts';
import type { ErrorCode } from './report.ts';

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

/** What a caught value says: an Error's message, or the value as text. */
export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
