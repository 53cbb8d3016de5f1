import { useId, useRef, useState } from 'react';
import { Button } from '@vocal/ui-kit';
import { webApi } from '../session/web-api.ts';

const ACCEPTED = 'image/png,image/jpeg,image/gif';

/**
 * The logo at the top of the listen page: uploaded at once (POST /image) so the preview shows
 * it, and kept in the settings only when the form is saved.
 */
export function LogoField(props: { value: string | null; disabled?: boolean; onChange: (url: string | null) => void }) {
  const input = useRef<HTMLInputElement>(null);
  const statusId = useId();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const upload = async (file: File | undefined) => {
    if (!file) return;
    setBusy(true);
    setError(null);
    const result = await webApi().uploadImage(file, file.name, 'logo');
    setBusy(false);
    if (input.current) input.current.value = '';
    if (result.ok) props.onChange(result.data.url);
    else setError(result.error.msg.replace(/^img: /, ''));
  };

  return (
    <div className="logo-field">
      <div className="logo-field__preview">
        {props.value ? <img src={props.value} alt="Your logo" /> : <span className="logo-field__empty">No logo</span>}
      </div>
      <div className="logo-field__actions">
        <input
          ref={input}
          type="file"
          accept={ACCEPTED}
          className="vk-visually-hidden"
          tabIndex={-1}
          aria-hidden="true"
          onChange={(event) => void upload(event.currentTarget.files?.[0])}
        />
        <Button
          variant="secondary"
          size="sm"
          disabled={props.disabled}
          loading={busy}
          loadingLabel="Uploading…"
          aria-describedby={statusId}
          onClick={() => input.current?.click()}
        >
          {props.value ? 'Replace logo' : 'Upload logo'}
        </Button>
        {props.value ? (
          <Button variant="ghost" size="sm" disabled={props.disabled} onClick={() => props.onChange(null)}>
            Remove logo
          </Button>
        ) : null}
        <p id={statusId} className={error ? 'logo-field__status logo-field__status--error' : 'logo-field__status'} role="status">
          {error ?? 'PNG, JPEG or GIF, up to 5 MB and 4096 pixels a side. Shown at most 48 px high.'}
        </p>
      </div>
    </div>
  );
}
