import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { Button, copyToClipboard, CopyLinkField, TextAreaField } from '@vocal/ui-kit';
import { userAtom } from '../session/session-state.ts';

/**
 * Where a user finds their contact form: its link, and a snippet to put it on a website.
 * (Editing the form's strings and theme comes with the settings screen.)
 */
export default function ContactFormSettingsPage() {
  const user = useAtomValue(userAtom);
  if (!user) return null;
  const url = `${window.location.origin}/contact-form/${user.inviteCode}`;
  // allow="microphone": without it a browser refuses the microphone inside the frame.
  const snippet = `<iframe src="${url}" title="Send me a voice message" width="100%" height="680" style="border:0;max-width:560px" allow="microphone; clipboard-write"></iframe>`;
  return (
    <section className="settings-page" aria-labelledby="contact-form-title">
      <header className="page-header">
        <div>
          <h1 id="contact-form-title" className="page-header__title">
            Contact Form
          </h1>
          <p className="page-header__meta">Visitors send you a voice message, or a written one, from this form.</p>
        </div>
      </header>
      <div className="settings-page__group">
        <h2 className="settings-page__heading">Your form’s link</h2>
        <CopyLinkField url={url} label="Contact form link" hideLabel />
        <p className="settings-page__hint">
          <a href={url} target="_blank" rel="noopener">
            Open the form
          </a>{' '}
          to see what visitors see.
        </p>
      </div>
      <div className="settings-page__group">
        <h2 className="settings-page__heading">Put it on your website</h2>
        <TextAreaField
          label="Embed code"
          hint="Paste this where the form should appear."
          readOnly
          rows={4}
          value={snippet}
          onFocus={(event) => event.currentTarget.select()}
        />
        <CopyCodeButton code={snippet} />
      </div>
    </section>
  );
}

function CopyCodeButton({ code }: { code: string }) {
  const [copied, setCopied] = useState<boolean | null>(null);
  return (
    <div className="settings-page__row">
      <Button variant="secondary" onClick={async () => setCopied(await copyToClipboard(code))}>
        Copy embed code
      </Button>
      {copied === true ? <span className="settings-page__hint">Copied</span> : null}
      {copied === false ? <span className="settings-page__hint">Select the code above and copy it.</span> : null}
    </div>
  );
}
