import type { AnchorHTMLAttributes, ButtonHTMLAttributes } from 'react';

/**
 * The main action of the sign-in and error pages: a native button (or link) drawn like MUI's
 * contained button (web/src/styles.css). MUI's Button would bring its ripple and progress
 * indicator into the login page's first 170 KB.
 */
export function AppButton({ className, ...props }: ButtonHTMLAttributes<HTMLButtonElement>) {
  return <button type="button" {...props} className={`app-button ${className ?? ''}`.trim()} />;
}

export function AppButtonLink({
  className,
  children,
  ...props
}: AnchorHTMLAttributes<HTMLAnchorElement>) {
  return (
    <a {...props} className={`app-button ${className ?? ''}`.trim()}>
      {children}
    </a>
  );
}
