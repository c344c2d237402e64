/**
 * The fake's server: every request recorded, held to GitHub's description (request.ts), then answered by the
 * stateful routes perf-gate uses or `200 {}`, unless a fault is injected; the stateful answers are held to the
 * description too.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ACTIONS_ROUTES } from './actions.ts';
import { CHECK_ROUTES } from './checks.ts';
import { COMMENT_ROUTES } from './comments.ts';
import { faultReply, findFault } from './faults.ts';
import { graphql, IDENTITY_ROUTES } from './identity.ts';
import { ISSUE_ROUTES } from './issues.ts';
import { PULL_ROUTES } from './pulls.ts';
import { error, Reply, type RouteHandler } from './reply.ts';
import { COLLABORATOR_ROUTES } from './repository.ts';
import { checkAuth, checkBody, checkParams, readBody, routeOf } from './request.ts';
import { validate } from './schema.ts';
import { deref, getSpec, type Operation, type Schema } from './spec.ts';
import { FakeState } from './state.ts';
import type { FakeGitHub, FakeGitHubOptions, Fault, RecordedRequest } from './types.ts';

const ROUTES: Record<string, RouteHandler> = {
  ...COMMENT_ROUTES,
  ...ISSUE_ROUTES,
  ...PULL_ROUTES,
  ...CHECK_ROUTES,
  ...IDENTITY_ROUTES,
  ...COLLABORATOR_ROUTES,
  ...ACTIONS_ROUTES,
};

/** The endpoints the fake answers with state of its own; their answers are checked against the description. */
const STATEFUL = new Set([
  'issues/list-comments',
  'issues/create-comment',
  'issues/get-comment',
  'issues/update-comment',
  'users/get-authenticated',
  'pulls/get',
  'pulls/list-files',
  'issues/list-events',
  'repos/get-collaborator-permission-level',
  'checks/create',
  'checks/update',
  'checks/list-for-ref',
  'actions/list-workflow-runs',
  'actions/re-run-workflow',
]);

/** Stateful behaviour for the endpoints perf-gate uses; `{}` for every other valid endpoint. */
function dispatch(
  state: FakeState,
  op: Operation,
  params: Map<string, string>,
  url: URL,
  body: unknown,
): Reply {
  const route = ROUTES[op.operationId];
  if (!route) return new Reply(200, {});
  const record = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  return route({ state, op, params, url, body: record, int: (name) => Number(params.get(name)) });
}

/**
 * The fake's own answers, held to GitHub's description of them: an answer of a stateful endpoint (not the `{}` of
 * the others) that lacks a field GitHub documents, or has one of the wrong type, is a violation, so that code
 * tested against the fake reads only what GitHub really sends.
 */
function checkAnswer(op: Operation, reply: Reply, report: (problem: string) => void): void {
  if (reply.status >= 300 || reply.body === undefined || !STATEFUL.has(op.operationId)) return;
  const { spec } = getSpec();
  const described = (
    op as { responses?: Record<string, { $ref?: string; content?: Record<string, { schema?: Schema }> }> }
  ).responses?.[String(reply.status)];
  const schema = described && deref(spec, described).content?.['application/json']?.schema;
  if (!schema) return;
  const errors: string[] = [];
  validate(spec, schema, reply.body, '', errors);
  if (errors.length > 0)
    report(`the fake's answer is not what GitHub describes: ${errors.slice(0, 40).join('; ')}`);
}

