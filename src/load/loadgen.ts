/**
 * The load generator: a child process that drives pools of connections turn by turn (protocol.ts), one JSON line
 * in, one JSON line out. A process of its own keeps the gate's own work off the measured path and lets the load be
 * pinned to a CPU apart from the servers'; one that lives for the whole gate keeps its JIT warm and its connections
 * open.
 */

import { errorMessage } from '../model/errors.ts';
import { type Command, GeneratorPools } from './protocol.ts';

const pools = new GeneratorPools();

/** One request line's answer. */
async function answer(line: string): Promise<object> {
  try {
    return await pools.handle(JSON.parse(line) as Command);
  } catch (error) {
    return { error: errorMessage(error) };
  }
}

/** One command per JSON line on stdin, each answered by one JSON line on stdout, in order. */
async function main(): Promise<void> {
  let buffer = '';
  let queue = Promise.resolve();
  process.stdin.setEncoding('utf8');
  process.stdin.on('data', (chunk: string) => {
    buffer += chunk;
    for (let newline = buffer.indexOf('\n'); newline >= 0; newline = buffer.indexOf('\n')) {
      const line = buffer.slice(0, newline);
      buffer = buffer.slice(newline + 1);
      if (line.trim() === '') continue;
      queue = queue.then(async () => {
        process.stdout.write(`${JSON.stringify(await answer(line))}\n`);
      });
    }
  });
  process.stdin.on('end', () => {
    void queue.then(async () => {
      await pools.handle({ op: 'close' });
      process.exit(0);
    });
  });
}

main().catch((error: unknown) => {
  process.stderr.write(`${errorMessage(error)}\n`);
  process.exit(1);
});
