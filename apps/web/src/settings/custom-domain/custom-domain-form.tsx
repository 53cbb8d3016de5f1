import { useState, type FormEvent } from 'react';
import { TextField } from '@vocal/ui-kit';
import { SaveBar } from '../save-bar.tsx';
import { useAccountSave } from '../use-account-save.ts';
import type { SaveState } from '../use-personalisation-form.ts';

/** What the person typed, as the server will keep it: no scheme, path or trailing dot, lower case. */
export const typedDomain = (value: string) =>
  value
    .trim()
    .toLowerCase()
    .replace(/^[a-z]+:\/\//, '')
    .replace(/[/?#].*$/, '')
    .replace(/\.$/, '');

/** The custom domain field; empty and saved, listen links use this server's own address again. */
export function CustomDomainForm({ saved, value, onChange }: { saved: string | null; value: string; onChange(value: string): void }) {
  const saveAccount = useAccountSave();
  const [state, setState] = useState<SaveState>({ status: 'idle' });
  const dirty = typedDomain(value) !== (saved ?? '');

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setState({ status: 'saving' });
    const domain = typedDomain(value);
    const result = await saveAccount({ domain: domain === '' ? null : domain });
    if (!result.ok) return setState({ status: 'failed', message: result.message.replace(/^domain: /, '') });
    onChange(result.user.domain ?? '');
    setState({ status: 'saved' });
  }

  return (
    <form className="custom-domain__form" onSubmit={onSubmit} noValidate>
      <TextField
        label="Domain"
        hint="A subdomain you own, such as voice.yourcompany.com. Leave it empty to use this server's address."
        placeholder="voice.yourcompany.com"
        value={value}
        inputMode="url"
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        maxLength={253}
        onChange={(event) => {
          onChange(event.target.value);
          if (state.status !== 'saving') setState({ status: 'idle' });
        }}
      />
      <SaveBar state={state} dirty={dirty} label="Save domain" />
    </form>
  );
}
