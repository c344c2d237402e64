/**
 * GitHub's OpenAPI description (`@octokit/openapi`), loaded and indexed once per process: the operations, their
 * parameters and bodies, and a router from a URL path to the most specific path templates.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

export interface Schema {
  $ref?: string;
  type?: string;
  nullable?: boolean;
  enum?: unknown[];
  required?: string[];
  properties?: Record<string, Schema>;
  additionalProperties?: boolean | Schema;
  items?: Schema;
  oneOf?: Schema[];
  anyOf?: Schema[];
  allOf?: Schema[];
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
}

export interface Parameter {
  $ref?: string;
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  schema?: Schema;
  'x-multi-segment'?: boolean;
}

export interface Operation {
  operationId: string;
  parameters?: Parameter[];
  requestBody?: { $ref?: string; required?: boolean; content?: Record<string, { schema?: Schema }> };
  externalDocs?: { url: string };
}

export type PathItem = Record<string, Operation | undefined>;

export interface Spec {
  paths: Record<string, PathItem>;
  components: Record<string, Record<string, unknown>>;
}

export interface Route {
  template: string;
  regex: RegExp;
  params: string[];
  /** Per template segment: 0 literal, 1 literal with a parameter inside, 2 parameter, 3 multi-segment parameter. */
  segments: { kind: number; param: string }[];
  item: PathItem;
}

interface LoadedSpec {
  spec: Spec;
  routes: Route[];
  loadMs: number;
}

export const HTTP_METHODS = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']);
let loaded: LoadedSpec | undefined;

/** Parses GitHub's OpenAPI description and builds the router (once per process). */
export function loadGitHubSpec(): { loadMs: number; routeCount: number } {
  const l = getSpec();
  return { loadMs: l.loadMs, routeCount: l.routes.length };
}

export function getSpec(): LoadedSpec {
  if (loaded) return loaded;
  const started = performance.now();
  const file = createRequire(import.meta.url).resolve('@octokit/openapi/generated/api.github.com.json');
  const spec = JSON.parse(readFileSync(file, 'utf8')) as Spec;
  const routes: Route[] = [];
  for (const [template, item] of Object.entries(spec.paths)) {
    const multi = new Set<string>();
    for (const [method, op] of Object.entries(item)) {
      if (!HTTP_METHODS.has(method) || !op) continue;
      for (const p of op.parameters ?? []) {
        const param = deref(spec, p);
        if (param.in === 'path' && param['x-multi-segment']) multi.add(param.name);
      }
    }
    const params: string[] = [];
    const segments: Route['segments'] = [];
    const source = template
      .split('/')
      .map((segment) => {
        const pure = /^\{[^}]+\}$/.test(segment);
        const out = segment.replace(/\{([^}]+)\}|[^{]+/g, (whole, name: string | undefined) => {
          if (name === undefined) return whole.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
          params.push(name);
          return multi.has(name) && pure ? '(.+?)' : '([^/]+?)';
        });
        const name = segment.slice(1, -1);
        segments.push({
          kind: !segment.includes('{') ? 0 : !pure ? 1 : multi.has(name) ? 3 : 2,
          param: name,
        });
        return out;
      })
      .join('/');
    routes.push({ template, regex: new RegExp(`^${source}$`), params, segments, item });
  }
  loaded = { spec, routes, loadMs: performance.now() - started };
  return loaded;
}

/** Follows `$ref`s (`#/components/...`) until a concrete object is reached. */
export function deref<T extends { $ref?: string }>(spec: Spec, value: T): T {
  let current: T = value;
  for (let hops = 0; current.$ref !== undefined; hops++) {
    if (hops > 50 || !current.$ref.startsWith('#/')) throw new Error(`cannot resolve $ref ${current.$ref}`);
    let target: unknown = spec;
    for (const raw of current.$ref.slice(2).split('/')) {
      const key = raw.replace(/~1/g, '/').replace(/~0/g, '~');
      target =
        typeof target === 'object' && target !== null ? (target as Record<string, unknown>)[key] : undefined;
    }
    if (typeof target !== 'object' || target === null) throw new Error(`dangling $ref ${current.$ref}`);
    current = target as T;
  }
  return current;
}

function compareRank(a: number[], b: number[]): number {
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    const d = (a[i] ?? 0) - (b[i] ?? 0);
    if (d !== 0) return d;
  }
  return b.length - a.length; // same prefix: more segments is more specific
}

/**
 * The most specific path templates matching `path` (literal segments beat parameters, at the first segment
 * where they differ). Several come back only when they have the same shape and differ in parameter names
 * (`/orgs/{org}/attestations/{subject_digest}` GET vs `.../{attestation_id}` DELETE).
 */
export function matchRoutes(path: string): { route: Route; values: Map<string, string> }[] {
  let best: { route: Route; values: Map<string, string> }[] = [];
  let bestRank: number[] = [];
  for (const route of getSpec().routes) {
    const m = route.regex.exec(path);
    if (!m) continue;
    const values = new Map<string, string>();
    route.params.forEach((name, i) => {
      values.set(name, m[i + 1] ?? '');
    });
    // Rank per URL segment: a multi-segment parameter that captured one segment counts as a plain one.
    const rank: number[] = [];
    for (const { kind, param } of route.segments) {
      const span = kind === 3 ? (values.get(param) ?? '').split('/').length : 1;
      for (let i = 0; i < span; i++) rank.push(kind === 3 && span === 1 ? 2 : kind);
    }
    const order = best.length > 0 ? compareRank(rank, bestRank) : -1;
    if (order > 0) continue;
    if (order < 0) {
      best = [];
      bestRank = rank;
    }
    best.push({ route, values });
  }
  return best;
}
