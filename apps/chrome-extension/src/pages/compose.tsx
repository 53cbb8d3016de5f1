import { copyToClipboard } from '@vocal/ui-kit';
import { browserChrome } from '../host/chrome-api.ts';
import { createComposeAdapter } from '../host/compose-adapter.ts';
import { composeIdSchema } from '../shared/extension-messages.ts';
import { startPanel } from './start-panel.tsx';

/** The recorder the content script frames in a Gmail compose window (#<compose id>). */
const composeId = composeIdSchema.safeParse(window.location.hash.slice(1)).data ?? 'unknown0';
const adapter = createComposeAdapter(browserChrome(), { composeId, copyText: copyToClipboard });
const close = () => void adapter.close();
document.addEventListener('keydown', (event) => {
  if (event.key === 'Escape' && !event.defaultPrevented) close();
});

await startPanel({
  surface: 'Gmail compose',
  lead: 'Record a message and Vocal puts its link into the email you are writing.',
  adapter: () => adapter,
  onClose: close,
});
