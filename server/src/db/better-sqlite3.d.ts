/** The part of better-sqlite3's API Tessera uses: the prepared read path, the change counter, the bench's bulk seed (the package ships no types). */
declare module 'better-sqlite3' {
  export interface Statement {
    all(...bindings: unknown[]): unknown[];
    get(...bindings: unknown[]): unknown;
    /** The statement answering only the first column of each row. */
    pluck(): Statement;
    run(...bindings: unknown[]): { changes: number };
  }
  interface Options {
    readonly?: boolean;
    fileMustExist?: boolean;
    timeout?: number;
  }
  class Database {
    constructor(filename: string, options?: Options);
    prepare(sql: string): Statement;
    pragma(source: string, options?: { simple?: boolean }): unknown;
    transaction<A extends unknown[]>(run: (...args: A) => void): (...args: A) => void;
    close(): void;
  }
  export default Database;
}
