/**
 * Starts Tessera: migrates, seeds the demo data with --demo (on an empty database), listens, and
 * shuts down cleanly on SIGTERM/SIGINT.
 */
import { createApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { DEMO_ACCOUNTS, DEMO_ORGANIZATION, DEMO_PASSWORD, seedDemo } from './seed-demo.js';

async function main() {
  const demo = process.argv.includes('--demo');
  const config = loadConfig(process.env, { demo });
  const tessera = await createApp(config);
  const seeded = demo ? await seedDemo(tessera.services) : false;
  const { url } = await tessera.listen();
  const portalUrl = config.publicUrl === `http://localhost:${config.port}` ? url : config.publicUrl;

  const lines = [`Tessera is running: ${portalUrl}`, `Data folder: ${config.dataDir}`];
  if (demo) {
    lines.push(
      seeded ? `Demo organization "${DEMO_ORGANIZATION.name}" created.` : 'Demo data kept (the database was not empty).',
      `Demo accounts (password ${DEMO_PASSWORD}):`,
      ...DEMO_ACCOUNTS.map(
        (account) => `  ${account.email.padEnd(22)} ${account.role === 'owner' ? 'platform owner' : `${account.role} in ${DEMO_ORGANIZATION.name}`}`,
      ),
    );
  }
  console.log(lines.join('\n'));

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    tessera.services.log.info({ signal }, 'shutting down');
    tessera.close().then(
      () => process.exit(0),
      (error: unknown) => {
        tessera.services.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? `Configuration error: ${error.message}` : error);
  process.exit(1);
});
