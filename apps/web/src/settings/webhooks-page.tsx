import './api-tokens-page.css';
import './webhooks-page.css';
import { useEffect, useState, type FormEvent } from 'react';
import { WEBHOOK_EVENT_TYPES, type CreatedWebhook, type Webhook, type WebhookEventType } from '@vocal/settings-model';
import { Button, ConfirmDialog, TextField } from '@vocal/ui-kit';
import { webApi } from '../session/web-api.ts';
import { SettingsFrame, SettingsGroup } from './settings-frame.tsx';
import { ListState, ShownOnce, type ListLoad } from './shown-once.tsx';

type Load = ListLoad<Webhook>;

const EVENT_WORDS: Record<WebhookEventType, string> = {
  'message.created': 'A message of yours is uploaded',
  'message.first_listen': 'Someone listens to a message of yours for the first time',
  'reply.created': 'Someone replies by voice',
  'comment.created': 'Someone comments',
  'contact.received': 'A message arrives through your contact form or collection',
  'transcript.completed': 'A transcript is ready',
};

/** How long the log is asked again after a test event, and how often. */
const WATCH_MS = 30_000;
const WATCH_EVERY_MS = 2_000;

const timeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'short', timeStyle: 'medium' });

/**
 * Webhooks (issue 29): the account's events POSTed to the person's own URLs, signed; each
 * with its secret (shown once), a test event, and the log of its latest deliveries.
 */
