/** Messages of sign-in, passwords and tokens. */
export const auth = {
  fr: {
    invalidCredentials: 'Adresse e-mail ou mot de passe incorrect',
  },
  de: {
    invalidCredentials: 'E-Mail-Adresse oder Passwort ist falsch',
  },
  it: {
    invalidCredentials: 'Indirizzo e-mail o password non corretti',
  },
} as const;
