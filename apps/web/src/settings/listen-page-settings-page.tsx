import './page-settings.css';
import { useMemo, useState, type FormEvent } from 'react';
import { DEFAULT_NAMES, isProPlan } from '@vocal/settings-model';
import { TextField } from '@vocal/ui-kit';
import { ListenView } from '../listen/listen-view.tsx';
import { savedOutcome } from './field-errors.ts';
import { listenPageDraft, listenPagePatch, CUSTOM_LISTEN_THEME, type ListenPageDraft } from './listen-page-draft.ts';
import { LogoField } from './logo-field.tsx';
import { PreviewFrame } from './preview-frame.tsx';
import { ProNote } from './pro-note.tsx';
import { sampleListenPayload, useSampleAudio } from './sample-message.ts';
import { SaveBar } from './save-bar.tsx';
import { SettingsFrame, SettingsGroup } from './settings-frame.tsx';
import { SwitchField } from './switch-field.tsx';
import { themeIsValid } from './theme-choice.ts';
import { ThemePicker } from './theme-picker.tsx';
import { WithPersonalisation, type PersonalisationFormProps } from './with-personalisation.tsx';

/** /settings/listen-page: how the page a listener opens looks and what it offers, with a live preview. */
export default function ListenPageSettingsPage() {
  return (
    <SettingsFrame wide title="Listen page" description="What people see when they open one of your voice messages.">
      <WithPersonalisation>{(props) => <ListenPageForm {...props} />}</WithPersonalisation>
    </SettingsFrame>
  );
}

function ListenPageForm({ settings, user, form }: PersonalisationFormProps) {
  const pro = isProPlan(user.plan);
  const saved = useMemo(() => listenPageDraft(settings), [settings]);
  const [draft, setDraft] = useState<ListenPageDraft>(saved);
  const audioUrl = useSampleAudio();
  const dirty = JSON.stringify(draft) !== JSON.stringify(saved);
  const update = (change: Partial<ListenPageDraft>) => setDraft((current) => ({ ...current, ...change }));
  const { errors, saveState } = savedOutcome(form.state, 'listenPage');
  const validTheme = themeIsValid(draft.theme);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (validTheme) await form.save(listenPagePatch(settings, draft, pro));
  };

  const name = user.name === DEFAULT_NAMES.you ? DEFAULT_NAMES.someone : user.name;
  const proOnly = pro ? undefined : true;
  return (
    <div className="settings-split">
      <form className="settings-form" onSubmit={submit} noValidate aria-label="Listen page settings">
        <SettingsGroup title="Theme" hint="The colours of your listen pages, and of your collect page.">
          {pro ? null : <ProNote>Your own theme comes with Pro.</ProNote>}
          <ThemePicker value={draft.theme} customName={CUSTOM_LISTEN_THEME} disabled={proOnly} onChange={(theme) => update({ theme })} />
        </SettingsGroup>
        <SettingsGroup title="Logo" hint="Shown above the message.">
          {pro ? null : <ProNote>Your logo on the page comes with Pro.</ProNote>}
          <LogoField value={draft.logoUrl} disabled={proOnly} onChange={(logoUrl) => update({ logoUrl })} />
        </SettingsGroup>
        <SettingsGroup title="The message">
          <TextField
            label="Words after your name"
            hint={`Reads “${name} ${draft.strings.sharedWithYou}”.`}
            value={draft.strings.sharedWithYou}
            error={errors['strings.sharedWithYou']}
            onChange={(event) => update({ strings: { ...draft.strings, sharedWithYou: event.target.value } })}
          />
          <SwitchField
            label="Show the date"
            hint="The day the message was sent, under your name."
            checked={draft.date.shown}
            onChange={(shown) => update({ date: { shown } })}
          />
          <SwitchField
            label="Allow download"
            hint="A Download button for listeners. Off hides the button; anyone can still play the message."
            checked={draft.download.enabled}
            onChange={(enabled) => update({ download: { enabled } })}
          />
        </SettingsGroup>
        <SettingsGroup title="Replies and comments">
          <SwitchField
            label="Voice replies"
            hint="Listeners can record an answer."
            checked={draft.reply.enabled}
            onChange={(enabled) => update({ reply: { ...draft.reply, enabled } })}
          />
          {draft.reply.enabled ? (
            <TextField
              label="Reply button"
              value={draft.reply.label}
              error={errors['reply.label']}
              onChange={(event) => update({ reply: { ...draft.reply, label: event.target.value } })}
            />
          ) : null}
          <SwitchField
            label="Comments"
            hint="Listeners can write a comment under the message."
            checked={draft.comments.enabled}
            onChange={(enabled) => update({ comments: { enabled } })}
          />
        </SettingsGroup>
        <SettingsGroup title="Call to action" hint="A message and a button under the voice message.">
          {pro ? null : <ProNote>Your own call to action comes with Pro.</ProNote>}
          <SwitchField
            label="Show the call to action"
            checked={draft.cta.enabled}
            disabled={proOnly}
            onChange={(enabled) => update({ cta: { ...draft.cta, enabled } })}
          />
          {draft.cta.enabled ? (
            <>
              <TextField
                label="Message"
                value={draft.cta.message}
                disabled={proOnly}
                error={errors['cta.message']}
                onChange={(event) => update({ cta: { ...draft.cta, message: event.target.value } })}
              />
              <TextField
                label="Button"
                value={draft.cta.button}
                disabled={proOnly}
                error={errors['cta.button']}
                onChange={(event) => update({ cta: { ...draft.cta, button: event.target.value } })}
              />
              <TextField
                label="Button link"
                hint="An http or https address. Without one, your page shows no call to action."
                type="url"
                inputMode="url"
                placeholder="https://example.com"
                value={draft.cta.link ?? ''}
                disabled={proOnly}
                error={errors['cta.link']}
                onChange={(event) => update({ cta: { ...draft.cta, link: event.target.value } })}
              />
            </>
          ) : null}
        </SettingsGroup>
        <SaveBar state={saveState} dirty={dirty && validTheme} />
      </form>
      <div className="settings-split__preview">
        {audioUrl ? (
          <PreviewFrame address={`${window.location.host}/listen/…`}>
            <ListenView preview payload={sampleListenPayload(user, audioUrl, { ...draft, name, branding: !pro })} />
          </PreviewFrame>
        ) : null}
      </div>
    </div>
  );
}
