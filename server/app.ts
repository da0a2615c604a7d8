import { existsSync } from 'node:fs';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { authPlugin } from './auth/plugin.ts';
import { errorHandler } from './lib/error-handler.ts';
import { zodValidatorCompiler } from './lib/validation.ts';
import { responseSerializerCompiler } from './lib/serializer.ts';
import { securityHeaders } from './lib/security-headers.ts';
import { apiRoutes } from './routes/index.ts';
import { webApp } from './lib/web-app.ts';
import { compression } from './lib/compression.ts';
import { openApi } from './lib/openapi.ts';
import { requestLog } from './lib/request-log.ts';
import type { Mailer } from './mail/mailer.ts';
import { OutboxSender } from './mail/outbox-sender.ts';
import { mailNotifications } from './notifications/mail-dispatch.ts';
import { dueReportReminders } from './notifications/due-reports.ts';
import { riskReasonsKeeper } from './commands/refresh-risk-reasons.ts';
import { loggableError } from './lib/loggable-error.ts';
import { ExportRenderer } from './exports/render-pool.ts';
import { ReadLog } from './commands/read-log.ts';

export interface AppDeps {
  config: Config;
  database: Database;
  mailer: Mailer;
  /** where log lines go; standard output when not given (tests capture them) */
  logStream?: NodeJS.WritableStream;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
    /** sends what the mail outbox holds; main.ts starts it, tests drain it */
    outbox: OutboxSender;
    /** builds PDFs and spreadsheets in worker threads */
    exports: ExportRenderer;
    /** records who read a student's grades */
    readLog: ReadLog;
  }
}

/** Builds the whole application; tests call it and use `app.inject`, main.ts makes it listen. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: deps.config.LOG_LEVEL,
      ...(deps.logStream ? { stream: deps.logStream } : {}),
      redact: ['req.headers.cookie', 'req.headers["x-csrftoken"]'],
    },
    // one line per answered request instead, with the user and without secrets (lib/request-log.ts)
    logController: new LogController({ disableRequestLogging: true }),
    trustProxy: deps.config.TRUST_PROXY,
    bodyLimit: 5 * 1024 * 1024,
  }).withTypeProvider<ZodTypeProvider>();
  app.decorate('deps', deps);
  const origin = deps.config.APP_ORIGIN ?? `http://localhost:${deps.config.PORT}`;
  const reminders = dueReportReminders(deps.database.db);
  const keepRiskReasons = riskReasonsKeeper(deps.database.db);
  const outbox = new OutboxSender({
    db: deps.database.db,
    transport: deps.mailer,
    log: app.log,
    prepare: async (now) => {
      await reminders(now);
      await mailNotifications(deps.database.db, origin, now);
      // a failed refresh is the next list's to do again; it must not hold the mail back
      await keepRiskReasons(now).catch((error: unknown) =>
        app.log.warn({ err: loggableError(error) }, 'risk reasons: background refresh failed'),
      );
    },
  });
  app.decorate('outbox', outbox);
  // before the database closes: the batch under way is finished and recorded
  app.addHook('onClose', () => outbox.stop());
  const exports = new ExportRenderer();
  app.decorate('exports', exports);
  app.decorate('readLog', new ReadLog());
  app.addHook('onClose', () => exports.close());
  app.setValidatorCompiler(zodValidatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler);
  app.setErrorHandler(errorHandler);

  await app.register(compression);
  await app.register(cookie);
  await app.register(securityHeaders);
  await app.register(authPlugin);
  await app.register(requestLog);
  await app.register(openApi);
  await app.register(apiRoutes, { prefix: '/api' });
  if (existsSync(deps.config.WEB_DIST)) await app.register(webApp, { root: deps.config.WEB_DIST });
  return app;
}
