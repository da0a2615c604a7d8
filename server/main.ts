import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig, type Config } from './config.ts';
import { mkdirSync } from 'node:fs';
import { createEmbeddedCluster, openDatabase } from './db/client.ts';
import { FolderInUseError, lockFolder } from './db/folder-lock.ts';
import { createMailer, type Mailer } from './mail/mailer.ts';
import { seedOnStart } from './seed/on-start.ts';
import { keepStatisticsFresh } from './db/statistics.ts';
import { signInBanner } from './seed/sign-in-banner.ts';
import { youngGenerationCapped } from './lib/young-generation.ts';

/** Reads the configuration, migrates, seeds an empty database, listens and says how to sign in. */
async function main() {
  const config = readConfig();
  const dataDir = path.join(config.DATA_DIR, 'pglite');
  if (!config.DATABASE_URL) {
    lockEmbeddedDatabase(dataDir);
    await createEmbeddedCluster(dataDir);
  }
  const database = openDatabase({ databaseUrl: config.DATABASE_URL, dataDir });
  // every pending migration in one transaction; an up-to-date database is left as it is
  await database.migrate();
  // the mailer logs through the app's logger, which exists once the app is built
  const mailer: { current?: Mailer } = {};
  const app = await buildApp({
    config,
    database,
    mailer: { send: (mail) => mailer.current!.send(mail) },
  });
  mailer.current = createMailer({
    smtpUrl: config.SMTP_URL,
    mailDir: path.join(config.DATA_DIR, 'mail'),
    from: config.MAIL_FROM,
    log: app.log,
  });
  if (!youngGenerationCapped(process.execArgv, process.env.NODE_OPTIONS))
    app.log.warn(
      'node runs without --max-semi-space-size, so the server uses more memory and spends ' +
        'longer collecting garbage under load: start it with npm start, or give node the ' +
        'flags of the start script in package.json',
    );
  const report = await seedOnStart({ config, database, log: app.log });
  const stopStatistics = await keepStatisticsFresh(database);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) process.exit(1); // a second Ctrl+C does not wait
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing open requests');
    stopStatistics();
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.PORT, host: config.HOST });
  app.outbox.start();
  const { port } = app.server.address() as AddressInfo;
  // a loopback or every-interface server is opened as localhost: a passkey needs a host name
  const loopback = ['0.0.0.0', '::', '127.0.0.1', '::1'].includes(config.HOST);
  const host = loopback ? 'localhost' : config.HOST;
  console.log(signInBanner(config.APP_ORIGIN ?? `http://${host}:${port}`, config, report));
}

/** Exits at once when another live process uses the folder; the lock goes when this process does. */
function lockEmbeddedDatabase(dataDir: string): void {
  mkdirSync(path.dirname(dataDir), { recursive: true });
  try {
    const release = lockFolder(dataDir);
    process.on('exit', release);
  } catch (error) {
    if (error instanceof FolderInUseError) {
      console.error(error.message);
      process.exit(3);
    }
    throw error;
  }
}

function readConfig(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(2);
    }
    throw error;
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
