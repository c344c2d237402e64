/**
 * The config file's `scenarios`: each request checked (method, path, name, headers, body or body file, expected
 * status, connections, threshold), names unique across the list.
 */
import type { Scenario } from '../model/config.ts';
import { errorMessage } from '../model/errors.ts';
import { isOutsideRepository } from './repo-files.ts';
import { child, describe, type Entry, type Fail, fields, plain, type Value } from './yaml-tree.ts';
import { integer, percent, requestPath, STATUS_BOUNDS, string, text } from './yaml-values.ts';

export const HTTP_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'] as const;

/** Methods whose requests carry no body. */
const BODYLESS = new Set<string>(['GET', 'HEAD']);

const SCENARIO_KEYS = [
  'name',
  'method',
  'path',
  'headers',
  'body',
  'bodyFile',
  'expect',
  'connections',
  'threshold',
] as const;

const NAME_MAX = 80;
/** An RFC 9110 token. */
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
/** Headers that frame the request on the wire: perf-gate writes them, or keeps what they would change fixed. */
const FRAMING = new Set(['content-length', 'transfer-encoding', 'connection', 'host']);
/** Absolute on POSIX or Windows. */
const ABSOLUTE = /^(?:[/\\]|[A-Za-z]:)/;
const CONNECTIONS_BOUNDS = { min: 1, max: 10_000 };

/** Where `bodyFile`s are read from. */
export interface BodyFiles {
  /** The config file as the user should see it in messages, e.g. `perf-gate.yml` or `services/api/perf-gate.yml`. */
  fileName: string;
  /** Reads a `bodyFile`, relative to the config file's directory (utf-8). Throws when it cannot. */
  readFile: (relativePath: string) => string;
}

/** The `scenarios` list: at least one, each with a name no other scenario has. */
export function scenarioList(value: Value, files: BodyFiles, fail: Fail): Scenario[] {
  if (value.kind !== 'seq' || value.items.length === 0) {
    fail(
      value.line,
      'scenarios',
      value.kind === 'seq' ? 'the list is empty' : `is ${describe(value)}, not a list`,
      'list the requests to load, one `- path: /…` item each',
    );
  }
  const scenarios: Scenario[] = [];
  const names = new Map<string, { index: number; line: number }>();
  value.items.forEach((item, index) => {
    const path = `scenarios[${index}]`;
    const scenario = parseScenario(item, path, files, fail);
    const nameEntry = item.kind === 'map' ? item.entries.find((entry) => entry.key === 'name') : undefined;
    const line = nameEntry?.value.line ?? item.line;
    const earlier = names.get(scenario.name);
    if (earlier) {
      fail(
        line,
        nameEntry ? `${path}.name` : path,
        `the name \`${scenario.name}\` is taken by scenarios[${earlier.index}] (line ${earlier.line})`,
        nameEntry
          ? 'give each scenario a different `name`'
          : 'add a `name` to tell them apart (a scenario without one is named `METHOD path`)',
      );
    }
    names.set(scenario.name, { index, line });
    scenarios.push(scenario);
  });
  return scenarios;
}

function parseScenario(value: Value, path: string, files: BodyFiles, fail: Fail): Scenario {
  const found = fields(value, path, SCENARIO_KEYS, 'a scenario', fail);
  const pathEntry = found.get('path');
  if (!pathEntry) fail(value.line, `${path}.path`, 'missing', 'write the request path, e.g. `path: /orders`');
  const requestPathText = requestPath(pathEntry.value, `${path}.path`, fail);
  const methodEntry = found.get('method');
  const method = methodEntry ? methodOf(methodEntry.value, `${path}.method`, fail) : 'GET';
  const nameEntry = found.get('name');
  const name = nameEntry ? nameOf(nameEntry.value, `${path}.name`, fail) : `${method} ${requestPathText}`;
  const headersEntry = found.get('headers');
  const headers = headersEntry ? headersOf(headersEntry.value, `${path}.headers`, name, fail) : {};
  const request = { method, methodWritten: methodEntry !== undefined, headers };
  const body = bodyOf(found.get('body'), found.get('bodyFile'), path, request, files, fail);
  const expectEntry = found.get('expect');
  const connectionsEntry = found.get('connections');
  const thresholdEntry = found.get('threshold');
  return {
    name,
    method,
    path: requestPathText,
    headers,
    body,
    expectStatus: expectEntry ? integer(expectEntry.value, `${path}.expect`, STATUS_BOUNDS, fail) : undefined,
    connections: connectionsEntry
      ? integer(connectionsEntry.value, `${path}.connections`, CONNECTIONS_BOUNDS, fail)
      : undefined,
    threshold: thresholdEntry ? percent(thresholdEntry.value, `${path}.threshold`, fail) : undefined,
  };
}

/** One of HTTP_METHODS, in any case; upper case. */
function methodOf(value: Value, path: string, fail: Fail): string {
  const fix = `use one of ${HTTP_METHODS.join(', ')}`;
  const written = string(value, path, fix, fail);
  const method = written.toUpperCase();
  if (!(HTTP_METHODS as readonly string[]).includes(method)) {
    fail(value.line, path, `\`${written}\` is not an HTTP method`, fix);
  }
  return method;
}

