import { tmpdir } from 'node:os';
import path from 'node:path';

/** Shared by the Playwright config and the specs (each worker loads this file again). */
export const PORT = Number(process.env.E2E_PORT ?? 4173);
/** localhost, not 127.0.0.1: a passkey's relying party must be a domain name, never an address */
export const BASE_URL = `http://localhost:${PORT}`;
export const DATA_DIR = path.join(tmpdir(), `vet-e2e-data-${PORT}`);
export const WEB_DIST = path.join(tmpdir(), `vet-e2e-web-${PORT}`);
export const MAIL_DIR = path.join(DATA_DIR, 'mail');
export const DEMO_PASSWORD = 'e2e-Demo-Passwort-2026';
export const ROOT = path.resolve(import.meta.dirname, '..');
