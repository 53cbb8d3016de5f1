/**
 * A short speech-like sound made in the page (a voiced tone shaped into syllables), so the
 * gallery's player has real audio with real peaks and needs no fixture file.
 */
export type SampleAudio = { url: string; peaks: number[]; duration: number };

const SAMPLE_RATE = 16_000;

function syllableEnvelope(time: number): number {
  // Syllables of about 0.22 s, words of 3 to 5 syllables, pauses between phrases.
  const phrase = time % 4.2;
  if (phrase > 3.4) return 0;
  const syllable = (time % 0.22) / 0.22;
  const word = 0.55 + 0.45 * Math.sin(time * 2.1) * Math.sin(time * 0.7 + 1);
  return Math.sin(Math.PI * syllable) ** 2 * Math.abs(word);
}

function encodeWav(samples: Float32Array): Blob {
  const buffer = new ArrayBuffer(44 + samples.length * 2);
  const view = new DataView(buffer);
  const write = (offset: number, text: string) => [...text].forEach((char, index) => view.setUint8(offset + index, char.charCodeAt(0)));
  write(0, 'RIFF');
  view.setUint32(4, 36 + samples.length * 2, true);
  write(8, 'WAVE');
  write(12, 'fmt ');
  view.setUint32(16, 16, true);
  view.setUint16(20, 1, true);
  view.setUint16(22, 1, true);
  view.setUint32(24, SAMPLE_RATE, true);
  view.setUint32(28, SAMPLE_RATE * 2, true);
  view.setUint16(32, 2, true);
  view.setUint16(34, 16, true);
  write(36, 'data');
  view.setUint32(40, samples.length * 2, true);
  samples.forEach((sample, index) => view.setInt16(44 + index * 2, Math.max(-1, Math.min(1, sample)) * 0x7fff, true));
  return new Blob([buffer], { type: 'audio/wav' });
}

export function makeSampleAudio(duration = 17, peakCount = 160): SampleAudio {
  const samples = new Float32Array(duration * SAMPLE_RATE);
  for (let index = 0; index < samples.length; index += 1) {
    const time = index / SAMPLE_RATE;
    const voice = Math.sin(2 * Math.PI * 140 * time) + 0.5 * Math.sin(2 * Math.PI * 280 * time) + 0.25 * Math.sin(2 * Math.PI * 560 * time);
    samples[index] = 0.45 * syllableEnvelope(time) * voice;
  }
  const chunk = Math.floor(samples.length / peakCount);
  const peaks = Array.from({ length: peakCount }, (_, bar) => {
    let loudest = 0;
    for (let index = bar * chunk; index < (bar + 1) * chunk; index += 1) loudest = Math.max(loudest, Math.abs(samples[index] ?? 0));
    return loudest;
  });
  return { url: URL.createObjectURL(encodeWav(samples)), peaks, duration };
}
