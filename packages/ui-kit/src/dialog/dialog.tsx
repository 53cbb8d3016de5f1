import './dialog.css';
import { useId, useRef, useState, type KeyboardEvent, type MouseEvent, type PointerEvent, type ReactNode, type RefObject } from 'react';
import { createPortal } from 'react-dom';
import { classNames } from '../internal/class-names.ts';
import { CloseIcon } from '../internal/icons.tsx';
import { useThemeRoot } from '../theme/use-theme-root.ts';
import { useFocusTrap } from './use-focus-trap.ts';
import { useScrollLock } from './use-scroll-lock.ts';

export type DialogProps = {
  open: boolean;
  /** Called for Escape, the close button and (unless turned off) a click on the backdrop. */
  onClose: () => void;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  /** Actions, laid out at the end of the dialog (stacked on a phone). */
  footer?: ReactNode;
  /** What gets focus on opening; by default the first control. */
  initialFocusRef?: RefObject<HTMLElement | null>;
  closeOnBackdropClick?: boolean;
  closeLabel?: string;
  className?: string;
};

/**
 * A modal dialog over a backdrop, portalled into the nearest ThemeProvider so it keeps the
 * theme. Focus is trapped while open and given back on close; Escape closes.
 */
export function Dialog({
  open,
  onClose,
  title,
  description,
  children,
  footer,
  initialFocusRef,
  closeOnBackdropClick = true,
  closeLabel = 'Close',
  className,
}: DialogProps) {
  const themeRoot = useThemeRoot();
  const [panel, setPanel] = useState<HTMLDivElement | null>(null);
  const titleId = useId();
  const descriptionId = useId();
  // A press that starts inside the panel and ends on the backdrop (selecting text) is not a click outside.
  const pressedBackdrop = useRef(false);

  useFocusTrap(panel, open, initialFocusRef);
  useScrollLock(open);

  // Inside a provider that has not mounted yet: wait one commit for its element.
  if (!open || themeRoot === null) return null;

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape') return;
    // Portals bubble through React parents: only the innermost dialog closes.
    event.stopPropagation();
    onClose();
  };
  const onPointerDown = (event: PointerEvent) => {
    pressedBackdrop.current = event.target === event.currentTarget;
  };
  const onBackdropClick = (event: MouseEvent) => {
    if (closeOnBackdropClick && pressedBackdrop.current && event.target === event.currentTarget) onClose();
    pressedBackdrop.current = false;
  };

  return createPortal(
    <div className="vk-dialog" onKeyDown={onKeyDown} onPointerDown={onPointerDown} onClick={onBackdropClick}>
      <div
        ref={setPanel}
        className={classNames('vk-dialog__panel', className)}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={description ? descriptionId : undefined}
        tabIndex={-1}
      >
        {/* Divs, not header/footer: portalled outside <main>, those would be a second banner and contentinfo landmark. */}
        <div className="vk-dialog__header">
          <h2 id={titleId} className="vk-dialog__title">
            {title}
          </h2>
          <button type="button" className="vk-dialog__close" aria-label={closeLabel} onClick={onClose}>
            <CloseIcon />
          </button>
        </div>
        {description ? (
          <p id={descriptionId} className="vk-dialog__description">
            {description}
          </p>
        ) : null}
        {children ? <div className="vk-dialog__body">{children}</div> : null}
        {footer ? <div className="vk-dialog__footer">{footer}</div> : null}
      </div>
    </div>,
    themeRoot ?? document.body,
  );
}
