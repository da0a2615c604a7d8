/**
 * Prints the current authenticator-app code of the demo logins that need a second factor (ADMIN,
 * UNIT_ADMIN), for whoever tries the demo without an authenticator app: `npm run -s demo:code`.
 */
import { totpCode, totpStepAt, TOTP_STEP_SECONDS } from '../server/auth/totp.ts';
import { DEMO_TOTP_SECRET } from '../server/seed/demo-logins.ts';

const now = new Date();
const left = TOTP_STEP_SECONDS - (Math.floor(now.getTime() / 1000) % TOTP_STEP_SECONDS);
console.log(`${totpCode(DEMO_TOTP_SECRET, totpStepAt(now))}  (valid for ${left} s more)`);
