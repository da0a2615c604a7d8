import type { Config } from '../config.ts';
import type { SeedReport } from './on-start.ts';
import { PRODUCT_NAME, SECOND_FACTOR_ROLES } from '../../domain/constants.ts';
import { DEMO_TOTP_SECRET } from './demo-logins.ts';

/** What the person who started the server needs: where to go and with which sign-in. */
export function signInBanner(url: string, config: Config, report: SeedReport): string {
  const lines = [``, `${PRODUCT_NAME} is running at ${url}/`];
  if (report.demo) {
    lines.push(`Demo data created. Sign in with one of these (password: ${report.demo.password}):`);
    const width = Math.max(...report.demo.logins.map((l) => l.role.length));
    for (const login of report.demo.logins) {
      const note = login.dataProcessingAccepted ? '' : '  (has not accepted data processing yet)';
      lines.push(`  ${login.role.padEnd(width)}  ${login.email}${note}`);
    }
    lines.push(
      `${SECOND_FACTOR_ROLES.join(' and ')} confirm their sign-in with an authenticator app: add the key`,
      `  ${DEMO_TOTP_SECRET} to one, or run \`npm run -s demo:code\` for the current code.`,
    );
  }
  if (report.admin) {
    lines.push(
      report.admin.created
        ? `Administrator created: ${report.admin.email} with the password of ADMIN_PASSWORD.`
        : `Administrator: ${report.admin.email}.`,
    );
  }
  if (!report.demo && !report.admin) {
    lines.push(
      config.SEED_DEMO
        ? 'Sign in with the demo logins printed at the first start (README.md, "Demo sign-ins").'
        : 'No demo data (SEED_DEMO=false): set ADMIN_EMAIL and ADMIN_PASSWORD for a first administrator.',
    );
  }
  lines.push(`API explorer: ${url}/api/docs/`, ``);
  return lines.join('\n');
}
