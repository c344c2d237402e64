/**
 * Event loop and resources of each side, measured inside the server process. The pipeline needs
 * DiagnosticsRecorder (recorder.ts) and renderDiagnosticsSection (report/diagnostics.ts); the rest is for tests
 * and for callers that manage servers themselves.
 */

export type { DiagnosticsSummary, SideDiagnostics } from '../model/diagnostics.ts';
export {
  type DiagnosticsSectionOptions,
  describeDiagnostics,
  renderDiagnosticsSection,
} from '../report/diagnostics.ts';
export {
  controlFile,
  type DiagnosticsEnv,
  diagnosticsEnv,
  PRELOAD_FILE,
  parseSnapshots,
  quoteNodeOption,
  readSnapshots,
  type SnapshotOptions,
  snapshot,
  writePreload,
} from './install.ts';
export { DIAGNOSTICS_ENV, type DiagnosticsSnapshot, PRELOAD_SOURCE } from './preload.ts';
export { DiagnosticsRecorder, ServerDiagnostics, servingPort } from './recorder.ts';
export {
  type SummaryOptions,
  summarizeDiagnostics,
  summarizeSide,
} from './summary.ts';
