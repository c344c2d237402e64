/**
 * The whole profiling step for the pipeline, after measuring: install 0x, profile base then head under the same
 * load, diff the two, write the differential flame graphs beside 0x's own, and render the comment section.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Side } from '../model/measure.ts';
import type { DiffRow, ProfileDiff, ProfileView, ProfileViewRow } from '../model/profile.ts';
import { PROFILE_ARTIFACTS } from '../report/gate-text.ts';
import {
  noteworthyRows,
  type ProfileViewOptions,
  renderProfileView,
  topChangeSentence,
} from '../report/profile.ts';
import { changeZ, diffFlameGraphHtml, diffProfiles } from './diff.ts';
import { ensureZeroX, verifyZeroX } from './install.ts';
import { type ProfileRequest, type ProfileRun, profileServer } from './run.ts';
import { buildProfile, type Profile, readTicks, relativeFile } from './ticks.ts';

export interface CompareSpec {
  /** The tree (working-directory) of each side the server runs in. */
  dirs: Record<Side, string>;
  start: string;
  port: number | undefined;
  /** Added to each server's environment (with PERF_GATE_SIDE). */
  env?: Record<string, string>;
  requests: readonly ProfileRequest[];
  /** Readiness probe (GET); default: the first request's path, any status. */
  readyPath?: string;
  readyStatus?: number | undefined;
  durationSec: number;
  connections: number;
  readyTimeoutMs: number;
  /** Gets base/ and head/ (0x's flamegraph.html, ticks.json, meta.json) and the two diff-*.html pages. */
  outDir: string;
  /** Where 0x is installed; default defaultZeroXCacheDir(). */
  cacheDir?: string;
  /** Named in the comment as where the flame graphs are; default: this run's flame-graph artifact. */
  artifacts?: string;
  onOutput?: (chunk: string) => void;
}

export interface ProfileComparison {
  runs: Record<Side, ProfileRun>;
  profiles: Record<Side, Profile>;
  diff: ProfileDiff;
  /** Differential flame graphs: head's shape and base's shape, coloured by change. */
  diffHead: string;
  diffBase: string;
  /** The PR comment section. */
  markdown: string;
  /** Every file worth keeping (for an artifact). */
  files: string[];
}

export interface ProfileSectionOptions extends ProfileViewOptions {
  /** Tree roots still to strip from paths (rows from buildProfile with `roots` are relative already). */
  roots?: readonly string[];
}

/** What the comment's profile section shows of a diff: each row's place relative to the tree, and its z. */
export function profileView(diff: ProfileDiff, roots: readonly string[] = []): ProfileView {
  const at = (r: DiffRow): string => {
    if (r.file === '') return '';
    const file = relativeFile(r.file, roots);
    return r.line > 0 ? `${file}:${r.line}` : file;
  };
  const row = (r: DiffRow): ProfileViewRow => ({ ...r, at: at(r), z: changeZ(r, diff) });
  return { grown: diff.grown.map(row), shrunk: diff.shrunk.map(row), base: diff.base, head: diff.head };
}

/** The comment's section on a profile diff (report/profile.ts renderProfileView). */
export function renderProfileSection(diff: ProfileDiff, options: ProfileSectionOptions = {}): string {
  return renderProfileView(profileView(diff, options.roots), options);
}

/** The section's sentence on the largest change of a profile diff. */
export function describeTopChange(diff: ProfileDiff, options: ProfileSectionOptions = {}): string {
  return topChangeSentence(profileView(diff, options.roots), options);
}

/** Reads a ticks.json written by 0x into a profile, with paths relative to root. */
export function loadProfile(ticksJson: string, root: string): Profile {
  return buildProfile(readTicks(JSON.parse(readFileSync(ticksJson, 'utf8'))), { roots: [root] });
}

/** Profiles base, then head (one at a time, never while measuring), and compares them. Throws GateErrors. */
export async function compareProfiles(spec: CompareSpec): Promise<ProfileComparison> {
  const zeroxBin = await ensureZeroX(
    spec.cacheDir,
    spec.onOutput === undefined ? {} : { onOutput: spec.onOutput },
  );
  mkdirSync(spec.outDir, { recursive: true });
  const run = (side: Side): Promise<ProfileRun> => {
    // The cached 0x preloads its files into the server: checked before each side's run (install.ts).
    verifyZeroX(zeroxBin);
    return profileServer({
      side,
      cwd: spec.dirs[side],
      start: spec.start,
      port: spec.port,
      env: { ...spec.env, PERF_GATE_SIDE: side },
      requests: spec.requests,
      ...(spec.readyPath === undefined ? {} : { readyPath: spec.readyPath }),
      readyStatus: spec.readyStatus,
      durationSec: spec.durationSec,
      connections: spec.connections,
      outDir: join(spec.outDir, side),
      zeroxBin,
      readyTimeoutMs: spec.readyTimeoutMs,
      ...(spec.onOutput === undefined ? {} : { onOutput: spec.onOutput }),
    });
  };
  const base = await run('base');
  const head = await run('head');
  const profiles = {
    base: loadProfile(base.ticksJson, base.root),
    head: loadProfile(head.ticksJson, head.root),
  };
  const diff = diffProfiles(profiles.base, profiles.head, { base: base.requests, head: head.requests });
  const diffHead = join(spec.outDir, 'diff-head.html');
  const diffBase = join(spec.outDir, 'diff-base.html');
  writeFileSync(diffHead, diffFlameGraphHtml(profiles.base, profiles.head, 'head'));
  writeFileSync(diffBase, diffFlameGraphHtml(profiles.base, profiles.head, 'base'));
  const markdown = renderProfileSection(diff, {
    roots: [base.root, head.root],
    durationSec: spec.durationSec,
    artifacts: spec.artifacts ?? PROFILE_ARTIFACTS,
  });
  return {
    runs: { base, head },
    profiles,
    diff,
    diffHead,
    diffBase,
    markdown,
    files: [base.flamegraphHtml, base.ticksJson, head.flamegraphHtml, head.ticksJson, diffHead, diffBase],
  };
}

/** The functions the profile calls hotter: grown beyond noise and by enough to name, largest first. */
export function hotterRows(view: ProfileView): ProfileViewRow[] {
  return noteworthyRows(view, 'grown');
}
