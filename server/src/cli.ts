/**
 * Maintenance commands:
 *   node dist/cli.js migrate
 *   node dist/cli.js create-owner --email owner@example.com --name "Olivia Owner" --password '...'
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
  cli create-owner --email <email> --name <name> --password <password>`;

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

async function createOwner(args: string[]) {
  const { values } = parseArgs({ args, options: { email: { type: 'string' }, name: { type: 'string' }, password: { type: 'string' } } });
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
