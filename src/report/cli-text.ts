/** What `perf-gate` says on a terminal: its help, and how `compare` measured the work tree. Pure. */

/** `perf-gate --help`: every command, and the flags `compare` takes (the action's inputs it uses). */
export function helpText(flags: readonly string[]): string {
  return `Usage:
  perf-gate compare --start "<command>" [--base main] [--paths /a --paths /b] [--<input> <value>]...
  perf-gate compare --config perf-gate.yml [--shard 1/2] [--base main] [--<input> <value>]...
  perf-gate demo

${compareText(flags)}
${DEMO_TEXT}`;
}

/** `perf-gate compare --help`: compare alone, with the flags it takes. */
export function compareHelp(flags: readonly string[]): string {
  return `Usage:
  perf-gate compare --start "<command>" [--base main] [--paths /a --paths /b] [--<input> <value>]...
  perf-gate compare --config perf-gate.yml [--shard 1/2] [--base main] [--<input> <value>]...

${compareText(flags)}`;
}

const DEMO_TEXT = `demo makes a throwaway git repository whose head makes a small server clearly slower, runs compare on it and
prints the report. It takes no flags; exit status 0 when the gate catches the regression.
`;

/** `perf-gate demo --help`. */
export function demoHelp(): string {
  return `Usage:
  perf-gate demo

${DEMO_TEXT}`;
}

/** A flag `demo` does not take. */
export function demoFlag(arg: string): string {
  return `\`perf-gate demo\` takes no flags, not \`${arg}\`. Run \`perf-gate demo --help\`.`;
}

function compareText(flags: readonly string[]): string {
  return `compare measures the work tree (head: HEAD with your uncommitted changes and untracked files, as \`git add -A\`
would record them) against --base (default: main), each in a git worktree of its own, so your checkout, its
node_modules and its build are never touched. It takes the action's inputs as flags:
  ${flags.map((name) => `--${name}`).join(' ')}
--paths may be given once per path; each setting of the \`measure\` block is a flag of its own too (--rounds 20).
--config names a perf-gate.yml relative to --working-directory (default: the repository root), read from the work
tree. Exit status: 0 no regression, 1 regression, 2 error.
`;
}

/** The flag of an input that only the action uses. */
export function actionOnlyFlag(flag: string): string {
  return `flag \`--${flag}\` is an input of the action that \`perf-gate compare\` does not use (it posts nothing to GitHub). Run \`perf-gate --help\` for the flags it takes.`;
}

/** Where head was measured, and from what. */
export function workTreeLog(
  head: { sha: string; label: string },
  changed: readonly string[],
  dir: string,
): string {
  const what =
    changed.length === 0
      ? `HEAD (${head.sha.slice(0, 7)}, no uncommitted changes)`
      : `HEAD with your uncommitted changes to ${changed.length} file${changed.length === 1 ? '' : 's'} (${changed.slice(0, 3).join(', ')}${changed.length > 3 ? ', …' : ''})`;
  return `head is ${what}, checked out in a worktree of its own at ${dir}: your checkout is not touched`;
}

/** The head tree kept (`--keep-trees`). */
export function headTreeKeptLog(dir: string): string {
  return `the head tree is kept at ${dir} (--keep-trees); remove it with \`git worktree remove --force ${dir}\``;
}
