import path from 'node:path';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { createMailer } from './mail/mailer.ts';
import { seedOnStart } from './seed/on-start.ts';

/** Reads the configuration, migrates, seeds an empty database and listens. */
async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(2);
    }
    throw error;
  }
  const database = openDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: path.join(config.DATA_DIR, 'pglite'),
  });
  await database.migrate();
  let mailer;
  const app = await buildApp({
    config,
    database,
    mailer: { send: (mail) => mailer!.send(mail) },
  });
  mailer = createMailer({
    smtpUrl: config.SMTP_URL,
    mailDir: path.join(config.DATA_DIR, 'mail'),
    from: config.MAIL_FROM,
    log: app.log,
  });
  await seedOnStart({ config, database, log: app.log });
  const shutdown = async () => {
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
  await app.listen({ port: config.PORT, host: config.HOST });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
