/**
 * Group commit: compiled writes asked for in one turn of the event loop are committed together, in one transaction,
 * when the turn ends. Each commit costs SQLite a write of every page it changed to the log (a one-row insert into a
 * table with five indexes changes six or more), and costs PostgreSQL a flush of its log to disk; rows written
 * together share the pages they have in common (the table's last page, an index's entries for one login) and the
 * commit. Under load the requests of one turn share it too.
 *
 * Each write's promise settles after the commit, as if it had run alone: a caller reads its own write afterwards.
 * A failing write fails its whole group, so only statements that fail when the database does belong here (the OIDC
 * provider's upserts: oidc/hot.ts).
 */
import type { CompiledTransaction, CompiledWrite } from './compiled-write.js';

interface Queued {
  run(tx: CompiledTransaction): Promise<number>;
  resolve(changed: number): void;
  reject(error: unknown): void;
}

type RunTransaction = <T>(work: (tx: CompiledTransaction) => Promise<T>) => Promise<T>;

export class GroupCommit {
  private queued: Queued[] = [];

  constructor(private readonly transaction: RunTransaction) {}

  /** Queues the write for this turn's commit; answers the rows it changed once that commit is made. */
  write<Params extends Record<string, unknown>>(statement: CompiledWrite<Params>, values: Params): Promise<number> {
    return new Promise((resolve, reject) => {
      if (this.queued.length === 0) setImmediate(() => void this.commit());
      this.queued.push({ run: (tx) => tx.write(statement, values), resolve, reject });
    });
  }

  private async commit(): Promise<void> {
    const group = this.queued;
    this.queued = [];
    try {
      const changed = await this.transaction(async (tx) => {
        const counts: number[] = [];
        for (const write of group) counts.push(await write.run(tx));
        return counts;
      });
      group.forEach((write, index) => write.resolve(changed[index]));
    } catch (error) {
      for (const write of group) write.reject(error);
    }
  }
}
