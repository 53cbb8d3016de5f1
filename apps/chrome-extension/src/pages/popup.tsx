import { copyToClipboard } from '@vocal/ui-kit';
import { createPopupAdapter } from '../host/popup-adapter.ts';
import { startPanel } from './start-panel.tsx';

/** The toolbar popup: records, then inserts into the Gmail tab in front, or copies the link. */
await startPanel({
  surface: 'toolbar popup',
  lead: 'Record a message, then copy its link or put it into the Gmail email you are writing.',
  adapter: (chrome) => createPopupAdapter(chrome, { copyText: copyToClipboard }),
});
