/**
 * The default form rules of spec section 5 without a schema library, for the sign-in page whose
 * JavaScript must stay small. A rule's message is a messages key, with its parameter after '|'
 * ('rules.maxLength|254'); `ruleMessage` turns it into the reader's text.
 */
export const rule = (key: string, param?: number | string) =>
  param === undefined ? `rules.${key}` : `rules.${key}|${param}`;

export const EMAIL_MAX_LENGTH = 254;
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** What is wrong with a required field's value, if anything. */
export const requiredProblem = (value: string) => (value.trim() ? undefined : rule('required'));

/** What is wrong with an address, if anything (spaces around it are ignored). */
export function emailProblem(value: string): string | undefined {
  const address = value.trim();
  if (!address) return rule('required');
  if (address.length > EMAIL_MAX_LENGTH) return rule('maxLength', EMAIL_MAX_LENGTH);
  return EMAIL_PATTERN.test(address) ? undefined : rule('email');
}

const MESSAGE_KEY = /^[a-zA-Z]+(\.[a-zA-Z]+)+(\|.*)?$/;

/** The reader's text for a rule message; server messages are shown as they came. */
export function ruleMessage(
  message: string | undefined,
  t: (key: string, values?: Record<string, unknown>) => string,
) {
  if (!message) return undefined;
  if (!MESSAGE_KEY.test(message)) return message;
  const [key = '', param] = message.split('|');
  return t(key, { 0: param });
}
