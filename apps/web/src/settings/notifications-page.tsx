import { useState, type FormEvent } from 'react';
import type { NotificationMailKind, NotificationSettings, Personalisation } from '@vocal/settings-model';
import { SaveBar } from './save-bar.tsx';
import { SettingsFrame, SettingsGroup } from './settings-frame.tsx';
import { SwitchField } from './switch-field.tsx';
import { usePersonalisationForm } from './use-personalisation-form.ts';

/** Each kind of mail, in the words the page uses. */
const KINDS: { kind: NotificationMailKind; label: string; hint: string }[] = [
  { kind: 'reply', label: 'Voice replies', hint: 'Someone answered one of your messages by voice.' },
  { kind: 'comment', label: 'Comments', hint: 'Someone commented under one of your messages.' },
  { kind: 'contactForm', label: 'Contact-form messages', hint: 'A visitor sent you a voice or written message from your website.' },
  { kind: 'collect', label: 'Collected messages', hint: 'Someone recorded a message for you through your collection link.' },
  {
    kind: 'firstListen',
    label: 'First listen',
    hint: 'A delivery receipt: the first time someone other than you plays a message you sent.',
  },
];

type Draft = { all: boolean; kinds: NotificationSettings };
const draftOf = (settings: Personalisation): Draft => ({ all: settings.defaults.notifications, kinds: settings.notifications });
const sameDraft = (a: Draft, b: Draft) => JSON.stringify(a) === JSON.stringify(b);

/** Which mails the owner gets, one by one or as one daily digest (settings notifications and defaults.notifications). */
export default function NotificationsPage() {
  const { settings, save, state } = usePersonalisationForm();
  return (
    <SettingsFrame title="Notifications" description="Which emails you get when people answer, write to you or listen.">
      {settings ? <NotificationsForm initial={draftOf(settings)} save={save} state={state} /> : null}
    </SettingsFrame>
  );
}

function NotificationsForm({
  initial,
  save,
  state,
}: { initial: Draft } & Pick<ReturnType<typeof usePersonalisationForm>, 'save' | 'state'>) {
  const [saved, setSaved] = useState(initial);
  const [draft, setDraft] = useState(initial);
  const dirty = !sameDraft(draft, saved);
  const setKind = (kind: keyof NotificationSettings, on: boolean) =>
    setDraft((current) => ({ ...current, kinds: { ...current.kinds, [kind]: on } }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    const result = await save({ defaults: { notifications: draft.all }, notifications: draft.kinds });
    if (result) setSaved(draftOf(result));
  }

  return (
    <form className="settings-form" onSubmit={submit} aria-label="Notification emails">
      <SettingsGroup title="Email">
        <SwitchField
          label="Notification emails"
          hint="Off: no notification email at all, whatever is chosen below."
          checked={draft.all}
          onChange={(on) => setDraft((current) => ({ ...current, all: on }))}
        />
      </SettingsGroup>
      <SettingsGroup title="Email me about" hint={draft.all ? null : 'Turn notification emails on to choose.'}>
        {KINDS.map(({ kind, label, hint }) => (
          <SwitchField
            key={kind}
            label={label}
            hint={hint}
            checked={draft.kinds[kind]}
            disabled={!draft.all}
            onChange={(on) => setKind(kind, on)}
          />
        ))}
      </SettingsGroup>
      <SettingsGroup title="How often">
        <SwitchField
          label="Daily digest"
          hint="One email a day, shortly after midnight UTC, listing what came in the day before, instead of one email each time."
          checked={draft.kinds.digest}
          disabled={!draft.all}
          onChange={(on) => setKind('digest', on)}
        />
      </SettingsGroup>
      <p className="settings-page__hint">Every notification email has an unsubscribe link that works in one click, without signing in.</p>
      <SaveBar state={state} dirty={dirty} />
    </form>
  );
}