function nameOf(value: Value, path: string, fail: Fail): string {
  const fix = `write a one-line name of at most ${NAME_MAX} characters`;
  const name = string(value, path, fix, fail);
  if (name.trim() === '' || /[\r\n]/.test(name) || [...name].length > NAME_MAX) {
    fail(value.line, path, name.trim() === '' ? 'is blank' : 'is too long or has line breaks', fix);
  }
  return name;
}

/** `name: value` headers: names are tokens that differ in more than case, none that frames the request, values are one line. */
function headersOf(map: Value, path: string, scenario: string, fail: Fail): Record<string, string> {
  if (map.kind !== 'map') {
    fail(
      map.line,
      path,
      `is ${describe(map)}, not a mapping`,
      'write headers as `name: value`, e.g. `headers: { accept: application/json }`',
    );
  }
  const headers: Record<string, string> = {};
  const seen = new Map<string, string>();
  for (const entry of map.entries) {
    const field = child(path, entry.key);
    if (!HEADER_NAME.test(entry.key)) {
      fail(
        entry.keyLine,
        field,
        `\`${entry.key}\` is not a header name`,
        'use letters, digits and `-`, e.g. `x-request-id`',
      );
    }
    const lower = entry.key.toLowerCase();
    if (FRAMING.has(lower))
      fail(
        entry.keyLine,
        field,
        `scenario \`${scenario}\`: \`${entry.key}\` frames the request, which perf-gate does itself`,
        'remove it: perf-gate writes `Host` and `Content-Length` from the URL and the body and keeps connections open, so `content-length`, `transfer-encoding`, `connection` and `host` cannot be set',
      );
    const twin = seen.get(lower);
    if (twin !== undefined)
      fail(entry.keyLine, field, `repeats the header \`${twin}\``, 'header names ignore case: keep one');
    seen.set(lower, entry.key);
    const header = text(entry.value, field, 'write the header value, e.g. `application/json`', fail);
    if (/[\r\n]/.test(header))
      fail(entry.value.line, field, 'has a line break', 'write the header value on one line');
    headers[entry.key] = header;
  }
  return headers;
}

/**
 * The request body, from `body` or `bodyFile` (one at most, and none for GET or HEAD). A mapping or list is sent
 * as JSON and sets `content-type: application/json` in `request.headers` unless a content type is there.
 */
function bodyOf(
  bodyEntry: Entry | undefined,
  bodyFileEntry: Entry | undefined,
  path: string,
  request: { method: string; methodWritten: boolean; headers: Record<string, string> },
  files: BodyFiles,
  fail: Fail,
): string | undefined {
  if (bodyEntry && bodyFileEntry) {
    const later = bodyEntry.keyLine > bodyFileEntry.keyLine ? bodyEntry : bodyFileEntry;
    fail(
      later.keyLine,
      path,
      '`body` and `bodyFile` are both set',
      'keep one: the body inline or from a file',
    );
  }
  const carrier = bodyEntry ?? bodyFileEntry;
  if (carrier && BODYLESS.has(request.method)) {
    fail(
      carrier.keyLine,
      `${path}.${carrier.key}`,
      `a ${request.method} request has no body${request.methodWritten ? '' : ' (`method` defaults to GET)'}`,
      'set `method: POST` (or PUT, PATCH, DELETE) or remove the body',
    );
  }
  if (bodyEntry) return inlineBody(bodyEntry.value, `${path}.body`, request.headers, fail);
  if (bodyFileEntry) return fileBody(bodyFileEntry.value, `${path}.bodyFile`, files, fail);
  return undefined;
}

function inlineBody(value: Value, path: string, headers: Record<string, string>, fail: Fail): string {
  if (value.kind === 'scalar' && typeof value.value === 'string') return value.value;
  if (value.kind === 'map' || value.kind === 'seq') {
    if (!Object.keys(headers).some((key) => key.toLowerCase() === 'content-type')) {
      headers['content-type'] = 'application/json';
    }
    return JSON.stringify(plain(value));
  }
  return fail(
    value.line,
    path,
    `is ${describe(value)}, not a mapping, list or string`,
    'write a mapping or list (sent as JSON) or a string (sent as is; quote it)',
  );
}

function fileBody(value: Value, path: string, files: BodyFiles, fail: Fail): string {
  const fix = `write a path relative to the directory of ${files.fileName}, e.g. \`fixtures/order.json\``;
  const relative = string(value, path, fix, fail);
  if (relative.trim() === '' || ABSOLUTE.test(relative)) {
    fail(value.line, path, `\`${relative}\` is not a relative path`, fix);
  }
  try {
    return files.readFile(relative);
  } catch (error) {
    if (isOutsideRepository(error)) {
      return fail(
        value.line,
        path,
        `\`${relative}\` leads out of the repository`,
        `keep body files inside the repository (no \`..\` past its root, no symbolic link out of it), e.g. \`fixtures/order.json\` beside ${files.fileName}`,
      );
    }
    const reason = errorMessage(error);
    return fail(value.line, path, `cannot read \`${relative}\` (${reason})`, fix);
  }
}