/** A request's answer: auth, routing, parameters, body, faults, repository, handlers, in that order. */
async function handle(
  state: FakeState,
  req: IncomingMessage,
  recorded: RecordedRequest,
  reqUrl: URL,
): Promise<Reply> {
  const { method } = recorded;
  const raw = (await readBody(req)).toString('utf8');
  recorded.body = raw.length > 0 ? raw : undefined;
  const where = `${method} ${reqUrl.pathname}${reqUrl.search}`;
  const violation = (reply: Reply, problem: string) => {
    state.violations.push(`${where}${recorded.operationId ? ` (${recorded.operationId})` : ''}: ${problem}`);
    return reply;
  };
  const refused = (r: { reply: Reply; problem: string }) => violation(r.reply, r.problem);

  const auth = checkAuth(req, state.options.token);
  if (auth) return refused(auth);
  // GraphQL is not in the REST description: the fake answers the one query perf-gate sends (who am I).
  if (reqUrl.pathname === '/graphql') return graphql(state, method, raw, violation);
  const routed = routeOf(method, reqUrl.pathname);
  if ('reply' in routed) return refused(routed);
  const { route, op, values } = routed;
  recorded.operationId = op.operationId;
  const params = checkParams(op, values, reqUrl);
  if (!(params instanceof Map)) return refused(params);
  const { body, json, refusal } = checkBody(op, raw);
  if (json) recorded.body = body;
  if (refusal) return refused(refusal);

  // Valid request: injected faults come first, then the repository check and normal handling.
  const fault = findFault(state, method, reqUrl.pathname);
  if (fault && !fault.afterHandling) return faultReply(fault, op);
  if (route.template.startsWith('/repos/{owner}/{repo}')) {
    const o = decodeURIComponent(params.get('owner') ?? '');
    const r = decodeURIComponent(params.get('repo') ?? '');
    if (o.toLowerCase() !== state.owner.toLowerCase() || r.toLowerCase() !== state.repo.toLowerCase())
      return violation(
        error(404, 'Not Found', op),
        `repository ${o}/${r} is not ${state.owner}/${state.repo}`,
      );
  }
  const reply = dispatch(state, op, params, reqUrl, body);
  checkAnswer(op, reply, (problem) => violation(reply, problem));
  return fault ? faultReply(fault, op) : reply;
}

function send(state: FakeState, res: ServerResponse, recorded: RecordedRequest, reply: Reply): void {
  recorded.status = reply.status;
  const count = ++state.requestCount;
  const headers: Record<string, string> = {
    'x-github-request-id': `FAKE:${count.toString(16).toUpperCase()}`,
    'x-github-api-version-selected': '2022-11-28',
    'x-ratelimit-limit': '5000',
    'x-ratelimit-remaining': String(Math.max(0, 5000 - count)),
    'x-ratelimit-used': String(count),
    'x-ratelimit-reset': String(Math.floor(Date.now() / 1000) + 3600),
    'x-ratelimit-resource': 'core',
  };
  let payload = '';
  if (reply.status !== 204 && reply.body !== undefined) {
    const isText = typeof reply.body === 'string';
    payload = isText ? (reply.body as string) : JSON.stringify(reply.body);
    headers['content-type'] = isText ? 'text/html; charset=utf-8' : 'application/json; charset=utf-8';
  }
  Object.assign(headers, reply.headers);
  headers['content-length'] = String(Buffer.byteLength(payload));
  res.writeHead(reply.status, headers);
  res.end(recorded.method === 'HEAD' ? undefined : payload);
}

export async function startFakeGitHub(options: FakeGitHubOptions = {}): Promise<FakeGitHub> {
  getSpec();
  const state = new FakeState(options);
  const server = createServer((req, res) => {
    const reqUrl = new URL(req.url ?? '/', 'http://127.0.0.1');
    const recorded: RecordedRequest = {
      method: (req.method ?? 'GET').toUpperCase(),
      path: reqUrl.pathname,
      query: reqUrl.searchParams,
      operationId: undefined,
      body: undefined,
      headers: { ...req.headers },
      status: 0,
    };
    state.requests.push(recorded);
    handle(state, req, recorded, reqUrl).then(
      (reply) => send(state, res, recorded, reply),
      (e: unknown) => {
        state.violations.push(`${recorded.method} ${reqUrl.pathname}: fake GitHub crashed: ${String(e)}`);
        send(state, res, recorded, error(500, 'Server Error'));
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: state.url,
    requests: state.requests,
    violations: state.violations,
    comments: state.comments,
    checkRuns: state.checkRuns,
    issues: state.issues,
    addIssue: state.addIssue,
    addComment: state.addComment,
    addLabel: state.addLabel,
    removeLabel: state.removeLabel,
    push: state.push,
    labels: state.labels,
    workflowRuns: state.workflowRuns,
    reruns: state.reruns,
    addFault(fault: Fault) {
      state.faults.push({ ...fault, remaining: fault.times ?? 1 });
    },
    close() {
      return new Promise<void>((resolve, reject) => {
        server.close((e) => (e ? reject(e) : resolve()));
        server.closeAllConnections();
      });
    },
  };
}
