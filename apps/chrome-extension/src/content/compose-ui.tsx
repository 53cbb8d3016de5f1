import { useEffect, useRef, useState } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { BUTTON_CELL_CLASS, sendCell, type ComposeWindow } from '../gmail/gmail-selectors.ts';
import type { ComposeUi } from './gmail-compose-manager.ts';
import css from './content.css?inline';

/** The recorder frame's size: the host-shell panels' narrow width, tall enough for the review step. */
export const FRAME_SIZE = { width: 360, height: 620 };
const MARGIN = 8;

/** A shadow root with our styles, so Gmail's CSS and ours never meet. */
function shadowMount(host: HTMLElement): Root {
  const shadow = host.attachShadow({ mode: 'open' });
  const style = document.createElement('style');
  style.textContent = css;
  const mount = document.createElement('div');
  shadow.append(style, mount);
  return createRoot(mount);
}

function MicrophoneIcon() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <rect x="9" y="3" width="6" height="11" rx="3" fill="currentColor" />
      <path d="M6 11a6 6 0 0 0 12 0M12 17v4" stroke="currentColor" strokeWidth="2" fill="none" strokeLinecap="round" />
    </svg>
  );
}

/** The button in a compose window's toolbar, beside Send. */
function ComposeButton({ onPress, state }: { onPress(): void; state: { subscribe(listener: () => void): () => void; isOpen(): boolean } }) {
  const [open, setOpen] = useState(state.isOpen());
  useEffect(() => state.subscribe(() => setOpen(state.isOpen())), [state]);
  return (
    <button
      type="button"
      className="vocal-button"
      aria-label="Record a voice message"
      title="Record a voice message with Vocal"
      aria-expanded={open}
      // Keep the cursor where it is in the email: the link goes there.
      onMouseDown={(event) => event.preventDefault()}
      onClick={onPress}
    >
      <MicrophoneIcon />
    </button>
  );
}

/** The recorder: an extension page framed over Gmail, above the compose window's toolbar. */
function ComposeFrame({ src, compose }: { src: string; compose: ComposeWindow }) {
  const frame = useRef<HTMLIFrameElement>(null);
  const [place, setPlace] = useState(() => placeFor(compose));
  useEffect(() => {
    const update = () => setPlace(placeFor(compose));
    window.addEventListener('resize', update);
    frame.current?.focus();
    return () => window.removeEventListener('resize', update);
  }, [compose]);
  return (
    <iframe
      ref={frame}
      className="vocal-frame"
      title="Vocal voice message recorder"
      src={src}
      allow="microphone; clipboard-write"
      style={place}
    />
  );
}

/** Right-aligned with the compose window, its bottom just above the toolbar, inside the viewport. */
function placeFor(compose: ComposeWindow) {
  const toolbar = compose.toolbar.getBoundingClientRect();
  const root = compose.root.getBoundingClientRect();
  const height = Math.min(FRAME_SIZE.height, window.innerHeight - 2 * MARGIN);
  const width = Math.min(FRAME_SIZE.width, window.innerWidth - 2 * MARGIN);
  const top = Math.max(MARGIN, Math.min(toolbar.top - MARGIN - height, window.innerHeight - MARGIN - height));
  const left = Math.max(MARGIN, Math.min(root.right - width, window.innerWidth - MARGIN - width));
  return { top, left, width, height };
}

/** Draws the buttons and the one open frame; `frameUrl` names the extension page for a compose window. */
export function createComposeUi(frameUrl: (composeId: string) => string): ComposeUi {
  let frameHost: HTMLElement | null = null;
  let frameRoot: Root | null = null;
  let openFor: { composeId: string; button: HTMLElement | null } | null = null;
  const listeners = new Set<() => void>();
  const notify = () => listeners.forEach((listener) => listener());

  const ui: ComposeUi = {
    addButton(compose, onPress) {
      const cell = document.createElement('td');
      cell.className = BUTTON_CELL_CLASS;
      const send = sendCell(compose);
      if (send) send.after(cell);
      else compose.toolbar.append(cell);
      // A table cell cannot hold a shadow root: a span in it does.
      const host = document.createElement('span');
      cell.append(host);
      const isOpen = () => openFor?.button === host;
      const state = {
        isOpen,
        subscribe(listener: () => void) {
          listeners.add(listener);
          return () => listeners.delete(listener);
        },
      };
      const press = () => {
        if (isOpen()) ui.closeFrame();
        else {
          onPress();
          if (openFor) openFor.button = host;
          notify();
        }
      };
      shadowMount(host).render(<ComposeButton onPress={press} state={state} />);
    },

    openFrame(compose, composeId) {
      ui.closeFrame();
      frameHost = document.createElement('div');
      frameHost.className = 'vocal-frame-host';
      document.body.append(frameHost);
      frameRoot = shadowMount(frameHost);
      frameRoot.render(<ComposeFrame src={frameUrl(composeId)} compose={compose} />);
      openFor = { composeId, button: null };
    },

    closeFrame() {
      const button = openFor?.button?.shadowRoot?.querySelector('button');
      frameRoot?.unmount();
      frameHost?.remove();
      frameHost = null;
      frameRoot = null;
      openFor = null;
      notify();
      button?.focus();
    },
  };
  return ui;
}
