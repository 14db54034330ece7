/**
 * Group commit: compiled writes asked for in one turn of the event loop are committed together, in one transaction,
 * when the turn ends. Each commit costs SQLite a write of every page it changed to the log (a one-row insert into a
 * table with five indexes changes six or more), and costs PostgreSQL a flush of its log to disk; rows written
 * together share the pages they have in common (the table's last page, an index's entries for one login) and the
 * commit. Under load the requests of one turn share it too.
 *
 * Each write's promise settles after the commit, as if it had run alone: a caller reads its own write afterwards. Each
 * runs in a savepoint, so a write that fails (a constraint) is undone alone and rejects alone; the others commit. A
 * commit that fails rejects them all, as it would have each of them.
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
      this.queued.push({ run: (tx) => tx.writeAlone(statement, values), resolve, reject });
    });
  }

  private async commit(): Promise<void> {
    const group = this.queued;
    this.queued = [];
    try {
      const outcomes = await this.transaction(async (tx) => {
        const settled: PromiseSettledResult<number>[] = [];
        for (const write of group) {
          settled.push(
            await write.run(tx).then(
              (value) => ({ status: 'fulfilled', value }) as const,
              (reason: unknown) => ({ status: 'rejected', reason }) as const,
            ),
          );
        }
        return settled;
      });
      group.forEach((write, index) => {
        const outcome = outcomes[index];
        if (outcome.status === 'fulfilled') write.resolve(outcome.value);
        else write.reject(outcome.reason);
      });
    } catch (error) {
      for (const write of group) write.reject(error);
    }
  }
}
