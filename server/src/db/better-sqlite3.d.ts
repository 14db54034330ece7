/** The part of better-sqlite3's API the prepared read path uses (the package ships no types). */
declare module 'better-sqlite3' {
  interface Statement {
    all(...bindings: unknown[]): unknown[];
  }
  interface Options {
    readonly?: boolean;
    fileMustExist?: boolean;
    timeout?: number;
  }
  class Database {
    constructor(filename: string, options?: Options);
    prepare(sql: string): Statement;
    close(): void;
  }
  export default Database;
}
