import { useState } from 'react';
import type { CustomDomainState, DomainCheck } from '@vocal/settings-model';
import { Button } from '@vocal/ui-kit';
import { webApi } from '../../session/web-api.ts';

type CheckState =
  { status: 'idle' } | { status: 'checking' } | { status: 'done'; check: DomainCheck } | { status: 'failed'; message: string };

const OUTCOME_TITLES: Record<DomainCheck['status'], string> = {
  'points-here': 'Your domain points here',
  'points-elsewhere': 'Your domain points somewhere else',
  'no-records': 'Your domain has no record yet',
  'not-found': 'Your domain does not exist yet',
  unanswered: 'The DNS check did not get an answer',
};

/**
 * The Check button: resolves the saved domain on the server and says whether it points here
 * and is proven, in words (never what it resolves to). The answer is announced politely;
 * nothing moves above it. A check that proves the domain makes the account its holder.
 */
export function DomainCheckPanel({
  domain,
  disabledReason,
  onChecked,
}: {
  domain: string | null;
  disabledReason: string | null;
  onChecked(state: CustomDomainState): void;
}) {
  const [state, setState] = useState<CheckState>({ status: 'idle' });

  async function check() {
    setState({ status: 'checking' });
    const result = await webApi().checkDomain();
    if (result.ok) onChecked(result.data.state);
    setState(result.ok ? { status: 'done', check: result.data } : { status: 'failed', message: result.error.msg.replace(/^domain: /, '') });
  }

  const outcome = state.status === 'done' ? state.check : null;
  const tone = outcome?.status === 'points-here' && outcome.proven ? 'good' : 'warning';
  return (
    <div className="domain-check">
      <div className="domain-check__row">
        <Button variant="secondary" onClick={check} loading={state.status === 'checking'} disabled={disabledReason !== null}>
          {domain ? `Check ${domain}` : 'Check DNS'}
        </Button>
        {disabledReason ? <p className="domain-check__why">{disabledReason}</p> : null}
      </div>
      <div role="status" aria-live="polite" className="domain-check__status">
        {outcome ? (
          <div className={`domain-check__result domain-check__result--${tone}`}>
            <p className="domain-check__title">
              {outcome.status === 'points-here' && outcome.proven
                ? 'Your domain points here and is proven yours'
                : OUTCOME_TITLES[outcome.status]}
            </p>
            <p className="domain-check__message">{outcome.message}</p>
          </div>
        ) : null}
        {state.status === 'failed' ? (
          <div className="domain-check__result domain-check__result--warning">
            <p className="domain-check__message">{state.message}</p>
          </div>
        ) : null}
      </div>
    </div>
  );
}
