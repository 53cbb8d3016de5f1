import { Spinner } from '../spinner/spinner.tsx';

/** Between Stop and the link: the message is on its way, and safe on this device meanwhile. */
export function SendingStep() {
  return (
    <div className="vk-record-flow__panel" data-state="uploading">
      <Spinner label="Sending your message" />
      <p className="vk-record-flow__headline">Sending your message…</p>
      <p className="vk-record-flow__hint">It is saved on this device until it is sent.</p>
    </div>
  );
}
