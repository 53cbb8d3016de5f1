import './fatal-error-screen.css';
import { FATAL_ERROR_TEXT } from '@vocal/settings-model';
import { useEffect, useId, useRef, useState } from 'react';
import { Button } from '../button/button.tsx';
import { useFocusTrap } from '../dialog/use-focus-trap.ts';
import { classNames } from '../internal/class-names.ts';

export type FatalErrorScreenProps = {
  /** Clears the error; the app carries on. */
  onContinue: () => void;
  /** Over the page, which stays mounted beneath, rather than in its place. */
  overlay?: boolean;
  className?: string;
};

/** The fatal-error screen of spec section 2, in the basic layout: a centred message and Continue. */
export function FatalErrorScreen({ onContinue, overlay = false, className }: FatalErrorScreenProps) {
  const id = useId();
  const titleRef = useRef<HTMLHeadingElement>(null);
  const [container, setContainer] = useState<HTMLDivElement | null>(null);
  useFocusTrap(container, overlay, titleRef);
  // Focus on the title makes a screen reader announce what happened; Tab then reaches Continue.
  useEffect(() => {
    if (!overlay) titleRef.current?.focus({ preventScroll: true });
  }, [overlay]);
  return (
    <div
      ref={setContainer}
      className={classNames('vk-fatal-error', overlay && 'vk-fatal-error--overlay', className)}
      role={overlay ? 'alertdialog' : 'region'}
      aria-modal={overlay || undefined}
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-subtitle`}
    >
      <div className="vk-fatal-error__card">
        <div className="vk-fatal-error__mark" aria-hidden="true">
          <svg viewBox="0 0 48 48" width="48" height="48" fill="none">
            <circle cx="24" cy="24" r="22" fill="currentColor" opacity="0.14" />
            <path d="M24 14v12" stroke="currentColor" strokeWidth="3.5" strokeLinecap="round" />
            <circle cx="24" cy="33" r="2.25" fill="currentColor" />
          </svg>
        </div>
        <h1 id={`${id}-title`} ref={titleRef} tabIndex={-1} className="vk-fatal-error__title">
          {FATAL_ERROR_TEXT.title}
        </h1>
        <p id={`${id}-subtitle`} className="vk-fatal-error__subtitle">
          {FATAL_ERROR_TEXT.subtitle}
        </p>
        <Button size="lg" onClick={onContinue} className="vk-fatal-error__continue">
          {FATAL_ERROR_TEXT.button}
        </Button>
      </div>
    </div>
  );
}
