import './unsubscribe-page.css';
import { useEffect, useRef, useState } from 'react';
import { Link, useSearch } from 'wouter';
import type { MailUnsubscribeResponse, UnsubscribeKind } from '@vocal/settings-model';
import { Button } from '@vocal/ui-kit';
import { webApi } from '../session/web-api.ts';

/** What each link turns off, as a person reads it. */
const MAILS: Record<UnsubscribeKind, string> = {
  all: 'notification emails',
  reply: 'emails about voice replies',
  comment: 'emails about comments',
  contactForm: 'emails about contact-form messages',
  collect: 'emails about collected messages',
  firstListen: 'first-listen receipts',
};

type PageState = { status: 'working' } | { status: 'done'; result: MailUnsubscribeResponse } | { status: 'failed'; message: string };

/**
 * Where a notification mail's unsubscribe link leads a person (GET /api/unsubscribe sends them
 * here): the page unsubscribes when it runs, so a scanner fetching the link changes nothing,
 * then says what was turned off and offers it back. No sign-in: the link's token is enough.
 */
export default function UnsubscribePage() {
  const token = new URLSearchParams(useSearch()).get('token') ?? '';
  const [state, setState] = useState<PageState>({ status: 'working' });
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void webApi()
      .unsubscribeMail(token)
      .then((result) => setState(result.ok ? { status: 'done', result: result.data } : { status: 'failed', message: result.error.msg }));
  }, [token]);

  async function turnBackOn() {
    const result = await webApi().resubscribeMail(token);
    setState(result.ok ? { status: 'done', result: result.data } : { status: 'failed', message: result.error.msg });
  }

  return (
    <section className="unsubscribe-page" aria-labelledby="unsubscribe-title" aria-busy={state.status === 'working'}>
      {state.status === 'working' ? (
        <h1 id="unsubscribe-title" className="unsubscribe-page__title">
          Unsubscribing…
        </h1>
      ) : state.status === 'failed' ? (
        <>
          <h1 id="unsubscribe-title" className="unsubscribe-page__title">
            This link did not work
          </h1>
          <p className="unsubscribe-page__text" role="alert">
            {state.message}
          </p>
          <Link href="/settings/notifications" className="unsubscribe-page__link">
            Open notification settings
          </Link>
        </>
      ) : (
        <Outcome result={state.result} onTurnBackOn={turnBackOn} />
      )}
    </section>
  );
}

function Outcome({ result, onTurnBackOn }: { result: MailUnsubscribeResponse; onTurnBackOn: () => Promise<void> }) {
  const mails = MAILS[result.kind];
  return (
    <>
      <h1 id="unsubscribe-title" className="unsubscribe-page__title">
        {result.subscribed ? 'You are subscribed again' : 'You are unsubscribed'}
      </h1>
      <p className="unsubscribe-page__text" role="status">
        {result.subscribed ? `You will get ${mails} again.` : `You will no longer get ${mails} from Vocal.`}
      </p>
      <div className="unsubscribe-page__actions">
        {result.subscribed ? null : (
          <Button type="button" variant="secondary" onClick={onTurnBackOn}>
            Turn it back on
          </Button>
        )}
        <Link href="/settings/notifications" className="unsubscribe-page__link">
          Open notification settings
        </Link>
      </div>
    </>
  );
}
