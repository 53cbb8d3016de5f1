import './api-tokens-page.css';
import { useEffect, useState, type FormEvent } from 'react';
import type { ApiToken, ApiTokenScope, CreatedApiToken } from '@vocal/settings-model';
import { Button, ConfirmDialog, TextField } from '@vocal/ui-kit';
import { webApi } from '../session/web-api.ts';
import { SettingsFrame, SettingsGroup } from './settings-frame.tsx';
import { ListState, ShownOnce, type ListLoad } from './shown-once.tsx';

type Load = ListLoad<ApiToken>;

const SCOPES: { value: ApiTokenScope; label: string; hint: string }[] = [
  { value: 'read', label: 'Read', hint: 'Lists and fetches your messages, replies, transcripts and settings.' },
  { value: 'write', label: 'Read and write', hint: 'Also records, edits, moves and deletes messages and changes settings.' },
];

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const when = (iso: string | null) => (iso ? dateFormat.format(new Date(iso)) : 'Never');

/**
 * Personal API tokens (issue 29): a script's own key to the API, made here and shown once,
 * listed by name and scope with when it was last used, and revoked at once.
 */
export default function ApiTokensPage() {
  const [load, setLoad] = useState<Load>({ kind: 'loading' });
  const [name, setName] = useState('');
  const [scope, setScope] = useState<ApiTokenScope>('read');
  const [creating, setCreating] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const [created, setCreated] = useState<CreatedApiToken | null>(null);
  const [revoking, setRevoking] = useState<ApiToken | null>(null);
  const [revokeError, setRevokeError] = useState<string | null>(null);
  const [status, setStatus] = useState('');

  async function refresh() {
    const result = await webApi().listApiTokens();
    setLoad(result.ok ? { kind: 'ready', items: result.data.tokens } : { kind: 'failed', message: result.error.msg });
  }

  useEffect(() => {
    void refresh();
  }, []);

  async function create(event: FormEvent) {
    event.preventDefault();
    if (!name.trim()) return setFormError('Give the token a name, such as the script that will use it');
    setCreating(true);
    const result = await webApi().createApiToken({ name, scope });
    setCreating(false);
    if (!result.ok) return setFormError(result.error.msg);
    setFormError(null);
    setName('');
    setCreated(result.data);
    setStatus(`Token “${result.data.name}” made. Copy it now: it is not shown again.`);
    await refresh();
  }

  async function revoke() {
    if (!revoking) return;
    const result = await webApi().revokeApiToken(revoking.id);
    if (!result.ok) return setRevokeError(result.error.msg);
    if (created?.id === revoking.id) setCreated(null);
    setStatus(`Token “${revoking.name}” revoked: it no longer works.`);
    setRevoking(null);
    setRevokeError(null);
    await refresh();
  }

  return (
    <SettingsFrame
      title="API tokens"
      description="Keys for your own scripts and automations to use the Vocal API as you, without your password."
    >
      <SettingsGroup
        title="Make a token"
        hint="A token acts as you on the API within its scope. It can never change your password, email address, billing or tokens."
      >
        <form className="api-tokens__form" onSubmit={(event) => void create(event)} noValidate>
          <TextField
            label="Name"
            hint="What will use it, so you know which to revoke later."
            value={name}
            maxLength={100}
            error={formError ?? undefined}
            onChange={(event) => setName(event.target.value)}
          />
          <fieldset className="api-tokens__scopes">
            <legend>Scope</legend>
            {SCOPES.map((option) => (
              <label key={option.value} className="api-tokens__scope">
                <input
                  type="radio"
                  name="scope"
                  value={option.value}
                  checked={scope === option.value}
                  onChange={() => setScope(option.value)}
                />
                <span>
                  <span className="api-tokens__scope-label">{option.label}</span>
                  <span className="api-tokens__scope-hint">{option.hint}</span>
                </span>
              </label>
            ))}
          </fieldset>
          <div>
            <Button type="submit" loading={creating} loadingLabel="Making…">
              Make token
            </Button>
          </div>
        </form>
        {created ? (
          <ShownOnce value={created.token} label={`Your new token, “${created.name}”`}>
            Copy it now and keep it somewhere safe: this is the only time it is shown. Send it as{' '}
            <code>Authorization: Bearer {created.token.slice(0, 14)}…</code>
          </ShownOnce>
        ) : null}
      </SettingsGroup>
      <p className="api-tokens__status" role="status" aria-live="polite">
        {status}
      </p>
      <SettingsGroup title="Your tokens">
        <ListState load={load} loading="Loading your tokens" empty="You have no API tokens yet." />
        {load.kind === 'ready' && load.items.length > 0 ? (
          <ul className="api-tokens__list">
            {load.items.map((token) => (
              <li key={token.id} className="api-tokens__row">
                <div className="api-tokens__who">
                  <span className="api-tokens__name">{token.name}</span>
                  <span className="api-tokens__meta">
                    {token.scope === 'read' ? 'Read' : 'Read and write'} · made {when(token.createdAt)} · last used {when(token.lastUsedAt)}
                  </span>
                </div>
                <Button variant="secondary" size="sm" className="api-tokens__revoke" onClick={() => setRevoking(token)}>
                  Revoke<span className="vk-visually-hidden"> {token.name}</span>
                </Button>
              </li>
            ))}
          </ul>
        ) : null}
      </SettingsGroup>
      {revoking ? (
        <ConfirmDialog
          open
          onClose={() => {
            setRevoking(null);
            setRevokeError(null);
          }}
          title={`Revoke “${revoking.name}”?`}
          description="Anything using it stops working at once. This cannot be undone: make a new token to give access again."
          keepLabel="Keep"
          confirmLabel="Revoke token"
          busyLabel="Revoking…"
          onConfirm={() => revoke()}
        >
          {revokeError ? (
            <p className="save-bar__error" role="alert">
              {revokeError}
            </p>
          ) : null}
        </ConfirmDialog>
      ) : null}
    </SettingsFrame>
  );
}
