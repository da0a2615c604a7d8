import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('gives every setting its documented default', () => {
    expect(loadConfig({})).toEqual({
      PORT: 3000,
      HOST: '127.0.0.1',
      DATA_DIR: 'data',
      WEB_DIST: path.resolve(import.meta.dirname, '..', 'web', 'dist'),
      MAIL_FROM: 'Evaluanda <no-reply@localhost>',
      SEED_DEMO: true,
      APP_ENV: 'development',
      LOG_LEVEL: 'info',
      SESSION_IDLE_MINUTES: 120,
      SESSION_MAX_HOURS: 12,
      RETENTION_YEARS: 5,
      TRUST_PROXY: false,
    });
  });

  it('reads good values, empty ones count as unset', () => {
    const config = loadConfig({
      PORT: '8080',
      DATABASE_URL: 'postgres://vet:secret@db.example.ch:5432/vet',
      SESSION_SECRET: 'x'.repeat(40),
      APP_ORIGIN: 'https://vet.example.ch',
      SMTP_URL: 'smtps://user:pass@mail.example.ch:465',
      SEED_DEMO: 'false',
      ADMIN_EMAIL: 'admin@example.ch',
      ADMIN_PASSWORD: 'a-long-admin-password',
      APP_ENV: 'production',
      MAIL_FROM: '',
      DEMO_PASSWORD: '',
    });
    expect(config).toMatchObject({ PORT: 8080, SEED_DEMO: false, APP_ENV: 'production' });
    expect(config.DEMO_PASSWORD).toBeUndefined();
  });

  it.each([
    ['PORT', { PORT: 'eighty' }],
    ['PORT', { PORT: '70000' }],
    ['DATABASE_URL', { DATABASE_URL: 'mysql://db.example.ch/vet' }],
    ['DATABASE_URL', { DATABASE_URL: 'not a url' }],
    ['SESSION_SECRET', { SESSION_SECRET: 'short' }],
    ['SESSION_SECRET', { APP_ENV: 'production', APP_ORIGIN: 'https://vet.example.ch' }],
    ['APP_ORIGIN', { APP_ENV: 'production', SESSION_SECRET: 'x'.repeat(40) }],
    ['TRUST_PROXY', { TRUST_PROXY: 'sometimes' }],
    ['APP_ORIGIN', { APP_ORIGIN: 'vet.example.ch' }],
    ['SMTP_URL', { SMTP_URL: 'http://mail.example.ch' }],
    ['MAIL_FROM', { MAIL_FROM: 'x' }],
    ['SEED_DEMO', { SEED_DEMO: 'maybe' }],
    ['ADMIN_EMAIL', { ADMIN_EMAIL: 'admin', ADMIN_PASSWORD: 'a-long-admin-password' }],
    ['ADMIN_PASSWORD', { ADMIN_EMAIL: 'admin@example.ch', ADMIN_PASSWORD: 'short' }],
    ['ADMIN_PASSWORD', { ADMIN_EMAIL: 'admin@example.ch' }],
    ['DEMO_PASSWORD', { DEMO_PASSWORD: 'short' }],
    ['APP_ENV', { APP_ENV: 'Production!' }],
    ['LOG_LEVEL', { LOG_LEVEL: 'verbose' }],
    ['SESSION_IDLE_MINUTES', { SESSION_IDLE_MINUTES: '0' }],
    ['SESSION_MAX_HOURS', { SESSION_MAX_HOURS: 'twelve' }],
  ])('refuses a bad %s', (variable, env) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(new RegExp(`^\\s+${variable}: `, 'm'));
  });
});

describe('server start with a bad setting', () => {
  it('stops with a message naming the variable and a non-zero exit code', () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'vet-config-'));
    try {
      const result = spawnSync(process.execPath, ['server/main.ts'], {
        cwd: path.resolve(import.meta.dirname, '..'),
        env: { PATH: process.env.PATH, DATA_DIR: dataDir, PORT: 'eighty', LOG_LEVEL: 'silent' },
        encoding: 'utf8',
        timeout: 20_000,
      });
      expect(result.status).not.toBe(0);
      expect(result.status).not.toBeNull();
      expect(result.stderr).toMatch(/^\s+PORT: /m);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
