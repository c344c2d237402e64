/**
 * A loopback stand-in of the Actions results service, as @actions/artifact (v2+, artifacts v4) speaks to it: Twirp
 * JSON calls (`POST /twirp/github.actions.results.api.v1.ArtifactService/<Method>`, fields in proto names) with the
 * job's ACTIONS_RUNTIME_TOKEN as bearer, a JWT whose `scp` claim carries `Actions.Results:<run id>:<job id>`, and
 * the Azure Blob storage the service signs URLs for: Put Block (`PUT ?comp=block&blockid=…`), Put Block List
 * (`PUT ?comp=blocklist`, an XML list of block ids), Put Blob (one `PUT`), and `GET` of the committed blob. As the
 * service does, it refuses a second artifact of one name in a run (409), checks the backend ids against the token,
 * the signature of every blob request, and the size and sha256 that FinalizeArtifact declares.
 */
import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

const SERVICE = '/twirp/github.actions.results.api.v1.ArtifactService/';

export interface StoredArtifact {
  id: number;
  name: string;
  /** The committed blob (the zip); undefined until it is committed. */
  blob: Buffer | undefined;
  /** FinalizeArtifact's `size` and `hash` (`sha256:<hex>`); undefined until finalized. */
  size: string | undefined;
  hash: string | undefined;
  /** CreateArtifact's `expires_at`, `version` and `mime_type` (wrapper types are plain values in proto JSON). */
  expiresAt: string | undefined;
  version: number | undefined;
  mimeType: string | undefined;
}

export interface ArtifactService {
  /** ACTIONS_RESULTS_URL and ACTIONS_RUNTIME_TOKEN for the client under test. */
  env: { ACTIONS_RESULTS_URL: string; ACTIONS_RUNTIME_TOKEN: string };
  /** The backend ids the token names. */
  runId: string;
  jobId: string;
  /** Artifacts by name. */
  artifacts: Map<string, StoredArtifact>;
  /** Every request, as `METHOD path` (query left out; blob requests as `PUT blob comp=block`). */
  requests: string[];
  /** Requests the service refused, with why (a test asserts there are none it did not expect). */
  refusals: string[];
  close(): Promise<void>;
}

const base64url = (value: unknown): string => Buffer.from(JSON.stringify(value)).toString('base64url');

/** A JWT as the runner hands one to a job: the client reads only its claims (the signature is the service's). */
export function runtimeToken(runId: string, jobId: string): string {
  const claims = {
    scp: `Actions.ExampleScope Actions.Results:${runId}:${jobId}`,
    exp: Math.floor(Date.now() / 1000) + 3600,
  };
  return `${base64url({ alg: 'RS256', typ: 'JWT' })}.${base64url(claims)}.${randomBytes(16).toString('base64url')}`;
}

function body(request: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks)));
    request.on('error', reject);
  });
}

