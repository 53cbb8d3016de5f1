import '../settings/page-settings.css';
import { useMemo, useState, type FormEvent } from 'react';
import { DEFAULT_NAMES, isProPlan, resolveTheme, toPublicUser, type ContactFormSettings, type Theme } from '@vocal/settings-model';
import { Button, TextField } from '@vocal/ui-kit';
import { CONTACT_FORM_STRING_FIELDS } from '../settings/contact-form-strings.ts';
import { savedOutcome } from '../settings/field-errors.ts';
import { PreviewFrame } from '../settings/preview-frame.tsx';
import { ProNote } from '../settings/pro-note.tsx';
import { SaveBar } from '../settings/save-bar.tsx';
import { SettingsFrame, SettingsGroup } from '../settings/settings-frame.tsx';
import { ShareKit } from '../settings/share-kit.tsx';
import { themeIsValid, themeSave } from '../settings/theme-choice.ts';
import { ThemePicker } from '../settings/theme-picker.tsx';
import { WithPersonalisation, type PersonalisationFormProps } from '../settings/with-personalisation.tsx';
import { ContactForm } from './contact-form-page.tsx';

const CUSTOM_FORM_THEME = 'Contact form';

type Draft = { strings: ContactFormSettings['strings']; theme: Theme };

/** /settings/form: the contact form's words and theme with a live preview, and the ways to hand it out. */
export default function ContactFormSettingsPage() {
  return (
    <SettingsFrame wide title="Contact Form" description="Visitors send you a voice message, or a written one, from this form.">
      <WithPersonalisation>{(props) => <ContactFormSettings {...props} />}</WithPersonalisation>
    </SettingsFrame>
  );
}

function ContactFormSettings({ settings, user, form }: PersonalisationFormProps) {
  const pro = isProPlan(user.plan);
  const saved = useMemo<Draft>(
    () => ({ strings: settings.contactForm.strings, theme: resolveTheme(settings.themes, settings.contactForm.theme) }),
    [settings],
  );
  const [draft, setDraft] = useState<Draft>(saved);
  const [previewMode, setPreviewMode] = useState<'voice' | 'write'>('voice');
  const { errors, saveState } = savedOutcome(form.state, 'contactForm');
  const dirty = JSON.stringify(draft) !== JSON.stringify(saved);
  const validTheme = themeIsValid(draft.theme);
  const url = `${window.location.origin}/contact-form/${user.inviteCode}`;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!validTheme) return;
    const contactForm: Record<string, unknown> = { strings: draft.strings };
    if (!pro) return void (await form.save({ contactForm }));
    const placed = themeSave(settings.themes, draft.theme, CUSTOM_FORM_THEME);
    await form.save({ contactForm: { ...contactForm, theme: placed.index }, ...(placed.themes ? { themes: placed.themes } : {}) });
  };

  const payload = {
    code: user.inviteCode,
    user: toPublicUser(user),
    name: user.name === DEFAULT_NAMES.you ? DEFAULT_NAMES.someone : user.name,
    strings: draft.strings,
    theme: draft.theme,
    branding: !pro,
  };

  return (
    <>
      <div className="settings-split">
        <form className="settings-form" onSubmit={submit} noValidate aria-label="Contact form settings">
          <SettingsGroup title="Theme">
            {pro ? null : <ProNote>Your own theme comes with Pro.</ProNote>}
            <ThemePicker
              value={draft.theme}
              customName={CUSTOM_FORM_THEME}
              disabled={pro ? undefined : true}
              onChange={(theme) => setDraft((current) => ({ ...current, theme }))}
            />
          </SettingsGroup>
          <SettingsGroup title="Words" hint="Every word a visitor reads on the form. An emptied field goes back to its default.">
            {CONTACT_FORM_STRING_FIELDS.map((field) => (
              <TextField
                key={field.key}
                label={field.label}
                hint={field.hint}
                value={draft.strings[field.key]}
                error={errors[`strings.${field.key}`]}
                onFocus={() => setPreviewMode(field.key === 'messagePlaceholder' ? 'write' : 'voice')}
                onChange={(event) => {
                  const value = event.target.value;
                  setDraft((current) => ({ ...current, strings: { ...current.strings, [field.key]: value } }));
                }}
              />
            ))}
          </SettingsGroup>
          <SaveBar state={saveState} dirty={dirty && validTheme} />
        </form>
        <div className="settings-split__preview">
          <PreviewFrame
            address={url.replace(/^https?:\/\//, '')}
            actions={<PreviewModeSwitch mode={previewMode} onChange={setPreviewMode} />}
          >
            <ContactForm key={previewMode} form={payload} preview initialMode={previewMode} />
          </PreviewFrame>
        </div>
      </div>
      <ShareKit url={url} what="contact form" embedTitle="Send me a voice message" fileName="contact-form-qr" />
    </>
  );
}

/** Which state of the form the preview shows; the words being edited pick it too. */
function PreviewModeSwitch({ mode, onChange }: { mode: 'voice' | 'write'; onChange: (mode: 'voice' | 'write') => void }) {
  return (
    <div className="preview-frame__mode" role="group" aria-label="Preview shows">
      {(['voice', 'write'] as const).map((choice) => (
        <Button
          key={choice}
          variant={mode === choice ? 'secondary' : 'ghost'}
          size="sm"
          aria-pressed={mode === choice}
          onClick={() => onChange(choice)}
        >
          {choice === 'voice' ? 'Voice message' : 'Written message'}
        </Button>
      ))}
    </div>
  );
}
