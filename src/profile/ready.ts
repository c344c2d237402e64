/** A server under 0x until it answers: the readiness probe, a fixed port's checks, and 0x's output for messages. */
import { setTimeout as sleep } from 'node:timers/promises';
import { PortAnswers } from '../io/ports.ts';
import type { Child } from '../io/proc.ts';
import { getStatus, keptFixedPort, listening } from '../io/server.ts';
import { GateError } from '../model/errors.ts';
import type { Side } from '../model/measure.ts';
import { portTakenMessage } from '../report/error-text.ts';

/** What the readiness probe needs of a profiled server (profiled-server.ts ProfileTarget). */
export interface ReadySpec {
  side: Side;
  readyPath: string;
  readyStatus?: number | undefined;
  readyTimeoutMs: number;
  /** Its fixed port, and the port it was moved to (both set when it was moved). */
  port: number | undefined;
  movedTo?: number | undefined;
}

const HOSTS = ['127.0.0.1', '::1'] as const;

/** 0x's status line redraws itself with ANSI escapes; plain text for messages. */
function plain(text: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: ANSI escape sequences start with ESC.
  return text.replace(/\u001b\[[0-9;]*[A-Za-z]/g, '\n').replace(/\n{2,}/g, '\n');
}

/** The last lines of 0x's output, as plain text, for error messages. */
export function tail(child: Child, lines = 40): string {
  return plain(child.output.toString()).trimEnd().split('\n').slice(-lines).join('\n');
}

/** A fixed port must be free before the profiled server starts, or the load would go to whatever holds it. */
export async function checkPortFree(port: number, side: Side): Promise<void> {
  for (const host of HOSTS)
    if (await listening(host, port))
      throw new GateError(
        'server-start',
        `port ${port} (input \`port\`) is in use before the ${side} server is started for profiling: something from an earlier step still listens there`,
        { side },
      );
}

/** Waits until the server answers the readiness probe; the origin it answers on. */
export async function waitReady(child: Child, spec: ReadySpec, what: string, port: number): Promise<string> {
  const readyPath = spec.readyPath;
  const deadline = Date.now() + spec.readyTimeoutMs;
  const wanted = spec.readyStatus === undefined ? '' : ` with ${spec.readyStatus}`;
  const answers = new PortAnswers(port, child.pid);
  for (;;) {
    if (child.exit !== undefined || /Target subprocess error, code:/.test(child.output.toString())) {
      if (answers.taken())
        throw new GateError('server-start', portTakenMessage(what, `port ${port}`, spec.port !== undefined), {
          side: spec.side,
          output: tail(child),
        });
      throw new GateError(
        'server-start',
        `${what} exited under 0x before it answered GET ${readyPath}${wanted} on port ${port}`,
        { side: spec.side, output: tail(child) },
      );
    }
    if (Date.now() > deadline) {
      throw new GateError(
        'server-start',
        `${what} did not answer GET ${readyPath}${wanted} on port ${port} within ${Math.round(spec.readyTimeoutMs / 1000)} s under 0x`,
        { side: spec.side, output: tail(child) },
      );
    }
    if (spec.movedTo !== undefined && (await keptFixedPort(spec.port, port, child.pid)))
      throw new GateError(
        'server-start',
        `${what} listens on its fixed port ${spec.port} instead of port ${port} it was moved to, so base and head cannot be profiled side by side`,
        { side: spec.side, output: tail(child) },
      );
    for (const host of HOSTS) {
      const status = await getStatus(host, port, readyPath);
      if (status === undefined || (spec.readyStatus !== undefined && status !== spec.readyStatus)) continue;
      if (answers.ready()) return host.includes(':') ? `http://[${host}]:${port}` : `http://${host}:${port}`;
      break;
    }
    await sleep(100);
  }
}
