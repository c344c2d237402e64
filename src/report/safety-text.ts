/**
 * The words of what perf-gate does to keep the pull request's code in its place (issue 23): processes a command
 * left running, a cancelled run, perf-gate's own files changed on disk, credentials in the checkout, the runner's
 * file commands written by the pull request's code. Pure.
 */

/** Processes, as the notes name them: a few command lines in code spans, and how many more. */
function processList(commands: readonly string[]): string {
  const shown = commands.slice(0, 3).map((c) => `\`${c.replaceAll('`', "'")}\``);
  const more = commands.length > 3 ? ` and ${commands.length - 3} more` : '';
  return `${shown.join(', ')}${more}`;
}

function count(n: number): string {
  return `${n} process${n === 1 ? '' : 'es'}`;
}

/** An install, build or teardown that left processes running when it exited: they were stopped then. */
export function leftoversStoppedNote(step: string, side: string, commands: readonly string[]): string {
  return `${step} of ${side} left ${count(commands.length)} running when it exited (${processList(commands)}): perf-gate stopped ${commands.length === 1 ? 'it' : 'them'}, so that nothing it started runs beside the servers it measures.`;
}

/** A setup that left processes running (a mock server, say): they ran until the end of the run. */
export function setupLeftLog(side: string, commands: readonly string[]): string {
  return `setup of ${side} left ${count(commands.length)} running (${processList(commands)}): kept until the end of the run`;
}

/** What setup commands left running, stopped at the end of the run. */
export function backgroundStoppedNote(commands: readonly string[]): string {
  return `\`setup\` left ${count(commands.length)} running (${processList(commands)}); ${commands.length === 1 ? 'it ran' : 'they ran'} beside the servers and perf-gate stopped ${commands.length === 1 ? 'it' : 'them'} at the end of the run.`;
}

/** The message of a run cancelled (the job was cancelled, or the runner is shutting down). */
export function cancelledMessage(signal: string, pairs: number): string {
  return `the run was cancelled (${signal}) after ${pairs} measured pair${pairs === 1 ? '' : 's'}: every process was stopped and report.json holds what was measured`;
}

/** actions/checkout left the token in the repository's git config, where the pull request's code can read it. */
export function persistedCredentialsWarning(where: string): string {
  return `the repository's git config holds a credential (${where}) that the pull request's install, build and server can read. Set \`persist-credentials: false\` on actions/checkout in this job.`;
}

/** The pull request's code wrote to the runner's file commands (GITHUB_ENV …); what it wrote was removed. */
export function fileCommandsRestoredWarning(names: readonly string[]): string {
  return `something the pull request ran wrote to ${names.map((n) => `\`${n}\``).join(', ')} of this step: removed, so that it sets no output, environment variable, path or summary of this job.`;
}
