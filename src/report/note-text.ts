/** Every note of a report (src/model/notes.ts) in words: one sentence or a few, as the comment and the log say it. Pure. */
import type { MergedJobs, Note } from '../model/notes.ts';
import { code } from './escape.ts';
import {
  busyMachineNote,
  disturbanceReason,
  futilityNote,
  generatorPacedNote,
  loadgenBusyNote,
  NO_ROOM_FOR_PROFILES,
  noFlameGraphsNote,
  portNotMovedNote,
  settledNote,
  startupNoteText,
  teardownNote,
  timeLimitNote,
} from './gate-text.ts';
import { planNote } from './plan-check-text.ts';
import { backgroundStoppedNote, leftoversStoppedNote } from './safety-text.ts';

/** The note in words. */
export function noteText(note: Note): string {
  switch (note.kind) {
    case 'time-limit':
      return timeLimitNote(note.pairs);
    case 'settled':
      return settledNote(note.scenario, note.verdict, note.pairs);
    case 'noise':
      return futilityNote(note.futility, note.pairSec, note.budgetSec);
    case 'busy-machine':
      return busyMachineNote(note.kept, note.pairs, disturbanceReason(note.worst), note.measuredAgain);
    case 'slow-startup':
      return startupNoteText(note.startupSec, note.pairSec, note.restartEvery);
    case 'port-not-moved':
      return portNotMovedNote(note.port);
    case 'plan':
      return planNote(note.check, note.restartEvery, note.scenarios, note.startSec) ?? '';
    case 'loadgen-busy':
      return loadgenBusyNote(note.loadgenCpu);
    case 'generator-paced':
      return generatorPacedNote(note.scenarios, note.all);
    case 'teardown-failed':
      return teardownNote(note.message);
    case 'config-changed':
      return `this pull request changes the config file ${code(note.file)}: each side started with its own commit's copy, and the thresholds are base's (or the workflow's), not the pull request's.`;
    case 'head-start-on-base':
      return "neither the workflow nor base's copy of the config file sets `start`, so base's servers ran the `start` of this pull request's config file, which the pull request wrote. Set the `start` input, or add `start` to the config file on the base branch first, so that base starts as base says.";
    case 'workflow-changed':
      return `this pull request changes ${code(note.file)}, the workflow file that runs this gate: under \`pull_request\` the pull request's copy ran, so its inputs (\`threshold\`, \`start\`, \`fail-on-regression\` …) are the pull request's too. Review it; protecting \`.github/workflows\` (CODEOWNERS, a ruleset) makes base's policy hold (docs/security.md).`;
    case 'leftovers-stopped':
      return leftoversStoppedNote(note.step, note.side, note.commands);
    case 'background-stopped':
      return backgroundStoppedNote(note.commands);
    case 'no-room-for-profiles':
      return NO_ROOM_FOR_PROFILES;
    case 'no-flame-graphs':
      return noFlameGraphsNote(note.message);
    case 'duplicate-shard':
      return `${note.source} is the same ${job(note.jobs)} as ${note.twin} (a duplicate): it was counted once.`;
    case 'shard-counts-differ':
      return 'the shards disagree on how many shards there are.';
    case 'shard-settings-differ':
      return `the ${note.jobs ?? 'shards'} were measured with different \`duration\`, \`warmup\`, \`slice\` or \`connections\`; the first ${job(note.jobs)}’s are shown.`;
    case 'shard-environments-differ':
      return `the ${note.jobs ?? 'shards'} ran on different Node.js versions or CPU counts; the first ${job(note.jobs)}’s are shown.`;
    case 'diagnostics-per-shard':
      return `event-loop and memory figures are per ${job(note.jobs)}: they are in each ${job(note.jobs)}’s report.json.`;
    case 'replicas-missing':
      return `${note.found} of ${note.count} runners reported: a measuring job failed before uploading its report.json, or its artifact was not downloaded. The verdict covers the runners found.`;
    case 'of-shard':
      return `${job(note.jobs)} ${note.source}: ${noteText(note.note)}`;
  }
}

/** One of the jobs merged reports came from, in words (absent: shards, as reports before runners were). */
function job(jobs: MergedJobs | undefined): string {
  return jobs === 'runners' ? 'runner' : 'shard';
}
