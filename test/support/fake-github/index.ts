/**
 * A loopback fake of the GitHub REST API for tests.
 *
 * Every request is routed against GitHub's own OpenAPI description (`@octokit/openapi`, spec.ts), so a request that
 * is not a real endpoint, or that lacks a required field, is rejected and listed in `violations`. A few
 * endpoints (issue comments, issues, the pull request and its files, check runs: one file each) are stateful;
 * every other real endpoint answers `200 {}`. Tests can inject faults (5xx, rate limits, ...) with `addFault`.
 *
 * Violations answer with the status GitHub itself would use: 401 (auth), 404 (unknown path or method, bad
 * path parameter, another repository), 400 (unparseable JSON, or a body sent to an operation without one),
 * 422 (request body against the schema, undeclared or mistyped query parameter; GitHub would silently ignore
 * the latter, the fake refuses it). Order: auth, routing, parameters, body, faults, repository, handlers.
 */
export { fakesPerTest } from './per-test.ts';
export { startFakeGitHub } from './server.ts';
export { loadGitHubSpec } from './spec.ts';
export * from './types.ts';
