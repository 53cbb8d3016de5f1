/**
 * Why a recording ended in the failed state. Every reason has a sentence in FAILURE_MESSAGES,
 * written for the person recording, so the UI never has to word an error itself.
 */
export const FAILURE_REASONS = [
  'permission-denied',
  'no-device',
  'device-busy',
  'device-lost',
  'unsupported',
  'capture-failed',
  'encoder-failed',
  'empty-recording',
  'offline',
  'server-error',
  'upload-refused',
] as const;

export type FailureReason = (typeof FAILURE_REASONS)[number];

export const FAILURE_MESSAGES: Record<FailureReason, string> = {
  'permission-denied':
    "Microphone access was blocked. Allow the microphone for this page in your browser's or app's settings, and try again.",
  'no-device': 'No microphone was found. Connect one, or choose another in the settings, and try again.',
  'device-busy': 'The microphone could not be started. Another app may be using it: close it and try again.',
  'device-lost': 'The microphone was disconnected. What you recorded until then is kept, and you can still send it.',
  unsupported: 'This browser cannot record audio here. Try an up-to-date Chrome, Edge, Firefox or Safari.',
  'capture-failed': 'The microphone could not be started. Try again.',
  'encoder-failed': 'The recording stopped because the audio could not be processed. Try again.',
  'empty-recording': 'Nothing was recorded. Check that your microphone works and try again.',
  offline:
    'Your message could not be sent because the server is unreachable. It is saved on this device and will be sent when the connection is back.',
  'server-error': 'The server could not take your message just now. It is saved on this device and will be sent shortly.',
  'upload-refused': 'The server refused this message.',
};
