import { useEffect, useState } from 'react';
import { toPublicUser, type PublicListenPayload, type User } from '@vocal/settings-model';

/** How long the sample message lasts, in seconds. */
const SAMPLE_SECONDS = 14;
const SAMPLE_RATE = 8000;

/** A silent WAV (8 kHz, 8-bit mono: about 110 kB), so the preview's player has real audio to load. */
function silentWav(seconds: number): Blob {
  const samples = seconds * SAMPLE_RATE;
  const header = new DataView(new ArrayBuffer(44));
  const text = (offset: number, value: string) => [...value].forEach((char, index) => header.setUint8(offset + index, char.charCodeAt(0)));
  text(0, 'RIFF');
  header.setUint32(4, 36 + samples, true);
  text(8, 'WAVEfmt ');
  header.setUint32(16, 16, true);
  header.setUint16(20, 1, true);
  header.setUint16(22, 1, true);
  header.setUint32(24, SAMPLE_RATE, true);
  header.setUint32(28, SAMPLE_RATE, true);
  header.setUint16(32, 1, true);
  header.setUint16(34, 8, true);
  text(36, 'data');
  header.setUint32(40, samples, true);
  // 8-bit PCM is unsigned: 128 is silence.
  return new Blob([header.buffer, new Uint8Array(samples).fill(128)], { type: 'audio/wav' });
}

/** The sample's audio as a blob: address for as long as the preview is on screen. */
export function useSampleAudio(): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    const next = URL.createObjectURL(silentWav(SAMPLE_SECONDS));
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, []);
  return url;
}

const SAMPLE_PEAKS = Array.from({ length: 96 }, (_, index) => 0.18 + 0.62 * Math.abs(Math.sin(index * 0.37) * Math.cos(index * 0.11)));

const SAMPLE_SENTENCES = [
  { text: 'Hi! Thanks for your message this morning.', start: 0, end: 3.2 },
  { text: 'I had a look at the proposal and it reads really well.', start: 3.2, end: 7.4 },
  { text: 'Two small things on the timeline, then we are good to go.', start: 7.4, end: 11.6 },
  { text: 'Talk soon!', start: 11.6, end: 14 },
];

/**
 * A message as a visitor would receive it from this person, for the preview: their name and
 * avatar, a sample title, waveform and transcript. `settings` is the form's unsaved state.
 */
export function sampleListenPayload(user: User, audioUrl: string, settings: PublicListenPayload['settings']): PublicListenPayload {
  const uploadDate = new Date().toISOString();
  return {
    audio: {
      id: 'preview',
      isReply: false,
      subject: 'Quick thoughts on the proposal',
      uploaded: true,
      uploadDate,
      expiryDate: null,
      peaks: SAMPLE_PEAKS,
      views: 0,
      duration: SAMPLE_SECONDS,
      audioUrl,
      imageUrl: audioUrl,
      summary: null,
      transcription: [{ start: 0, end: SAMPLE_SECONDS, num_words: 36, sentences: SAMPLE_SENTENCES }],
      transcriptionStatus: 'complete',
      domain: null,
      platform: 'webapp',
    },
    user: toPublicUser(user),
    settings,
    transcriptionNotice: { configured: true, message: null },
  };
}
