/**
 * Backups (issue 34; README "Operating Tessera"): `cli backup --to FILE` writes one gzipped tar of the database and
 * the media folder while the server runs; `cli restore --from FILE` unpacks it into an empty DATA_DIR (and, on
 * PostgreSQL, a database without Tessera's schemas).
 *
 * - SQLite: SQLite's online backup API (better-sqlite3 `backup`) copies a consistent snapshot page by page while the
 *   server goes on writing; every write committed before the backup started is in it.
 * - PostgreSQL: `pg_dump --format=custom` of the app's schema and the job queue's, one consistent snapshot
 *   (pg_dump's own transaction); restored with `pg_restore`. Both programs must be on the PATH (Debian:
 *   postgresql-client), of the server's major version or newer.
 * - Media: the local media folder is archived after the database, so every file a row of the snapshot names is in
 *   it (a file is stored before its row commits). Media in an S3 bucket is not copied: the bucket's versioning or
 *   replication backs it up, and the archive says so.
 */
import { execFile } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { promisify } from 'node:util';
import BetterSqlite3 from 'better-sqlite3';
import * as tar from 'tar';
import type { ServerConfig } from './config.js';
import { jobsSchema } from './jobs/pg-queue.js';
import { API_VERSION } from './version.js';

const run = promisify(execFile);

interface Manifest {
  format: 1;
  created_at: string;
  version: string;
  database: 'sqlite' | 'pg';
  /** Whether `media/` holds the media files (local storage), or they live in a bucket not copied here. */
  media: 'included' | 's3';
}

const MANIFEST = 'manifest.json';
const SQLITE_FILE = 'tessera.sqlite';
const PG_DUMP = 'database.pgdump';
const MEDIA = 'media';

export class BackupError extends Error {}

function mediaRoot(config: ServerConfig): string | null {
  const { storage } = config.media;
  return storage.driver === 's3' ? null : (storage.root ?? resolve(config.dataDir, 'media'));
}

/** The schemas of a PostgreSQL deployment: the app's (public without DATABASE_SCHEMA) and the job queue's. */
function pgSchemas(schema: string | undefined): string[] {
  return [schema ?? 'public', jobsSchema(schema)];
}

/** Writes the backup of `config`'s database and media to `to`; answers what it holds. */
export async function backup(config: ServerConfig, to: string): Promise<Manifest> {
  const target = resolve(to);
  if (existsSync(target)) throw new BackupError(`${target} exists: a backup never overwrites a file.`);
  const work = mkdtempSync(join(tmpdir(), 'tessera-backup-'));
  try {
    const { database } = config;
    const files: string[] = [MANIFEST];
    if (database.client === 'sqlite') {
      const source = new BetterSqlite3(database.filename, { readonly: true, fileMustExist: true });
      try {
        await source.backup(join(work, SQLITE_FILE));
      } finally {
        source.close();
      }
      files.push(SQLITE_FILE);
    } else {
      const schemas = pgSchemas(database.schema).flatMap((schema) => ['--schema', schema]);
      await run('pg_dump', ['--format=custom', '--no-owner', '--no-privileges', ...schemas, '--file', join(work, PG_DUMP), database.url]);
      files.push(PG_DUMP);
    }
    const media = mediaRoot(config);
    if (media && existsSync(media)) {
      // The media folder enters the archive under media/ through a link: nothing is copied twice on disk.
      symlinkSync(media, join(work, MEDIA));
      files.push(MEDIA);
    }
    const manifest: Manifest = {
      format: 1,
      created_at: new Date().toISOString(),
      version: API_VERSION,
      database: database.client,
      media: media ? 'included' : 's3',
    };
    writeFileSync(join(work, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
    mkdirSync(dirname(target), { recursive: true });
    // Written beside the target and renamed: a backup cut short never looks like a whole one.
    const partial = `${target}.partial`;
    await tar.create({ gzip: true, file: partial, cwd: work, follow: true, portable: true }, files);
    renameSync(partial, target);
    return manifest;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/** Moves a file or folder, also to another file system (the temporary folder and DATA_DIR may be on two). */
function move(from: string, to: string): void {
  try {
    renameSync(from, to);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
    cpSync(from, to, { recursive: true });
    rmSync(from, { recursive: true, force: true });
  }
}

function isEmptyFolder(path: string): boolean {
  return !existsSync(path) || (statSync(path).isDirectory() && readdirSync(path).length === 0);
}

/** Restores the backup `from` into `config`'s empty DATA_DIR (and, on PostgreSQL, a database without its schemas). */
export async function restore(config: ServerConfig, from: string): Promise<Manifest> {
  const source = resolve(from);
  if (!existsSync(source)) throw new BackupError(`${source} does not exist.`);
  const work = mkdtempSync(join(tmpdir(), 'tessera-restore-'));
  try {
    await tar.extract({ file: source, cwd: work, strict: true });
    const manifest = JSON.parse(readFileSync(join(work, MANIFEST), 'utf8')) as Manifest;
    const { database } = config;
    if (manifest.format !== 1) throw new BackupError('This backup was written by another version of the format.');
    if (manifest.database !== database.client) throw new BackupError(`This is a ${manifest.database} backup; the configured database is ${database.client}.`);
    const media = mediaRoot(config);
    if (database.client === 'sqlite') {
      if (existsSync(database.filename)) throw new BackupError(`${database.filename} exists: restore into an empty DATA_DIR.`);
    }
    if (media && !isEmptyFolder(media)) throw new BackupError(`${media} holds files: restore into an empty DATA_DIR.`);

    if (database.client === 'sqlite') {
      mkdirSync(dirname(database.filename), { recursive: true });
      move(join(work, SQLITE_FILE), database.filename);
    } else {
      // pg_restore refuses to write into schemas that exist (`--exit-on-error`): nothing is mixed into live data.
      await run('pg_restore', ['--no-owner', '--no-privileges', '--exit-on-error', '--dbname', database.url, join(work, PG_DUMP)]).catch((error: unknown) => {
        throw new BackupError(
          `pg_restore failed (restore into a database without Tessera's schemas): ${(error as { stderr?: string }).stderr ?? String(error)}`,
        );
      });
    }
    if (media && existsSync(join(work, MEDIA))) {
      mkdirSync(dirname(media), { recursive: true });
      rmSync(media, { recursive: true, force: true });
      move(join(work, MEDIA), media);
    }
    return manifest;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
