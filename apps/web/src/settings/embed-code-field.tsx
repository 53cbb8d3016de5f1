import { useState } from 'react';
import { Button, copyToClipboard, TextAreaField } from '@vocal/ui-kit';

/**
 * A snippet to paste into a website, in a box that wraps (never cut off on a phone), with a
 * Copy button; when the clipboard refuses, the code is selected for the person to copy.
 */
export function EmbedCodeField({ code, hint }: { code: string; hint: string }) {
  const [copied, setCopied] = useState<boolean | null>(null);
  return (
    <div className="embed-code">
      <TextAreaField
        label="Embed code"
        hint={hint}
        readOnly
        rows={5}
        className="embed-code__field"
        value={code}
        onFocus={(event) => event.currentTarget.select()}
      />
      <div className="settings-page__row">
        <Button variant="secondary" onClick={async () => setCopied(await copyToClipboard(code))}>
          Copy embed code
        </Button>
        <span className="settings-page__hint" role="status">
          {copied === true ? 'Copied' : copied === false ? 'Select the code above and copy it.' : null}
        </span>
      </div>
    </div>
  );
}