export default function WebhooksPage() {
  const [load, setLoad] = useState<Load>({ kind: 'loading' });
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<WebhookEventType[]>(['reply.created', 'contact.received']);
  const [adding, setAdding] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const [created, setCreated] = useState<CreatedWebhook | null>(null);
  const [removing, setRemoving] = useState<Webhook | null>(null);
  const [removeError, setRemoveError] = useState<string | null>(null);
  const [status, setStatus] = useState('');
  const [watchUntil, setWatchUntil] = useState(0);

  async function refresh() {
    const result = await webApi().listWebhooks();
    setLoad(result.ok ? { kind: 'ready', items: result.data.webhooks } : { kind: 'failed', message: result.error.msg });
  }

  useEffect(() => {
    void refresh();
  }, []);

  // After a test event the delivery happens on the server's queue: the log is asked again for a while.
  useEffect(() => {
    if (watchUntil === 0) return;
    const timer = setInterval(() => {
      if (Date.now() > watchUntil) setWatchUntil(0);
      else void refresh();
    }, WATCH_EVERY_MS);
    return () => clearInterval(timer);
  }, [watchUntil]);

  async function add(event: FormEvent) {
    event.preventDefault();
    if (!url.trim()) return setFormError('Enter the URL your receiver listens on');
    if (events.length === 0) return setFormError('Choose at least one event');
    setAdding(true);
    const result = await webApi().createWebhook({ url: url.trim(), events });
    setAdding(false);
    if (!result.ok) return setFormError(result.error.msg.replace(/^url: /, 'URL: '));
    setFormError(null);
    setUrl('');
    setCreated(result.data);
    setStatus('Webhook added. Copy its signing secret now: it is not shown again.');
    await refresh();
  }

  async function sendTest(webhook: Webhook) {
    const result = await webApi().testWebhook(webhook.id);
    if (!result.ok) return setStatus(result.error.msg);
    setStatus(`Test event sent to ${webhook.url}. Its delivery shows in the log below.`);
    setWatchUntil(Date.now() + WATCH_MS);
  }

  async function remove() {
    if (!removing) return;
    const result = await webApi().deleteWebhook(removing.id);
    if (!result.ok) return setRemoveError(result.error.msg);
    if (created?.id === removing.id) setCreated(null);
    setStatus(`Webhook to ${removing.url} removed: nothing more is sent to it.`);
    setRemoving(null);
    setRemoveError(null);
    await refresh();
  }

  const toggle = (type: WebhookEventType, on: boolean) =>
    setEvents((current) =>
      on ? WEBHOOK_EVENT_TYPES.filter((each) => each === type || current.includes(each)) : current.filter((each) => each !== type),
    );

  return (
    <SettingsFrame
      title="Webhooks"
      description="Tell your own systems the moment something happens: each event is POSTed to your URL, signed."
    >
      <SettingsGroup
        title="Add a webhook"
        hint="Deliveries follow the Standard Webhooks specification: check the signature with your secret before trusting one. A receiver that fails is tried again 7 times, over about 20 minutes."
      >
        <form className="api-tokens__form" onSubmit={(event) => void add(event)} noValidate>
          <TextField
            label="URL"
            type="url"
            inputMode="url"
            placeholder="https://hooks.example.com/vocal"
            value={url}
            error={formError ?? undefined}
            onChange={(event) => setUrl(event.target.value)}
          />
          <fieldset className="api-tokens__scopes">
            <legend>Events</legend>
            {WEBHOOK_EVENT_TYPES.map((type) => (
              <label key={type} className="api-tokens__scope">
                <input type="checkbox" checked={events.includes(type)} onChange={(event) => toggle(type, event.target.checked)} />
                <span>
                  <span className="api-tokens__scope-label">{EVENT_WORDS[type]}</span>
                  <code className="api-tokens__scope-hint">{type}</code>
                </span>
              </label>
            ))}
          </fieldset>
          <div>
            <Button type="submit" loading={adding} loadingLabel="Adding…">
              Add webhook
            </Button>
          </div>
        </form>
        {created ? (
          <ShownOnce value={created.secret} label={`Signing secret for ${created.url}`}>
            Copy it now and keep it with your receiver: this is the only time it is shown.
          </ShownOnce>
        ) : null}
      </SettingsGroup>
      <p className="api-tokens__status" role="status" aria-live="polite">
        {status}
      </p>
      <SettingsGroup title="Your webhooks">
        <ListState load={load} loading="Loading your webhooks" empty="You have no webhooks yet." />
        {load.kind === 'ready'
          ? load.items.map((webhook) => (
              <article key={webhook.id} className="webhook" aria-label={`Webhook to ${webhook.url}`}>
                <div className="webhook__head">
                  <div className="api-tokens__who">
                    <span className="api-tokens__name">{webhook.url}</span>
                    <span className="api-tokens__meta">{webhook.events.join(', ')}</span>
                  </div>
                  <div className="webhook__actions">
                    <Button variant="secondary" size="sm" onClick={() => void sendTest(webhook)}>
                      Send test event<span className="vk-visually-hidden"> to {webhook.url}</span>
                    </Button>
                    <Button variant="secondary" size="sm" onClick={() => setRemoving(webhook)}>
                      Remove<span className="vk-visually-hidden"> the webhook to {webhook.url}</span>
                    </Button>
                  </div>
                </div>
                {webhook.deliveries.length === 0 ? (
                  <p className="api-tokens__empty">Nothing delivered yet.</p>
                ) : (
                  // Scrolls sideways on a phone: a region the keyboard can reach and scroll.
                  <div className="webhook__log-scroll" tabIndex={0} role="region" aria-label={`Latest deliveries to ${webhook.url}`}>
                    <table className="webhook__log">
                      <thead>
                        <tr>
                          <th scope="col">When</th>
                          <th scope="col">Event</th>
                          <th scope="col">Try</th>
                          <th scope="col">Answer</th>
                          <th scope="col">Time</th>
                        </tr>
                      </thead>
                      <tbody>
                        {webhook.deliveries.map((delivery) => (
                          <tr key={`${delivery.eventId}-${delivery.attempt}`}>
                            <td>{timeFormat.format(new Date(delivery.at))}</td>
                            <td>
                              <code>{delivery.type}</code>
                            </td>
                            <td>{delivery.attempt}</td>
                            <td className={delivery.status !== null && delivery.status < 300 ? 'webhook__ok' : 'webhook__failed'}>
                              {delivery.status ?? 'No answer'}
                              {delivery.error && delivery.status === null ? `: ${delivery.error}` : ''}
                            </td>
                            <td>{delivery.durationMs} ms</td>
                          </tr>
                        ))}
                      </tbody>
                    </table>
                  </div>
                )}
              </article>
            ))
          : null}
      </SettingsGroup>
      {removing ? (
        <ConfirmDialog
          open
          onClose={() => {
            setRemoving(null);
            setRemoveError(null);
          }}
          title="Remove this webhook?"
          description={`Nothing more is sent to ${removing.url}, retries included. Add it again to get a new secret.`}
          keepLabel="Keep"
          confirmLabel="Remove webhook"
          busyLabel="Removing…"
          onConfirm={() => remove()}
        >
          {removeError ? (
            <p className="save-bar__error" role="alert">
              {removeError}
            </p>
          ) : null}
        </ConfirmDialog>
      ) : null}
    </SettingsFrame>
  );
}
