/**
 * A log that holds what it is told and replays it later on another log in one piece: head's install and build run
 * beside base's, whose output streams as it comes, and head's follows it, its groups intact.
 */
import type { GateEvent, GateGroup } from '../model/notes.ts';
import type { StepLog } from './trees.ts';

type Held =
  | { kind: 'info'; event: GateEvent }
  | { kind: 'output'; text: string }
  | { kind: 'group'; group: GateGroup; inner: Held[] };

export class HeldLog implements StepLog {
  private readonly root: Held[] = [];
  private current: Held[] = this.root;

  info(event: GateEvent): void {
    this.current.push({ kind: 'info', event });
  }

  output(text: string): void {
    this.current.push({ kind: 'output', text });
  }

  async group<T>(group: GateGroup, body: () => Promise<T>): Promise<T> {
    const outer = this.current;
    const inner: Held[] = [];
    outer.push({ kind: 'group', group, inner });
    this.current = inner;
    try {
      return await body();
    } finally {
      this.current = outer;
    }
  }

  /** Tells `log` everything held, in order, each group as a group. */
  replay(log: StepLog): Promise<void> {
    return replay(this.root, log);
  }
}

async function replay(items: readonly Held[], log: StepLog): Promise<void> {
  for (const item of items) {
    if (item.kind === 'info') log.info(item.event);
    else if (item.kind === 'output') log.output(item.text);
    else await log.group(item.group, () => replay(item.inner, log));
  }
}
