type Severity = 'error' | 'success' | 'info';

/** A message about the whole form, announced as soon as it appears (styles.css, .form-message). */
export function FormMessage({
  message,
  severity = 'error',
}: {
  message: string | null;
  severity?: Severity;
}) {
  if (!message) return null;
  return (
    <div role={severity === 'error' ? 'alert' : 'status'} className={`form-message ${severity}`}>
      {message}
    </div>
  );
}
