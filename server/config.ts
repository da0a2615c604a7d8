import path from 'node:path';
import { z } from 'zod';
import { PRODUCT_NAME } from '../domain/constants.ts';

/** Every setting of the server, read and validated once at start (architecture.md, "Run modes"). */
const boolean = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => ['true', '1', 'yes'].includes(value));

const url = (protocols: string[]) =>
  z
    .string()
    .url()
    .refine((value) => protocols.some((p) => value.startsWith(`${p}:`)), {
      message: `must start with ${protocols.map((p) => `${p}://`).join(' or ')}`,
    });

const schema = z
  .object({
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().min(1).default('127.0.0.1'),
    DATA_DIR: z.string().min(1).default('data'),
    // the built web app; end-to-end runs side by side each build their own
    WEB_DIST: z
      .string()
      .min(1)
      .default(path.resolve(import.meta.dirname, '..', 'web', 'dist')),
    DATABASE_URL: url(['postgres', 'postgresql']).optional(),
    SESSION_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
    APP_ORIGIN: url(['http', 'https']).optional(),
    SMTP_URL: url(['smtp', 'smtps']).optional(),
    MAIL_FROM: z.string().min(3).default(`${PRODUCT_NAME} <no-reply@localhost>`),
    SEED_DEMO: boolean.default(true),
    ADMIN_EMAIL: z.string().email().optional(),
    ADMIN_PASSWORD: z.string().min(12, 'must be at least 12 characters').optional(),
    DEMO_PASSWORD: z.string().min(8, 'must be at least 8 characters').optional(),
    APP_ENV: z
      .string()
      .regex(/^[a-z0-9-]+$/, 'lowercase letters, digits and dashes')
      .default('development'),
    LOG_LEVEL: z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
      .default('info'),
    SESSION_IDLE_MINUTES: z.coerce.number().int().min(1).default(120),
    SESSION_MAX_HOURS: z.coerce.number().int().min(1).default(12),
    // a student may be erased this many years after their last module ended (docs/operations.md)
    RETENTION_YEARS: z.coerce.number().int().min(1).max(100).default(5),
    // true when a reverse proxy stands before the server: its X-Forwarded-For is then believed
    TRUST_PROXY: boolean.default(false),
  })
  .refine((c) => !c.ADMIN_EMAIL === !c.ADMIN_PASSWORD, {
    message: 'ADMIN_EMAIL and ADMIN_PASSWORD go together',
    path: ['ADMIN_PASSWORD'],
  })
  .refine((c) => c.APP_ENV !== 'production' || c.SESSION_SECRET, {
    message: 'is required when APP_ENV=production',
    path: ['SESSION_SECRET'],
  })
  // links in mails are built from it; without it they would follow a Host header anyone can forge
  .refine((c) => c.APP_ENV !== 'production' || c.APP_ORIGIN, {
    message: 'is required when APP_ENV=production',
    path: ['APP_ORIGIN'],
  });

export type Config = z.infer<typeof schema>;

export class ConfigError extends Error {}

/** Reads the environment; a bad value throws a ConfigError naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const present = Object.fromEntries(
    Object.entries(env).filter(([, v]) => v !== undefined && v !== ''),
  );
  const result = schema.safeParse(present);
  if (result.success) return result.data;
  const lines = result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
  throw new ConfigError(`Invalid configuration:\n  ${lines.join('\n  ')}`);
}

/** A configuration for tests: defaults, no demo data, quiet logs. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    // tests stand for browsers behind one proxy, so X-Forwarded-For names the client address
    ...loadConfig({
      SEED_DEMO: 'false',
      LOG_LEVEL: 'silent',
      APP_ENV: 'test',
      TRUST_PROXY: 'true',
    }),
    ...overrides,
  };
}
