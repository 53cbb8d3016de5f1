import './signature-page.css';
import { useAtomValue } from 'jotai';
import { useId, useState, type FormEvent } from 'react';
import { isProPlan, type AttachmentSettings, type Personalisation, type SignatureSettings, type Theme } from '@vocal/settings-model';
import { attachmentFileName, TextField } from '@vocal/ui-kit';
import { userAtom } from '../session/session-state.ts';
import { SaveBar } from './save-bar.tsx';
import { SettingsFrame, SettingsGroup } from './settings-frame.tsx';
import { SignaturePreview } from './signature-preview.tsx';
import { SwitchField } from './switch-field.tsx';
import { usePersonalisationForm } from './use-personalisation-form.ts';

type Draft = { signature: SignatureSettings; attachment: AttachmentSettings };
const draftOf = (settings: Personalisation): Draft => ({ signature: settings.signature, attachment: settings.attachment });

/** What goes into an email with the link: the signature message and theme, and the MP3 attachment. */
export default function SignaturePage() {
  const { settings, save, state } = usePersonalisationForm();
  const user = useAtomValue(userAtom);
  return (
    <SettingsFrame
      title="Signature"
      description="What goes into your email with the link, when you record from Outlook and the other add-ins."
      wide
    >
      {settings ? (
        <SignatureForm
          initial={draftOf(settings)}
          themes={settings.themes}
          pro={user ? isProPlan(user.plan) : false}
          save={save}
          state={state}
        />
      ) : null}
    </SettingsFrame>
  );
}

function SignatureForm({
  initial,
  themes,
  pro,
  save,
  state,
}: { initial: Draft; themes: Theme[]; pro: boolean } & Pick<ReturnType<typeof usePersonalisationForm>, 'save' | 'state'>) {
  const [saved, setSaved] = useState(initial);
  const [draft, setDraft] = useState(initial);
  const dirty = JSON.stringify(draft) !== JSON.stringify(saved);
  const setSignature = (change: Partial<SignatureSettings>) =>
    setDraft((current) => ({ ...current, signature: { ...current.signature, ...change } }));
  const setAttachment = (change: Partial<AttachmentSettings>) =>
    setDraft((current) => ({ ...current, attachment: { ...current.attachment, ...change } }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    // The theme is sent only when it changed: a Free account may save the rest.
    const signature =
      draft.signature.theme === saved.signature.theme
        ? { enabled: draft.signature.enabled, message: draft.signature.message }
        : draft.signature;
    const result = await save({ signature, attachment: draft.attachment });
    if (result) {
      setSaved(draftOf(result));
      setDraft(draftOf(result));
    }
  }

  return (
    <div className="settings-split">
      <form className="settings-form" onSubmit={submit} aria-label="Signature">
        <SettingsGroup title="Message">
          <SwitchField
            label="Add a message with the link"
            hint="Off: only the link goes into your email."
            checked={draft.signature.enabled}
            onChange={(enabled) => setSignature({ enabled })}
          />
          <TextField
            label="Message"
            value={draft.signature.message}
            maxLength={500}
            disabled={!draft.signature.enabled}
            onChange={(event) => setSignature({ message: event.currentTarget.value })}
            hint="Empty goes back to “Hey, check out my voice message!”."
          />
          <ThemeChoice themes={themes} value={draft.signature.theme} disabled={!pro} onChange={(theme) => setSignature({ theme })} />
        </SettingsGroup>
        <SettingsGroup title="Attachment">
          <SwitchField
            label="Attach the recording as an MP3"
            hint="Where the add-in can attach files (Outlook), the message also travels as a file."
            checked={draft.attachment.enabled}
            onChange={(enabled) => setAttachment({ enabled })}
          />
          <TextField
            label="File name"
            value={draft.attachment.name}
            maxLength={100}
            disabled={!draft.attachment.enabled}
            onChange={(event) => setAttachment({ name: event.currentTarget.value })}
            hint={`Attached as ${attachmentFileName(draft.attachment.name)}`}
          />
        </SettingsGroup>
        <SaveBar state={state} dirty={dirty} />
      </form>
      <div className="settings-split__preview">
        <SignaturePreview settings={{ signature: draft.signature, themes }} />
      </div>
    </div>
  );
}

/** The signature's theme, one of the account's themes (signature.theme is its index). */
function ThemeChoice({
  themes,
  value,
  disabled,
  onChange,
}: {
  themes: Theme[];
  value: number;
  disabled: boolean;
  onChange: (index: number) => void;
}) {
  const name = useId();
  return (
    <fieldset className="signature-themes" disabled={disabled}>
      <legend className="signature-themes__legend">Theme</legend>
      <p className="settings-page__hint">
        {disabled
          ? 'Choosing a theme is part of Pro.'
          : 'Colours the button of the link the add-ins insert, darkened where white text would not read on it. The text keeps your email’s own font.'}
      </p>
      <div className="signature-themes__options">
        {themes.map((theme, index) => (
          <label key={`${theme.name}-${index}`} className="signature-themes__option">
            <input type="radio" name={name} value={index} checked={value === index} onChange={() => onChange(index)} />
            <span
              className="signature-themes__swatch"
              aria-hidden="true"
              style={{ background: theme.background, borderColor: theme.primary }}
            >
              <span style={{ background: theme.primary }} />
            </span>
            <span>{theme.name}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