/** Starts the service on 127.0.0.1; `firstId` is the id of the first artifact (ids count up from it). */
export async function startArtifactService(firstId = 4242): Promise<ArtifactService> {
  const runId = 'ce7f54c7-61c7-4aae-887f-30da475f5f1a';
  const jobId = 'ca395085-040a-526b-2ce8-bdc85f692774';
  const token = runtimeToken(runId, jobId);
  const signature = randomBytes(12).toString('hex');
  const artifacts = new Map<string, StoredArtifact>();
  const blocks = new Map<string, Map<string, Buffer>>();
  const requests: string[] = [];
  const refusals: string[] = [];
  let nextId = firstId;
  let origin = '';

  const twirpError = (response: ServerResponse, status: number, code: string, msg: string): void => {
    refusals.push(`${status} ${code}: ${msg}`);
    response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify({ code, msg }));
  };
  const blobUrl = (name: string): string =>
    `${origin}/devstoreaccount1/actions-results/${runId}/${jobId}/${encodeURIComponent(name)}.zip?sv=2023-11-03&sp=rcw&sig=${signature}`;

  /** One Twirp call: the answer's fields, or a refusal already sent. */
  const call = (method: string, input: Record<string, unknown>, response: ServerResponse): unknown => {
    if (input.workflow_run_backend_id !== runId || input.workflow_job_run_backend_id !== jobId) {
      return twirpError(response, 400, 'invalid_argument', 'backend ids do not match the token');
    }
    const name = String(input.name ?? '');
    const artifact = artifacts.get(name);
    switch (method) {
      case 'CreateArtifact': {
        if (artifact)
          return twirpError(response, 409, 'already_exists', `an artifact named ${name} exists in this run`);
        artifacts.set(name, {
          id: nextId++,
          name,
          blob: undefined,
          size: undefined,
          hash: undefined,
          expiresAt: input.expires_at as string | undefined,
          version: input.version as number | undefined,
          mimeType: input.mime_type as string | undefined,
        });
        return { ok: true, signed_upload_url: blobUrl(name) };
      }
      case 'FinalizeArtifact': {
        if (!artifact?.blob)
          return twirpError(response, 404, 'not_found', `nothing was uploaded for ${name}`);
        const hash = `sha256:${createHash('sha256').update(artifact.blob).digest('hex')}`;
        if (input.size !== String(artifact.blob.length) || input.hash !== hash)
          return twirpError(response, 400, 'invalid_argument', 'size or hash differ from the blob');
        artifact.size = String(input.size);
        artifact.hash = String(input.hash);
        return { ok: true, artifact_id: String(artifact.id) };
      }
      case 'ListArtifacts': {
        const id = input.id_filter as string | undefined;
        const listed = [...artifacts.values()].filter(
          (a) => a.hash && (id === undefined || String(a.id) === id),
        );
        return {
          artifacts: listed.map((a) => ({
            workflow_run_backend_id: runId,
            workflow_job_run_backend_id: jobId,
            database_id: String(a.id),
            name: a.name,
            size: a.size,
            digest: a.hash,
          })),
        };
      }
      case 'GetSignedArtifactURL':
        if (!artifact?.hash) return twirpError(response, 404, 'not_found', `no artifact ${name}`);
        return { signed_url: blobUrl(name) };
      default:
        return twirpError(response, 404, 'bad_route', `no method ${method}`);
    }
  };

  const twirp = async (request: IncomingMessage, response: ServerResponse, method: string): Promise<void> => {
    if (request.headers.authorization !== `Bearer ${token}`)
      return twirpError(response, 401, 'unauthenticated', 'not the runtime token');
    if (request.headers['content-type'] !== 'application/json')
      return twirpError(response, 415, 'malformed', 'Twirp JSON needs application/json');
    const answer = call(method, JSON.parse((await body(request)).toString('utf8')), response);
    if (answer !== undefined)
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(answer));
  };

  const blob = async (request: IncomingMessage, response: ServerResponse, url: URL): Promise<void> => {
    const refuse = (status: number, why: string): void => {
      refusals.push(`blob ${status}: ${why}`);
      response.writeHead(status).end();
    };
    const name = decodeURIComponent(
      url.pathname
        .split('/')
        .pop()!
        .replace(/\.zip$/, ''),
    );
    const artifact = artifacts.get(name);
    if (url.searchParams.get('sig') !== signature) return refuse(403, 'bad signature');
    if (!artifact) return refuse(404, `no artifact ${name}`);
    const comp = url.searchParams.get('comp');
    const data = await body(request);
    const created = {
      etag: '"0x1"',
      'last-modified': new Date().toUTCString(),
      'x-ms-version': '2023-11-03',
    };
    if (request.method === 'GET') {
      if (!artifact.blob) return refuse(404, 'not committed');
      response.writeHead(200, { 'content-type': 'application/zip', 'content-length': artifact.blob.length });
      return void response.end(artifact.blob);
    }
    if (request.method !== 'PUT') return refuse(405, `${request.method}`);
    const staged = blocks.get(name) ?? new Map<string, Buffer>();
    blocks.set(name, staged);
    if (comp === 'block') {
      staged.set(url.searchParams.get('blockid') ?? '', data);
    } else if (comp === 'blocklist') {
      const ids = [...data.toString('utf8').matchAll(/<(?:Latest|Uncommitted|Committed)>([^<]*)</g)].map(
        (m) => m[1]!,
      );
      if (ids.some((id) => !staged.has(id))) return refuse(400, 'a listed block was never staged');
      artifact.blob = Buffer.concat(ids.map((id) => staged.get(id)!));
    } else if (request.headers['x-ms-blob-type'] === 'BlockBlob') {
      artifact.blob = data;
    } else {
      return refuse(400, `unknown blob operation ${comp}`);
    }
    response.writeHead(201, created).end();
  };

  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', origin);
    const comp = url.searchParams.get('comp');
    requests.push(
      url.pathname.startsWith(SERVICE)
        ? `${request.method} ${url.pathname}`
        : `${request.method} blob${comp ? ` comp=${comp}` : ''}`,
    );
    const handled = url.pathname.startsWith(SERVICE)
      ? twirp(request, response, url.pathname.slice(SERVICE.length))
      : blob(request, response, url);
    handled.catch((error: unknown) => {
      refusals.push(`500: ${String(error)}`);
      if (!response.headersSent) response.writeHead(500).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    env: { ACTIONS_RESULTS_URL: `${origin}/`, ACTIONS_RUNTIME_TOKEN: token },
    runId,
    jobId,
    artifacts,
    requests,
    refusals,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
