import './copy-link-field.css';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Button } from '../button/button.tsx';
import { copyToClipboard } from '../clipboard/copy-to-clipboard.ts';
import { classNames } from '../internal/class-names.ts';
import { CheckIcon, CopyIcon } from '../internal/icons.tsx';
import { Field } from '../text-field/field.tsx';

export type CopyLinkFieldProps = {
  url: string;
  label?: ReactNode;
  hideLabel?: boolean;
  /** Called after a successful copy. */
  onCopied?: () => void;
  className?: string;
};

/** How long "Copied" stays before the button reads "Copy" again. */
export const COPIED_FEEDBACK_MS = 2000;

function copyShortcut(): string {
  const platform = typeof navigator === 'undefined' ? '' : navigator.platform || navigator.userAgent;
  return /Mac|iPhone|iPad/i.test(platform) ? '⌘C' : 'Ctrl+C';
}

/**
 * A read-only field with a link and a Copy button. When the clipboard refuses, the link is
 * selected and a hint asks the person to copy it themselves, so sharing never dead-ends.
 */
export function CopyLinkField({ url, label = 'Link', hideLabel, onCopied, className }: CopyLinkFieldProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const [status, setStatus] = useState<'idle' | 'copied' | 'failed'>('idle');
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const selectLink = () => inputRef.current?.select();

  const copy = async () => {
    clearTimeout(timer.current);
    if (await copyToClipboard(url)) {
      setStatus('copied');
      onCopied?.();
      timer.current = setTimeout(() => setStatus('idle'), COPIED_FEEDBACK_MS);
    } else {
      setStatus('failed');
      inputRef.current?.focus();
      selectLink();
    }
  };

  const copied = status === 'copied';
  return (
    <Field
      label={label}
      hideLabel={hideLabel}
      className={classNames('vk-copy-link', className)}
      describedBy={status === 'failed' ? hintId : undefined}
    >
      {(control) => (
        <>
          <div className="vk-copy-link__row">
            <input
              {...control}
              ref={inputRef}
              className="vk-field__control vk-copy-link__input"
              type="url"
              value={url}
              readOnly
              onFocus={selectLink}
              onClick={selectLink}
            />
            <Button
              variant={copied ? 'secondary' : 'primary'}
              className={classNames('vk-copy-link__button', copied && 'vk-copy-link__button--copied')}
              icon={copied ? <CheckIcon /> : <CopyIcon />}
              onClick={copy}
            >
              {copied ? 'Copied' : 'Copy'}
            </Button>
          </div>
          <p id={hintId} className="vk-copy-link__status" role="status">
            {status === 'failed' ? `Copying is blocked here. Press ${copyShortcut()} to copy the link.` : null}
            {copied ? <span className="vk-visually-hidden">Link copied</span> : null}
          </p>
        </>
      )}
    </Field>
  );
}
