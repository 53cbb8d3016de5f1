import './recorder-settings-page.css';
import { useState, type FormEvent } from 'react';
import type { RecorderSettings } from '@vocal/settings-model';
import { Button, MicrophonePicker } from '@vocal/ui-kit';
import { SaveBar } from './save-bar.tsx';
import { SettingsFrame, SettingsGroup } from './settings-frame.tsx';
import { SwitchField } from './switch-field.tsx';
import { useMicrophoneList } from './use-microphone-list.ts';
import { usePersonalisationForm } from './use-personalisation-form.ts';

type Draft = Pick<RecorderSettings, 'deviceId' | 'skipReview'>;

/** The recorder's defaults: which microphone it opens, and whether Stop goes straight to the link. */
export default function RecorderSettingsPage() {
  const { settings, save, state } = usePersonalisationForm();
  return (
    <SettingsFrame title="Recorder" description="How recording starts and ends, wherever you record.">
      {settings ? <RecorderForm initial={settings.recorder} save={save} state={state} /> : null}
    </SettingsFrame>
  );
}

function RecorderForm({ initial, save, state }: { initial: Draft } & Pick<ReturnType<typeof usePersonalisationForm>, 'save' | 'state'>) {
  const [saved, setSaved] = useState<Draft>({ deviceId: initial.deviceId, skipReview: initial.skipReview });
  const [draft, setDraft] = useState<Draft>(saved);
  const microphones = useMicrophoneList();
  const dirty = draft.deviceId !== saved.deviceId || draft.skipReview !== saved.skipReview;

  async function submit(event: FormEvent) {
    event.preventDefault();
    const result = await save({ recorder: draft });
    if (result) {
      const next = { deviceId: result.recorder.deviceId, skipReview: result.recorder.skipReview };
      setSaved(next);
      setDraft(next);
    }
  }

  return (
    <form className="settings-form" onSubmit={submit} aria-label="Recorder">
      <SettingsGroup title="Microphone" hint="The one the recorder opens. If it is not plugged in, your system's default is used.">
        {!microphones.supported ? (
          <p className="settings-page__hint">This browser gives no access to microphones here.</p>
        ) : (
          <div className="recorder-settings__microphone">
            <MicrophonePicker
              inputs={microphones.inputs ?? []}
              deviceId={draft.deviceId}
              onChange={(deviceId) => setDraft((current) => ({ ...current, deviceId }))}
            />
            {microphones.named ? null : (
              <div className="recorder-settings__names">
                <p className="settings-page__hint">Your browser shows microphones' names only once you allow the microphone.</p>
                <Button
                  type="button"
                  variant="secondary"
                  onClick={microphones.askForNames}
                  loading={microphones.request.status === 'asking'}
                >
                  Show microphone names
                </Button>
              </div>
            )}
            {microphones.request.status === 'refused' ? (
              <p className="recorder-settings__refused" role="alert">
                {microphones.request.message}
              </p>
            ) : null}
          </div>
        )}
      </SettingsGroup>
      <SettingsGroup title="After you stop">
        <SwitchField
          label="Skip the review"
          hint="Stop gives you the link at once, without listening back or adding a title first."
          checked={draft.skipReview}
          onChange={(skipReview) => setDraft((current) => ({ ...current, skipReview }))}
        />
      </SettingsGroup>
      <SaveBar state={state} dirty={dirty} />
    </form>
  );
}
