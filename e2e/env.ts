import { tmpdir } from 'node:os';
import path from 'node:path';

/** Shared by the Playwright config and the specs (each worker loads this file again). */
export const PORT = Number(process.env.E2E_PORT ?? 4173);
export const BASE_URL = `http://127.0.0.1:${PORT}`;
export const DATA_DIR = path.join(tmpdir(), `vet-e2e-data-${PORT}`);
export const WEB_DIST = path.join(tmpdir(), `vet-e2e-web-${PORT}`);
export const MAIL_DIR = path.join(DATA_DIR, 'mail');
export const DEMO_PASSWORD = 'e2e-Demo-Passwort-2026';
export const ROOT = path.resolve(import.meta.dirname, '..');
