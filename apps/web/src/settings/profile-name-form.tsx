import { useState, type FormEvent } from 'react';
import { DEFAULT_NAMES, type User } from '@vocal/settings-model';
import { TextField } from '@vocal/ui-kit';
import { SaveBar } from './save-bar.tsx';
import { useAccountSave } from './use-account-save.ts';
import type { SaveState } from './use-personalisation-form.ts';

/** The default "You" is shown as an empty field: it is what you are called until you choose. */
const editableName = (name: string) => (name === DEFAULT_NAMES.you ? '' : name);

/** The person's display name, as listeners, mails and link previews show it. */
export function ProfileNameForm({ user }: { user: User }) {
  const saveAccount = useAccountSave();
  const [name, setName] = useState(editableName(user.name));
  const [state, setState] = useState<SaveState>({ status: 'idle' });
  const dirty = name.trim() !== editableName(user.name);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setState({ status: 'saving' });
    const saved = await saveAccount({ name });
    if (!saved.ok) return setState({ status: 'failed', message: saved.message });
    setName(editableName(saved.user.name));
    setState({ status: 'saved' });
  }

  return (
    <form className="profile-form" onSubmit={onSubmit} noValidate>
      <TextField
        label="Your name"
        hint={`Listeners see it on your voice messages, link previews and forms. Empty, you are "${DEFAULT_NAMES.someone}" to them.`}
        value={name}
        maxLength={100}
        autoComplete="name"
        onChange={(event) => {
          setName(event.target.value);
          if (state.status !== 'saving') setState({ status: 'idle' });
        }}
      />
      <SaveBar state={state} dirty={dirty} label="Save name" />
    </form>
  );
}
