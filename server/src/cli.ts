/**
 * Maintenance commands:
 *   node dist/cli.js migrate
 *   node dist/cli.js create-owner --email owner@example.com --name "Olivia Owner"
 *   node dist/cli.js backup --to FILE      (while the server runs; backup.ts)
 *   node dist/cli.js restore --from FILE   (into an empty DATA_DIR)
 * create-owner reads the password from a prompt that does not echo it (at a terminal) or from standard input (a
 * script: `printf '%s' "$PASSWORD" | npm run create-owner -- …`), never from the command line, where the shell's
 * history and every process listing would keep it.
 * They read the same environment as the server (DATA_DIR, DATABASE_URL, ...).
 */
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { form, formErrors, forms } from '@tessera/sdk/rules';
import { backup, BackupError, restore } from './backup.js';
import { ConfigError, assertPasswordCost, loadConfig } from './config.js';
import { Database } from './db/database.js';
import { createPasswordHasher } from './features/accounts/passwords.js';
import { createConfirmedUser } from './features/accounts/service.js';
import { HttpError } from './http/errors.js';

const USAGE = `Usage:
  cli migrate
  cli create-owner --email <email> --name <name>   (the password at the prompt, or on standard input)
  cli backup --to <file>                            (the database and media, while the server runs)
  cli restore --from <file>                         (into an empty DATA_DIR)`;

/** `backup --to FILE` and `restore --from FILE`: the one option each takes, or the usage and exit code 2. */
function fileOption(args: string[], name: 'to' | 'from'): string {
  const { values } = parseArgs({ args, options: { [name]: { type: 'string' } }, strict: true });
  const file = values[name];
  if (typeof file !== 'string' || file === '') {
    console.error(USAGE);
    process.exit(2);
  }
  // npm runs the command in server/: a relative path is the caller's, as DATA_DIR is (config.ts).
  return resolve(process.env.INIT_CWD ?? process.cwd(), file);
}

async function backupCommand(args: string[]) {
  const to = fileOption(args, 'to');
  const manifest = await backup(loadConfig(process.env), to);
  console.log(
    `Backed up the ${manifest.database} database${manifest.media === 'included' ? ' and the media folder' : ' (media is in S3: not copied)'} to ${to}.`,
  );
}

async function restoreCommand(args: string[]) {
  const from = fileOption(args, 'from');
  const manifest = await restore(loadConfig(process.env), from);
  console.log(`Restored the ${manifest.database} backup of ${manifest.created_at} (Tessera ${manifest.version}).`);
}

async function migrate() {
  const config = loadConfig(process.env);
  const db = Database.open(config.database);
  try {
    const ran = await db.migrate();
    console.log(ran.length ? `Ran ${ran.length} migration(s): ${ran.join(', ')}` : 'The database is up to date.');
  } finally {
    await db.close();
  }
}

const { email, name, password } = forms.signUp.entries;
const ownerForm = form({ email, name, password });

/** Standard input, whole, without its final line break (a script's `echo` adds one). */
async function readStandardInput(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks)
    .toString('utf8')
    .replace(/\r?\n$/, '');
}

/** Asks at the terminal without echoing what is typed. */
function promptHidden(question: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const input = process.stdin;
    process.stderr.write(question);
    input.setRawMode(true);
    input.resume();
    let typed = '';
    const done = (error?: Error) => {
      input.setRawMode(false);
      input.pause();
      input.off('data', onData);
      process.stderr.write('\n');
      if (error) reject(error);
      else resolve(typed);
    };
    const onData = (data: Buffer) => {
      for (const char of data.toString('utf8')) {
        if (char === '\r' || char === '\n') return done();
        if (char === '\u0003') return done(new Error('Cancelled.'));
        typed = char === '\u007f' ? typed.slice(0, -1) : typed + char;
      }
    };
    input.on('data', onData);
  });
}

async function createOwner(args: string[]) {
  const { values: given } = parseArgs({ args, options: { email: { type: 'string' }, name: { type: 'string' }, password: { type: 'string' } } });
  if (given.password !== undefined) {
    console.error('The password is not taken from the command line (shell history and process listings keep it): type it at the prompt, or pipe it in.');
    console.error(USAGE);
    process.exit(2);
  }
  const password = process.stdin.isTTY ? await promptHidden('Password for the owner account: ') : await readStandardInput();
  const values = { ...given, password };
  const errors = formErrors(ownerForm, values);
  if (Object.keys(errors).length > 0) {
    for (const [field, messages] of Object.entries(errors)) console.error(`${field}: ${messages.join(' ')}`);
    console.error(USAGE);
    process.exit(2);
  }
  const config = loadConfig(process.env);
  assertPasswordCost(config);
  const db = Database.open(config.database);
  try {
    await db.migrate();
    const user = await createConfirmedUser(
      { db, passwords: createPasswordHasher(config.passwordHash) },
      { email: values.email as string, name: values.name as string, password: values.password as string, isOwner: true },
    );
    console.log(`Created the owner account ${user.email} (${user.id}).`);
  } catch (error) {
    if (error instanceof HttpError && error.errors) {
      for (const [field, messages] of Object.entries(error.errors)) console.error(`${field}: ${messages.join(' ')}`);
      process.exit(2);
    }
    throw error;
  } finally {
    await db.close();
  }
}

async function run() {
  const [command, ...args] = process.argv.slice(2);
  if (command === 'migrate') return migrate();
  if (command === 'create-owner') return createOwner(args);
  if (command === 'backup') return backupCommand(args);
  if (command === 'restore') return restoreCommand(args);
  console.error(USAGE);
  process.exit(2);
}

run().catch((error: unknown) => {
  if (error instanceof BackupError) console.error(error.message);
  else console.error(error instanceof ConfigError ? `Configuration error: ${error.message}` : error);
  process.exit(1);
});
