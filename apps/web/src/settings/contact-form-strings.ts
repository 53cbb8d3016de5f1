import type { ContactFormSettings } from '@vocal/settings-model';

type StringKey = keyof ContactFormSettings['strings'];

/** The contact form's nine strings, in the order a visitor meets them, with what each one is. */
export const CONTACT_FORM_STRING_FIELDS: { key: StringKey; label: string; hint?: string }[] = [
  { key: 'title', label: 'Title' },
  { key: 'subtitle', label: 'Subtitle', hint: 'Under the title while the form asks for a voice message.' },
  { key: 'emailPlaceholder', label: 'Email field', hint: 'The label of the field for the visitor’s address.' },
  { key: 'micPermissionTitle', label: 'Microphone request', hint: 'Shown before the browser asks for the microphone.' },
  { key: 'micPermissionButton', label: 'Microphone button' },
  { key: 'startRecording', label: 'Start button', hint: 'Shown once the microphone is allowed.' },
  { key: 'stopRecording', label: 'Stop button', hint: 'Shown while recording.' },
  { key: 'writeInstead', label: 'Link to write instead' },
  { key: 'messagePlaceholder', label: 'Written message placeholder', hint: 'In the box of a written message.' },
];
