import { useEffect, useRef, useState, type DragEvent } from 'react';
import { Button } from '@vocal/ui-kit';
import type { User } from '@vocal/settings-model';
import { initialsOf } from '../../components/initials.ts';
import { webApi } from '../../session/web-api.ts';
import { useAccountSave } from '../use-account-save.ts';
import { AvatarCropper } from './avatar-cropper.tsx';
import { initialCrop, type Crop } from './crop-geometry.ts';
import { loadPicture, renderAvatar } from './render-avatar.ts';

type Chosen = { image: HTMLImageElement; url: string; crop: Crop };
type Status = { kind: 'idle' } | { kind: 'saved'; text: string } | { kind: 'failed'; text: string };

const ACCEPTED = 'image/png,image/jpeg,image/webp,image/gif';

/**
 * The person's picture: choose a file (or drop one), crop it square, and it is drawn at
 * 1024 px as a PNG, uploaded through POST /image and set as the account's avatarUrl.
 * Choosing no file changes nothing (spec section 5).
 */
export function AvatarField({ user }: { user: User }) {
  const saveAccount = useAccountSave();
  const fileInput = useRef<HTMLInputElement>(null);
  const cropper = useRef<HTMLDivElement>(null);
  const photoButton = useRef<HTMLButtonElement>(null);
  // Set when the cropper closes, so focus returns to the button that opened it, not the page.
  const returnFocus = useRef(false);
  const [chosen, setChosen] = useState<Chosen | null>(null);
  const [dropping, setDropping] = useState(false);
  const [status, setStatus] = useState<Status>({ kind: 'idle' });

  // An object URL holds the whole file in memory until it is let go: when another file is
  // chosen or the crop closes (not when the crop moves, which keeps the same URL).
  const chosenUrl = chosen?.url;
  useEffect(() => () => (chosenUrl ? URL.revokeObjectURL(chosenUrl) : undefined), [chosenUrl]);
  // The crop takes the keyboard as soon as it appears: arrows and +/- work at once.
  const hasChosen = chosen !== null;
  useEffect(() => {
    if (hasChosen) cropper.current?.querySelector<HTMLElement>('[tabindex="0"]')?.focus();
    else if (returnFocus.current) photoButton.current?.focus();
    returnFocus.current = false;
  }, [hasChosen]);

  const closeCropper = () => {
    returnFocus.current = true;
    setChosen(null);
  };

  async function choose(file: File | undefined) {
    if (!file) return;
    setStatus({ kind: 'idle' });
    const loaded = await loadPicture(file);
    if (!loaded) {
      setStatus({ kind: 'failed', text: 'That file is not a picture this browser can read. Try a PNG or JPEG.' });
      return;
    }
    const size = { width: loaded.image.naturalWidth, height: loaded.image.naturalHeight };
    setChosen({ ...loaded, crop: initialCrop(size) });
  }

  async function savePhoto() {
    if (!chosen) return;
    const png = await renderAvatar(chosen.image, chosen.crop);
    const uploaded = await webApi().uploadImage(png, 'avatar.png', 'avatar');
    if (!uploaded.ok) {
      setStatus({ kind: 'failed', text: uploaded.error.msg });
      return;
    }
    const saved = await saveAccount({ avatarUrl: uploaded.data.url });
    if (!saved.ok) {
      setStatus({ kind: 'failed', text: saved.message });
      return;
    }
    closeCropper();
    setStatus({ kind: 'saved', text: 'Photo saved' });
  }

  async function removePhoto() {
    const saved = await saveAccount({ avatarUrl: null });
    setStatus(saved.ok ? { kind: 'saved', text: 'Photo removed' } : { kind: 'failed', text: saved.message });
  }

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDropping(false);
    void choose([...event.dataTransfer.files].find((file) => file.type.startsWith('image/')) ?? event.dataTransfer.files[0]);
  };

  return (
    <div
      className={dropping ? 'avatar-field avatar-field--dropping' : 'avatar-field'}
      onDragOver={(event) => {
        event.preventDefault();
        setDropping(true);
      }}
      onDragLeave={() => setDropping(false)}
      onDrop={onDrop}
    >
      {chosen ? (
        <div ref={cropper} className="avatar-field__editor">
          <AvatarCropper
            source={chosen.url}
            picture={{ width: chosen.image.naturalWidth, height: chosen.image.naturalHeight }}
            crop={chosen.crop}
            onCropChange={(crop) => setChosen({ ...chosen, crop })}
          />
          <div className="avatar-field__actions">
            <Button onClick={savePhoto} loadingLabel="Saving…">
              Save photo
            </Button>
            <Button variant="secondary" onClick={closeCropper}>
              Cancel
            </Button>
          </div>
        </div>
      ) : (
        <div className="avatar-field__current">
          {user.avatarUrl ? (
            <img className="avatar-field__picture" src={user.avatarUrl} alt="Your photo" width={96} height={96} />
          ) : (
            <span className="avatar-field__picture avatar-field__picture--initials" aria-hidden="true">
              {initialsOf(user)}
            </span>
          )}
          <div className="avatar-field__choices">
            <div className="avatar-field__actions">
              <Button ref={photoButton} variant="secondary" onClick={() => fileInput.current?.click()}>
                {user.avatarUrl ? 'Change photo' : 'Upload photo'}
              </Button>
              {user.avatarUrl ? (
                <Button variant="ghost" onClick={removePhoto} loadingLabel="Removing…">
                  Remove photo
                </Button>
              ) : null}
            </div>
            <p className="avatar-field__hint">PNG, JPEG, WebP or GIF. You can also drop a picture here. You crop it next.</p>
          </div>
        </div>
      )}
      <input
        ref={fileInput}
        className="avatar-field__file"
        type="file"
        accept={ACCEPTED}
        aria-label="Photo file"
        tabIndex={-1}
        onChange={(event) => {
          const file = event.target.files?.[0];
          // Cleared so choosing the same file again still counts as a choice.
          event.target.value = '';
          void choose(file);
        }}
      />
      <p className="avatar-field__status" role="status">
        {status.kind === 'saved' ? status.text : null}
        {status.kind === 'failed' ? <span className="avatar-field__error">{status.text}</span> : null}
      </p>
    </div>
  );
}
