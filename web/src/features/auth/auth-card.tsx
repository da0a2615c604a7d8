import type { ReactNode } from 'react';

/** The card every sign-in page sits in, with its heading (styles.css, .auth-card). */
export function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="auth-card">
      <h1>{title}</h1>
      {children}
    </section>
  );
}
