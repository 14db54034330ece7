/**
 * Maintenance commands:
 *   node dist/cli.js migrate
 *   node dist/cli.js create-owner --email owner@example.com --name "Olivia Owner"
 * create-owner reads the password from a prompt that does not echo it (at a terminal) or from standard input (a
 * script: `printf '%s' "$PASSWORD" | npm run create-owner -- …`), never from the command line, where the shell's
 * history and every process listing would keep it.
 * They read the same environment as the server (DATA_DIR, DATABASE_URL, ...).
 */
import { parseArgs } from 'node:util';
import { form, formErrors, forms } from '@tessera/sdk/rules';
import { ConfigError, assertPasswordCost, loadConfig } from './config.js';
import { Database } from './db/database.js';
import { createPasswordHasher } from './features/accounts/passwords.js';
import { createConfirmedUser } from './features/accounts/service.js';
import { HttpError } from './http/errors.js';

const USAGE = `Usage:
  cli migrate
  cli create-owner --email <email> --name <name>   (the password at the prompt, or on standard input)`;

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
  console.error(USAGE);
  process.exit(2);
}

run().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? `Configuration error: ${error.message}` : error);
  process.exit(1);
});
