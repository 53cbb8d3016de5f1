/** The three dots of a "More actions" menu button. */
export function MoreIcon() {
  return (
    <svg width="20" height="20" viewBox="0 0 20 20" aria-hidden="true" focusable="false">
      <circle cx="4" cy="10" r="1.75" fill="currentColor" />
      <circle cx="10" cy="10" r="1.75" fill="currentColor" />
      <circle cx="16" cy="10" r="1.75" fill="currentColor" />
    </svg>
  );
}
