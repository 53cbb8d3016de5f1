import { useEffect, useMemo, useState } from 'react';
import { emailSchema, type ContactFormPayload } from '@vocal/settings-model';
import { Button, EmailField, RecordFlow, Spinner, SubmitButton, TextAreaField } from '@vocal/ui-kit';
import { usePageTitle } from '../components/use-page-title.ts';
import { useRouteParam } from '../routes/route-params.ts';
import { webApi } from '../session/web-api.ts';
import { HoneypotField } from '../visitors/honeypot-field.tsx';
import { useMicrophonePermission } from '../visitors/use-microphone-permission.ts';
import { createVisitorHostAdapter } from '../visitors/visitor-host-adapter.ts';
import { VisitorPage, VisitorPageGone } from '../visitors/visitor-page.tsx';
import { VISITOR_RECORDING_PLAN, visitorRecorderApi } from '../visitors/visitor-recorder-api.ts';

type Load = { status: 'loading' } | { status: 'gone'; message: string; closed: boolean } | { status: 'ready'; form: ContactFormPayload };

/**
 * A site visitor sends the form's owner a voice message, or a written one; every string
 * and the theme are the owner's (contactForm settings, with the spec's defaults).
 */
export default function ContactFormPage() {
  const code = useRouteParam('id');
  const [load, setLoad] = useState<Load>({ status: 'loading' });
  useEffect(() => {
    void webApi()
      .getContactForm(code)
      .then((result) =>
        setLoad(
          result.ok ? { status: 'ready', form: result.data } : { status: 'gone', message: result.error.msg, closed: result.status === 403 },
        ),
      );
  }, [code]);
  usePageTitle(load.status === 'ready' ? `${load.form.strings.title} · ${load.form.name}` : 'Contact form');

  if (load.status === 'loading') {
    return (
      <main className="listen-page listen-page--state">
        <Spinner label="Loading the form" />
      </main>
    );
  }
  if (load.status === 'gone') return <VisitorPageGone message={load.message} closed={load.closed} />;
  return <ContactForm form={load.form} />;
}

/**
 * The form itself. `preview`: the settings page's live preview, showing `initialMode` as a
 * visitor first sees it (the microphone not yet allowed); the settings page makes it inert.
 */
export function ContactForm({
  form,
  preview = false,
  initialMode = 'voice',
}: {
  form: ContactFormPayload;
  preview?: boolean;
  initialMode?: 'voice' | 'write';
}) {
  const { strings } = form;
  const [mode, setMode] = useState<'voice' | 'write' | 'sent'>(initialMode);
  const [email, setEmail] = useState('');
  const [emailError, setEmailError] = useState<string | null>(null);
  const [message, setMessage] = useState('');
  const [messageError, setMessageError] = useState<string | null>(null);
  const [website, setWebsite] = useState('');
  const microphone = useMicrophonePermission();
  const permission = preview ? 'prompt' : microphone.permission;
  const request = microphone.request;
  const host = useMemo(() => createVisitorHostAdapter('contact-form'), []);
  const api = useMemo(
    () => visitorRecorderApi(webApi(), { target: `form:${form.code}`, platform: 'contact-form', details: () => ({ email }) }),
    [form.code, email],
  );

  const checkEmail = () => {
    const valid = emailSchema.safeParse(email).success;
    setEmailError(valid ? null : 'Enter a valid email address, so they can answer you');
    return valid;
  };

  if (mode === 'sent') {
    return (
      <VisitorPage theme={form.theme} user={form.user} name={form.name} title="Message sent" branding={form.branding}>
        <p className="visitor-card__sent" role="status">
          Thanks! {form.name} has your message and will answer at {email}.
        </p>
      </VisitorPage>
    );
  }

  const emailField = (
    <EmailField
      label={strings.emailPlaceholder}
      placeholder="you@example.com"
      value={email}
      onChange={(event) => setEmail(event.target.value)}
      onBlur={() => email && checkEmail()}
      error={emailError ?? undefined}
      required
    />
  );

  return (
    <VisitorPage
      preview={preview}
      theme={form.theme}
      user={form.user}
      name={form.name}
      title={strings.title}
      subtitle={mode === 'voice' ? strings.subtitle : undefined}
      branding={form.branding}
    >
      {mode === 'voice' ? (
        <div className="contact-form">
          {emailField}
          {permission === 'granted' ? (
            <RecordFlow
              host={host}
              api={api}
              plan={0}
              recordingPlan={VISITOR_RECORDING_PLAN}
              labels={{ start: strings.startRecording, stop: strings.stopRecording }}
              beforeStart={checkEmail}
              onShared={() => setMode('sent')}
            />
          ) : permission === 'unknown' ? (
            <Spinner size="sm" label="Checking the microphone" />
          ) : (
            <div className="contact-form__permission">
              <p className="contact-form__permission-title">{strings.micPermissionTitle}</p>
              {permission === 'denied' ? (
                <p className="contact-form__hint" role="alert">
                  The microphone is blocked for this page. Allow it in your browser's settings, or write instead.
                </p>
              ) : null}
              <Button onClick={request}>{strings.micPermissionButton}</Button>
            </div>
          )}
          <button type="button" className="contact-form__switch" onClick={() => setMode('write')}>
            {strings.writeInstead}
          </button>
        </div>
      ) : (
        <form className="contact-form" onSubmit={(event) => event.preventDefault()} noValidate>
          {emailField}
          <TextAreaField
            label="Message"
            name="message"
            rows={6}
            placeholder={strings.messagePlaceholder}
            value={message}
            onChange={(event) => setMessage(event.target.value)}
            error={messageError ?? undefined}
          />
          <HoneypotField value={website} onChange={setWebsite} />
          <SubmitButton
            loadingLabel="Sending…"
            onSubmit={async () => {
              const emailValid = checkEmail();
              setMessageError(message.trim() ? null : 'Write your message first');
              if (!emailValid || !message.trim()) return;
              const result = await webApi().sendContactMessage(form.code, { email, message, website: website || undefined });
              if (result.ok) setMode('sent');
              else setMessageError(result.error.msg);
            }}
          >
            Send message
          </SubmitButton>
          <button type="button" className="contact-form__switch" onClick={() => setMode('voice')}>
            Send a voice message instead
          </button>
        </form>
      )}
    </VisitorPage>
  );
}
