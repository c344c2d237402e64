import { GateError } from '../model/errors.ts';

/**
 * A config error: it names the input (and the setting of it, as the `measure` block's) and says what to write
 * instead. Its parts stay apart too, for a message that names the place otherwise (the config file's line).
 */
export class ConfigError extends GateError {
  readonly input: string;
  readonly setting: string | undefined;
  /** What is wrong, and the sentence that says what to write instead. */
  readonly problem: string;
  readonly fix: string;

  constructor(input: string, problem: string, fix: string, setting?: string) {
    const where = setting === undefined ? `\`${input}\`` : `\`${input}\`, \`${setting}\``;
    super('config', `input ${where}: ${problem}. ${fix}`);
    this.input = input;
    this.setting = setting;
    this.problem = problem;
    this.fix = fix;
  }
}

/** A config error names the input and says what to write instead. */
export function configError(input: string, problem: string, fix: string): ConfigError {
  return new ConfigError(input, problem, fix);
}
