import './shared/app.css';
import { Spinner } from '@vocal/ui-kit';
import { createHostApi, renderPage } from '@vocal/host-shell';
import { connectMainStage } from './host/meet-runtime.ts';
import { projectNumberOf, recordingIdOf } from './shared/addon-urls.ts';
import { MainStageApp, type StageMessage } from './stage/main-stage-app.tsx';

renderPage(
  <div className="page-loading">
    <Spinner label="Loading the voice message" />
  </div>,
);

const NOT_FOUND = {
  status: 'gone' as const,
  title: 'This voice message isn’t available',
  message: 'It may have been deleted, or the link is wrong.',
};

async function loadMessage(): Promise<StageMessage> {
  const id = recordingIdOf(window.location.search);
  if (!id) return NOT_FOUND;
  const { api } = createHostApi();
  const result = await api.viewVocal(id);
  if (result.ok) {
    // Each participant's stage is one listen, as a visit to the listen page is.
    void api.trackView(id);
    return { status: 'ready', payload: result.data };
  }
  if (result.status === 410) return { status: 'gone', title: 'This voice message has expired', message: result.error.msg };
  if (result.status === 404) return { ...NOT_FOUND, message: result.error.msg };
  return { status: 'gone', title: 'The voice message could not load', message: `${result.error.msg} Close the activity and try again.` };
}

/**
 * Meet shows its loading screen over the main stage until the add-on's session exists: the
 * session is opened once the message is on the page. Opened outside Meet, the page is a plain
 * player. A session Meet refuses leaves the player working, so it is only logged.
 */
const message = await loadMessage();
renderPage(<MainStageApp message={message} origin={window.location.origin} />);
const project = projectNumberOf(window.location.search);
if (project) {
  connectMainStage(project).catch((error: unknown) => console.warn('Meet did not open the main stage’s session', error));
}
