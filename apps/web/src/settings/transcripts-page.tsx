import './transcripts-page.css';
import { useAtomValue } from 'jotai';
import { useEffect, useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import { isProPlan, type TranscriberInfo } from '@vocal/settings-model';
import { userAtom } from '../session/session-state.ts';
import { webApi } from '../session/web-api.ts';
import { SaveBar } from './save-bar.tsx';
import { SettingsFrame, SettingsGroup } from './settings-frame.tsx';
import { SwitchField } from './switch-field.tsx';
import { usePersonalisationForm } from './use-personalisation-form.ts';

/** The server's engine in words; undefined while asking, null when it could not be told. */
function engineInWords(engine: TranscriberInfo['engine'] | undefined | 'unknown'): string {
  if (engine === undefined) return 'Checking…';
  if (engine === 'unknown') return 'Could not be checked just now. Reload the page to try again.';
  if (engine === 'local') return 'pocketsphinx on this server';
  if (engine === 'openai') return 'an OpenAI-compatible API';
  return 'not configured';
}

/** Whether new messages get a transcript (defaults.transcriptions), and which engine makes them. */
export default function TranscriptsPage() {
  const { settings, save, state } = usePersonalisationForm();
  const user = useAtomValue(userAtom);
  const [engine, setEngine] = useState<TranscriberInfo['engine'] | undefined | 'unknown'>(undefined);
  const [saved, setSaved] = useState<boolean | null>(null);
  const [draft, setDraft] = useState<boolean | null>(null);

  useEffect(() => {
    let live = true;
    void webApi()
      .getTranscriber()
      .then((result) => live && setEngine(result.ok ? result.data.engine : 'unknown'));
    return () => {
      live = false;
    };
  }, []);

  const description = 'Text of what you said, beside each message, for listeners who would rather read.';
  if (!settings)
    return (
      <SettingsFrame title="Transcripts" description={description}>
        {null}
      </SettingsFrame>
    );
  const current = saved ?? settings.defaults.transcriptions;
  const value = draft ?? current;
  const pro = user ? isProPlan(user.plan) : false;

  async function submit(event: FormEvent) {
    event.preventDefault();
    const result = await save({ defaults: { transcriptions: value } });
    if (result) {
      setSaved(result.defaults.transcriptions);
      setDraft(null);
    }
  }

  return (
    <SettingsFrame title="Transcripts" description={description}>
      <form className="settings-form" onSubmit={submit} aria-label="Transcripts">
        <SettingsGroup title="New messages">
          <SwitchField
            label="Transcribe new messages"
            hint="A message you send from now on gets a transcript on its listen page. Any message can still be transcribed from its page."
            checked={value}
            onChange={setDraft}
          />
          {pro ? null : (
            <p className="settings-page__hint">
              Transcripts come with Pro: this choice applies once you have it. <Link href="/upgrade">See your plan</Link>.
            </p>
          )}
        </SettingsGroup>
        <SettingsGroup title="Engine">
          <dl className="transcripts-engine">
            <dt>Transcripts on this server are made by</dt>
            <dd data-testid="transcription-engine">{engineInWords(engine)}</dd>
          </dl>
          {engine === null ? (
            <p className="settings-page__hint">
              Until the administrator installs pocketsphinx or sets TRANSCRIPTION_API_URL on the server, messages have no transcript.
            </p>
          ) : null}
        </SettingsGroup>
        <SaveBar state={state} dirty={value !== current} />
      </form>
    </SettingsFrame>
  );
}
