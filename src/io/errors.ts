import { GateError } from '../model/errors.ts';

/** A config error names the input and says what to write instead. */
export function configError(input: string, problem: string, fix: string): GateError {
  return new GateError('config', `input \`${input}\`: ${problem}. ${fix}`);
}
