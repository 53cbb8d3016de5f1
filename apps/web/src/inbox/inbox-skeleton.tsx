/**
 * Placeholders the size of real messages while the first page loads, so the list does not
 * jump when it arrives. Hidden from screen readers, which hear the status instead.
 */
export function InboxSkeleton() {
  return (
    <div className="inbox-skeleton">
      <p className="vk-visually-hidden" role="status">
        Loading your messages
      </p>
      {[0, 1, 2].map((index) => (
        <div key={index} className="inbox-skeleton__card" aria-hidden="true">
          <span className="inbox-skeleton__line inbox-skeleton__line--title" />
          <span className="inbox-skeleton__line inbox-skeleton__line--meta" />
          <span className="inbox-skeleton__line inbox-skeleton__line--player" />
        </div>
      ))}
    </div>
  );
}
