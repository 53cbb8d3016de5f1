import './report-issue-dialog.css';
import { reportIssueTextSchema } from '@vocal/settings-model';
import { useRef, useState } from 'react';
import { Button } from '../button/button.tsx';
import { Dialog } from '../dialog/dialog.tsx';
import { TextAreaField } from '../text-field/text-area-field.tsx';

export type ReportIssueDialogProps = {
  open: boolean;
  onClose: () => void;
  /**
   * Sends the report. While it is pending the Send Report button is busy; when it resolves the
   * dialog clears and closes, when it rejects the text stays and a message asks to try again.
   */
  onSubmit: (text: string) => Promise<void> | void;
};

export const REPORT_ISSUE_TEXT = {
  heading: 'Report an issue',
  explanation: 'Something not working as it should? Tell us about it and we will look into it.',
  hints: ['How and where does it happen?', 'Is there a specific way to reproduce it?'],
  label: 'What happened?',
  placeholder: 'Describe the issue…',
  submit: 'Send Report',
  sending: 'Sending…',
  cancel: 'Cancel',
  sendFailed: 'Your report could not be sent. Please try again.',
} as const;

function validate(text: string): string | null {
  const result = reportIssueTextSchema.safeParse(text);
  return result.success ? null : (result.error.issues[0]?.message ?? 'Required');
}

/** The report-issue overlay (spec section 2), validated by the spec's rule (section 5). */
export function ReportIssueDialog({ open, onClose, onSubmit }: ReportIssueDialogProps) {
  const [text, setText] = useState('');
  // Errors appear after the first attempt to send, then follow the text as it is corrected.
  const [attempted, setAttempted] = useState(false);
  const [sendFailed, setSendFailed] = useState(false);
  const textRef = useRef<HTMLTextAreaElement>(null);
  const error = attempted ? validate(text) : null;

  const send = async () => {
    setAttempted(true);
    setSendFailed(false);
    const problem = validate(text);
    if (problem) {
      textRef.current?.focus();
      return;
    }
    try {
      await onSubmit(reportIssueTextSchema.parse(text));
    } catch {
      setSendFailed(true);
      return;
    }
    setText('');
    setAttempted(false);
    onClose();
  };

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={REPORT_ISSUE_TEXT.heading}
      description={REPORT_ISSUE_TEXT.explanation}
      initialFocusRef={textRef}
      footer={
        <>
          <Button variant="ghost" onClick={onClose}>
            {REPORT_ISSUE_TEXT.cancel}
          </Button>
          <Button loadingLabel={REPORT_ISSUE_TEXT.sending} onClick={send}>
            {REPORT_ISSUE_TEXT.submit}
          </Button>
        </>
      }
    >
      <div className="vk-report-issue">
        <ul className="vk-report-issue__hints">
          {REPORT_ISSUE_TEXT.hints.map((hint) => (
            <li key={hint}>{hint}</li>
          ))}
        </ul>
        <TextAreaField
          ref={textRef}
          label={REPORT_ISSUE_TEXT.label}
          placeholder={REPORT_ISSUE_TEXT.placeholder}
          rows={5}
          value={text}
          onChange={(event) => setText(event.target.value)}
          error={error}
          required
        />
        {sendFailed ? (
          <p className="vk-report-issue__failure" role="alert">
            {REPORT_ISSUE_TEXT.sendFailed}
          </p>
        ) : null}
      </div>
    </Dialog>
  );
}
