/**
 * An answer of the fake, GitHub's shapes of an error, a refused permission and a page of a list, and what a
 * route's handler is given.
 */
import type { Operation } from './spec.ts';
import type { FakeState } from './state.ts';

export class Reply {
  status: number;
  body: unknown;
  headers: Record<string, string>;
  constructor(status: number, body: unknown, headers: Record<string, string> = {}) {
    this.status = status;
    this.body = body;
    this.headers = headers;
  }
}

/** A stateful route's request, routed and checked against the description. */
export interface RouteCall {
  state: FakeState;
  op: Operation;
  /** Path parameters, still percent-encoded. */
  params: Map<string, string>;
  url: URL;
  /** The JSON body as an object ({} when there is none). */
  body: Record<string, unknown>;
  /** A path parameter as a number. */
  int(name: string): number;
}

export type RouteHandler = (call: RouteCall) => Reply;

export function error(
  status: number,
  message: string,
  op?: Operation,
  extra: Record<string, unknown> = {},
): Reply {
  return new Reply(status, {
    message,
    ...extra,
    documentation_url: op?.externalDocs?.url ?? 'https://docs.github.com/rest',
    status: String(status),
  });
}

/** GitHub's 403 for a token without the permission, naming the permissions it would accept. */
export function forbidden(op: Operation, permissions: string): Reply {
  const reply = error(403, 'Resource not accessible by integration', op);
  reply.headers['x-accepted-github-permissions'] = permissions;
  return reply;
}

/** Slices `items` by `per_page`/`page` and builds GitHub's `Link` header against the server's `base` URL. */
export function paginate<T>(
  items: T[],
  reqUrl: URL,
  base: string,
): { page: T[]; headers: Record<string, string> } {
  const perPageRaw = Number(reqUrl.searchParams.get('per_page') ?? 30);
  const perPage = Math.min(100, Math.max(1, Number.isFinite(perPageRaw) ? perPageRaw : 30));
  const pageRaw = Number(reqUrl.searchParams.get('page') ?? 1);
  const page = Math.max(1, Number.isFinite(pageRaw) ? pageRaw : 1);
  const last = Math.max(1, Math.ceil(items.length / perPage));
  const slice = items.slice((page - 1) * perPage, page * perPage);
  const link = (p: number, rel: string) => {
    const u = new URL(reqUrl.pathname + reqUrl.search, base);
    u.searchParams.set('per_page', String(perPage));
    u.searchParams.set('page', String(p));
    return `<${u.toString()}>; rel="${rel}"`;
  };
  const parts: string[] = [];
  if (page > 1) parts.push(link(Math.min(page - 1, last), 'prev'));
  if (page < last) parts.push(link(page + 1, 'next'), link(last, 'last'));
  if (page > 1) parts.push(link(1, 'first'));
  return { page: slice, headers: parts.length > 0 ? { link: parts.join(', ') } : {} };
}
