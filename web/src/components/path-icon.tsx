/** A decorative 24 px icon of one path, in the text's colour (the button or link names it). */
export function PathIcon({ d }: { d: string }) {
  return (
    <svg width="24" height="24" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path fill="currentColor" d={d} />
    </svg>
  );
}
