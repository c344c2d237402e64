/**
 * A request held to GitHub's description, in GitHub's order: auth, routing, path and query parameters, body. Each
 * step answers a refusal (the status GitHub would use, and the violation it is) or what the next step needs.
 */
import type { IncomingMessage } from 'node:http';
import { error, type Reply } from './reply.ts';
import { checkScalar, validate } from './schema.ts';
import {
  deref,
  getSpec,
  HTTP_METHODS,
  matchRoutes,
  type Operation,
  type Parameter,
  type Route,
  type Spec,
} from './spec.ts';

/** A request refused: the answer, and the violation it is. */
export interface Refusal {
  reply: Reply;
  problem: string;
}

const refuse = (reply: Reply, problem: string): Refusal => ({ reply, problem });

export function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

/** `Authorization: token <token>` or `Bearer <token>`, when the fake has a token. */
export function checkAuth(req: IncomingMessage, token: string | undefined): Refusal | undefined {
  if (token === undefined) return undefined;
  const auth = req.headers.authorization;
  const m = auth ? /^(?:token|bearer)\s+(\S+)$/i.exec(auth) : null;
  if (!m) return refuse(error(401, 'Requires authentication'), 'missing or malformed Authorization header');
  if (m[1] !== token) return refuse(error(401, 'Bad credentials'), 'wrong token');
  return undefined;
}

/** The operation `method` on `path` is, with its route and the path's raw parameter values. */
export function routeOf(
  method: string,
  path: string,
): Refusal | { route: Route; op: Operation; values: Map<string, string> } {
  const candidates = matchRoutes(path);
  if (candidates.length === 0)
    return refuse(error(404, 'Not Found'), 'no such path in GitHub’s REST API description');
  const specMethod = (method === 'HEAD' ? 'GET' : method).toLowerCase();
  const matched = candidates.find((c) => c.route.item[specMethod] !== undefined);
  if (!matched) {
    const described = candidates.map(({ route }) => {
      const allowed = Object.keys(route.item).filter((k) => HTTP_METHODS.has(k));
      return `${route.template} has no ${method} operation (it has ${allowed.join(', ').toUpperCase()})`;
    });
    return refuse(error(404, 'Not Found'), described.join('; '));
  }
  return { route: matched.route, op: matched.route.item[specMethod]!, values: matched.values };
}

/** The path parameters (still percent-encoded) once they and the query's are as the operation declares them. */
export function checkParams(
  op: Operation,
  values: Map<string, string>,
  reqUrl: URL,
): Refusal | Map<string, string> {
  const { spec } = getSpec();
  const params = new Map<string, string>();
  const declaredQuery = new Map<string, Parameter>();
  for (const p of op.parameters ?? []) {
    const param = deref(spec, p);
    if (param.in === 'query') declaredQuery.set(param.name, param);
    if (param.in !== 'path') continue;
    const value = values.get(param.name) ?? '';
    let decoded: string;
    try {
      decoded = decodeURIComponent(value);
    } catch {
      return refuse(
        error(404, 'Not Found', op),
        `path parameter ${param.name} is not valid percent-encoding`,
      );
    }
    if (value.includes('/') && !param['x-multi-segment'])
      return refuse(error(404, 'Not Found', op), `path parameter ${param.name} spans several segments`);
    const problem = checkScalar(spec, param.schema, decoded);
    if (problem) return refuse(error(404, 'Not Found', op), `path parameter ${param.name}: ${problem}`);
    params.set(param.name, value);
  }
  return checkQuery(spec, op, declaredQuery, reqUrl) ?? params;
}

function checkQuery(
  spec: Spec,
  op: Operation,
  declared: Map<string, Parameter>,
  reqUrl: URL,
): Refusal | undefined {
  for (const [name, value] of reqUrl.searchParams) {
    const param = declared.get(name);
    if (!param) {
      const accepted = [...declared.keys()].join(', ') || 'none';
      return refuse(
        error(422, `Invalid request.\n\n"${name}" is not a permitted query parameter.`, op),
        `query parameter "${name}" is not declared by ${op.operationId} (accepted: ${accepted})`,
      );
    }
    const problem = checkScalar(spec, param.schema, value);
    if (problem)
      return refuse(
        error(422, `Invalid request.\n\nFor '${name}', ${problem}.`, op),
        `query parameter ${name}: ${problem}`,
      );
  }
  return undefined;
}

/**
 * The request's JSON body (`json`: it parsed; the recorded request keeps it) and, when the operation takes none, it
 * does not parse, or it does not fit the operation's schema, the refusal.
 */
export function checkBody(op: Operation, raw: string): { body: unknown; json: boolean; refusal?: Refusal } {
  const { spec } = getSpec();
  const requestBody = op.requestBody ? deref(spec, op.requestBody) : undefined;
  const jsonSchema = requestBody?.content?.['application/json']?.schema;
  let body: unknown;
  let json = false;
  if (raw.trim().length > 0) {
    if (!requestBody)
      return {
        body,
        json,
        refusal: refuse(error(400, 'Bad Request', op), `${op.operationId} takes no request body`),
      };
    if (jsonSchema) {
      try {
        body = JSON.parse(raw);
        json = true;
      } catch (e) {
        const problem = `request body is not valid JSON (${String(e)})`;
        return { body, json, refusal: refuse(error(400, 'Problems parsing JSON', op), problem) };
      }
    }
  }
  if (jsonSchema && (body !== undefined || requestBody?.required)) {
    const errors: string[] = [];
    validate(spec, jsonSchema, body ?? {}, '', errors);
    if (errors.length > 0) {
      const reply = error(422, `Invalid request.\n\n${errors.join('\n')}`, op);
      return { body, json, refusal: refuse(reply, `request body: ${errors.join('; ')}`) };
    }
  }
  return { body, json };
}
