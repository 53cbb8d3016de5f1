import { useState, type ReactNode } from 'react';
import { Button } from '@zendeskgarden/react-buttons';
import { Alert } from '@zendeskgarden/react-notifications';
import { LG, Paragraph, SM } from '@zendeskgarden/react-typography';

/*
 * The sidebar's own controls, drawn with Zendesk Garden so they look like the rest of the
 * agent's workspace. Garden stays in src/host/ (tooling/eslint/host-sdks.js lists it with
 * Zendesk's SDK); the sidebar's pages use these.
 */

export type SidebarButtonProps = {
  children: ReactNode;
  onClick(): void | Promise<void>;
  /** primary: the one thing to do; basic: a quiet action such as Sign out. */
  variant?: 'primary' | 'basic';
  stretched?: boolean;
  small?: boolean;
  /** Shown while onClick's promise is pending (the button is then disabled). */
  busyLabel?: string;
};

export function SidebarButton({ children, onClick, variant = 'primary', stretched, small, busyLabel }: SidebarButtonProps) {
  const [busy, setBusy] = useState(false);
  const click = async () => {
    setBusy(true);
    try {
      await onClick();
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      isPrimary={variant === 'primary'}
      isBasic={variant === 'basic'}
      isStretched={stretched}
      size={small ? 'small' : 'medium'}
      disabled={busy}
      onClick={() => void click()}
    >
      {busy && busyLabel ? busyLabel : children}
    </Button>
  );
}

/** What just happened (a cancelled sign-in, a window that failed): Garden's alert, read out politely unless it is an error. */
export function SidebarNotice({ tone, children }: { tone: 'info' | 'error'; children: ReactNode }) {
  return (
    <Alert type={tone} role={tone === 'error' ? 'alert' : 'status'}>
      <Paragraph>{children}</Paragraph>
    </Alert>
  );
}

export function SidebarTitle({ id, children }: { id?: string; children: ReactNode }) {
  return (
    <LG tag="h1" id={id} isBold>
      {children}
    </LG>
  );
}

export function SidebarText({ children }: { children: ReactNode }) {
  return <Paragraph>{children}</Paragraph>;
}

/** Small print: who is signed in, where a window opens. */
export function SidebarHint({ children }: { children: ReactNode }) {
  return (
    <SM tag="p" className="sidebar__hint">
      {children}
    </SM>
  );
}
