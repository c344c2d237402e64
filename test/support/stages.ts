/**
 * The stage folders of src/ in the order data flows: a folder imports (relatively) only from its own folder and from
 * folders earlier in this list (test/unit/project/shape.test.ts holds it; docs/development.md's table lists them so).
 */
// biome-ignore format: on one line the stages read in their order
export const STAGES = ['model', 'stats', 'report', 'io', 'config', 'load', 'diagnostics', 'profile', 'decide', 'gate', 'publish', 'history', 'entry'] as const;
