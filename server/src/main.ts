/**
 * Starts Tessera: migrates, seeds the demo data with --demo (on an empty database), listens, and
 * shuts down cleanly on SIGTERM/SIGINT.
 */
import { createApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { createLogger } from './logger.js';
import { DEMO_ACCOUNTS, DEMO_ORGANIZATION, DEMO_PASSWORD, seedDemo } from './seed-demo.js';

async function main() {
  const demo = process.argv.includes('--demo');
  const config = loadConfig(process.env, { demo });
  const tessera = await createApp(config);
  const seeded = demo ? await seedDemo(tessera.services) : false;
  const { url, metricsUrl } = await tessera.listen();
  const portalUrl = config.publicUrl === `http://localhost:${config.port}` ? url : config.publicUrl;

  const log = tessera.services.log;
  log.info({ url: portalUrl, data_dir: config.dataDir, metrics_url: metricsUrl ?? null }, `Tessera is running: ${portalUrl}`);
  if (demo) {
    log.info(
      {
        organization: DEMO_ORGANIZATION.name,
        password: DEMO_PASSWORD,
        accounts: DEMO_ACCOUNTS.map((account) => ({ email: account.email, role: account.role })),
      },
      seeded
        ? `Demo organization "${DEMO_ORGANIZATION.name}" created; demo accounts (password ${DEMO_PASSWORD}): ${DEMO_ACCOUNTS.map((account) => account.email).join(', ')}`
        : 'Demo data kept (the database was not empty).',
    );
  }

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
  // Before the configuration is read there is no configured logger: the same JSON stream, at its defaults.
  const log = createLogger({ logLevel: 'info', logFormat: process.env.LOG_FORMAT === 'pretty' ? 'pretty' : 'json' });
  if (error instanceof ConfigError) log.fatal(`Configuration error: ${error.message}`);
  else log.fatal({ err: error }, 'Tessera could not start');
  log.flush(() => process.exit(1));
});
