/** Who the token is: REST's users/get-authenticated, and GraphQL's `viewer` (the one query perf-gate sends). */
import { faultReply, findFault } from './faults.ts';
import { error, Reply, type RouteHandler } from './reply.ts';
import { userJson } from './repository.ts';
import { type FakeState, userId } from './state.ts';

export const IDENTITY_ROUTES: Record<string, RouteHandler> = {
  'users/get-authenticated': ({ state, op }) => {
    // An installation token (the GITHUB_TOKEN, a GitHub App's) is not a user: GitHub refuses.
    if (state.actor.type === 'Bot') return error(403, 'Resource not accessible by integration', op);
    return new Reply(200, userJson(state, state.actor));
  },
};

/** POST /graphql: `viewer { login databaseId }` answers the token's identity; anything else is a violation. */
export function graphql(
  state: FakeState,
  method: string,
  raw: string,
  violation: (reply: Reply, problem: string) => Reply,
): Reply {
  if (method !== 'POST') return violation(error(404, 'Not Found'), 'GraphQL takes POST only');
  const fault = findFault(state, method, '/graphql');
  if (fault) return faultReply(fault);
  let query = '';
  try {
    query = String((JSON.parse(raw) as { query?: unknown }).query ?? '');
  } catch {
    return violation(error(400, 'Problems parsing JSON'), 'GraphQL body is not JSON');
  }
  if (!/\bviewer\s*\{/.test(query)) {
    return violation(
      new Reply(200, { errors: [{ message: 'not faked' }] }),
      `GraphQL query not faked: ${query}`,
    );
  }
  const { actor } = state;
  return new Reply(200, { data: { viewer: { login: actor.login, databaseId: userId(actor.login) } } });
}
