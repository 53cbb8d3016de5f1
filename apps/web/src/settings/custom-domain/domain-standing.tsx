import type { CustomDomainState } from '@vocal/settings-model';

const dateOf = (iso: string) => new Date(iso).toLocaleDateString(undefined, { day: 'numeric', month: 'long', year: 'numeric' });

/**
 * Where the saved domain stands, in a sentence: not proven yet (and until when the claim
 * lasts), in use, or no longer pointing here since the daily check (links use this server's
 * address until it does again). Announced when it changes.
 */
export function DomainStanding({ state, ourAddress }: { state: CustomDomainState; ourAddress: string }) {
  if (!state.domain || state.status === 'none') return null;
  const [tone, title, text] =
    state.status === 'held'
      ? ['good', `${state.domain} is yours`, `Proven on ${dateOf(state.heldSince!)}. New listen links use https://${state.domain}.`]
      : state.status === 'lost'
        ? [
            'warning',
            `${state.domain} no longer points here`,
            `The daily check on ${dateOf(state.lostAt!)} found it pointing elsewhere, so new links use ${ourAddress}. Links you already shared keep working on both addresses. Fix the CNAME record, then check it again.`,
          ]
        : [
            'warning',
            `${state.domain} is not proven yet`,
            `Until DNS proves it is yours, links use ${ourAddress}. Create both records below and check it${state.pendingUntil ? ` before ${dateOf(state.pendingUntil)}, when an unproven domain is let go` : ''}.`,
          ];
  return (
    <div role="status" className={`domain-check__result domain-check__result--${tone} domain-standing`}>
      <p className="domain-check__title">{title}</p>
      <p className="domain-check__message">{text}</p>
    </div>
  );
}
