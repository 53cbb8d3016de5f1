import type { User } from '@vocal/settings-model';

/**
 * The paywall, said on the owner's own listen page: a Free owner who has sent this month's
 * messages learns it where they share one, not only when the next recording is refused. Their
 * listeners notice nothing: the message plays and takes replies as before.
 */
export function OwnerPaywall({ messages }: { messages: User['messages'] }) {
  if (!messages.showPaywall) return null;
  return (
    <p className="owner-bar__paywall" role="status">
      You have used this month’s {messages.max} Free {messages.max === 1 ? 'message' : 'messages'}; this one still plays and takes replies.{' '}
      <a href="/upgrade">Upgrade to Pro</a> for unlimited messages, or record again from the 1st.
    </p>
  );
}
