/** The inputs of `mode: history`: the history's branch and which tags are releases. Pure. */
import { configError } from '../io/errors.ts';
import { errorMessage } from '../model/errors.ts';
import { historyBranchRefusedMessage } from '../report/error-text.ts';

/** `history-branch`: a branch name git accepts (git check-ref-format), without `refs/heads/`. */
export function parseHistoryBranch(text: string): string {
  const name = text.replace(/^refs\/heads\//, '');
  const bad =
    name === '' ||
    name.length > 200 ||
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what git refuses
    /[\x00-\x20\x7f~^:?*[\\]|\.\.|@\{|\/\/|^[-/.]|[/.]$|\.lock$|\/\./.test(name) ||
    name === '@';
  if (bad) {
    throw configError(
      'history-branch',
      `\`${text}\` is not a branch name git accepts`,
      'Use a plain branch name such as `perf-gate-history`.',
    );
  }
  return name;
}

/** `release-tags`: a regular expression the release tags match (JavaScript syntax, checked now). */
export function parseReleaseTags(text: string): string {
  try {
    new RegExp(text, 'u');
  } catch (error) {
    throw configError(
      'release-tags',
      `\`${text}\` is not a regular expression (${errorMessage(error)})`,
      'Write a JavaScript regular expression that the release tags match, e.g. `^v\\d+\\.\\d+\\.\\d+$`.',
    );
  }
  return text;
}

/**
 * Why `branch` may not hold the history, or undefined: it is the repository's default branch (from the event's
 * `repository.default_branch`) or the branch being measured, either of which a push would replace.
 */
export function historyBranchProblem(
  branch: string,
  context: { defaultBranch: string | undefined; ref: string },
): string | undefined {
  if (context.defaultBranch !== undefined && branch === context.defaultBranch)
    return historyBranchRefusedMessage(branch, 'the default branch');
  if (branch === context.ref) return historyBranchRefusedMessage(branch, 'the branch measured');
  return undefined;
}
