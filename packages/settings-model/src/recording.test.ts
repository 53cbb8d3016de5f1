import { describe, expect, it } from 'vitest';
import { folderSchema } from './folder.ts';
import { publicListenPayloadSchema } from './listen.ts';
import { listenUrl, recordingSchema, toPublicRecording } from './recording.ts';
import { transcriptionSchema } from './transcription.ts';
import { sentenceAt, transcriptSentences } from './transcript-timing.ts';
import { toPublicUser, userSchema } from './user.ts';

const wire = {
  id: 'abcDEF123456',
  uploadDate: '2026-11-21T10:00:00.000Z',
  audioUrl: 'http://localhost:3000/files/abcDEF123456.mp3',
  imageUrl: 'http://localhost:3000/files/abcDEF123456.png',
};

describe('recording (spec section 3)', () => {
  it('applies every default', () => {
    expect(recordingSchema.parse(wire)).toEqual({
      ...wire,
      isReply: false,
      folderId: null,
      email: null,
      subject: null,
      uploaded: true,
      expiryDate: null,
      peaks: [],
      views: 0,
      duration: 0,
      summary: null,
      transcription: null,
      transcriptionStatus: null,
      domain: null,
      platform: 'webapp',
      origin: 'owner',
      replyTo: null,
      senderName: null,
      message: null,
      privacy: 'public',
    });
  });

  it('a written contact-form message has no audio, and no public view', () => {
    const written = recordingSchema.parse({ ...wire, audioUrl: null, imageUrl: null, origin: 'contact-form', message: 'Call me back' });
    expect(written.message).toBe('Call me back');
    expect(() => toPublicRecording(written)).toThrow(/no public view/);
  });

  it('audio and image must be URLs; peaks must lie in 0..1', () => {
    expect(recordingSchema.safeParse({ ...wire, audioUrl: 'x.mp3' }).success).toBe(false);
    expect(recordingSchema.safeParse({ ...wire, imageUrl: '' }).success).toBe(false);
    expect(recordingSchema.safeParse({ ...wire, peaks: [0, 1.5] }).success).toBe(false);
    expect(recordingSchema.safeParse({ ...wire, transcriptionStatus: 'done' }).success).toBe(false);
  });

  it('the public recording has no email and no folder', () => {
    const recording = recordingSchema.parse({ ...wire, email: 'sender@example.com' });
    const view = toPublicRecording(recording);
    expect(view).not.toHaveProperty('email');
    expect(view).not.toHaveProperty('folderId');
  });

  it('the listen link uses the recording domain, else the app URL', () => {
    expect(listenUrl({ id: 'abc123', domain: null }, 'http://localhost:3000/')).toBe('http://localhost:3000/listen/abc123');
    expect(listenUrl({ id: 'abc123', domain: 'voice.acme.com' }, 'http://x')).toBe('https://voice.acme.com/listen/abc123');
  });
});

describe('transcription (spec section 3)', () => {
  const segments = [
    {
      speaker: 'A',
      start: 0,
      end: 4,
      num_words: 6,
      sentences: [
        { text: 'Hello there.', start: 0, end: 1.5 },
        { text: 'How are you?', start: 1.5, end: 4 },
      ],
    },
    { start: 4.5, end: 6, num_words: 2, sentences: [{ text: 'Good bye.', start: 4.5, end: 6 }] },
  ];

  it('accepts the list, and the {segments} and {blocks} wrappers', () => {
    expect(transcriptionSchema.parse(segments)).toHaveLength(2);
    expect(transcriptionSchema.parse({ segments })).toHaveLength(2);
    expect(transcriptionSchema.parse({ blocks: segments })).toHaveLength(2);
  });

  it('refuses negative or reversed timings', () => {
    const reversed = [{ ...segments[1], sentences: [{ text: 'x', start: 3, end: 2 }] }];
    expect(transcriptionSchema.safeParse(reversed).success).toBe(false);
    expect(transcriptionSchema.safeParse([{ ...segments[1], start: -1 }]).success).toBe(false);
  });

  it('finds the sentence being spoken', () => {
    const sentences = transcriptSentences(transcriptionSchema.parse(segments));
    expect(sentences.map((sentence) => sentence.text)).toEqual(['Hello there.', 'How are you?', 'Good bye.']);
    expect(sentenceAt(sentences, 0.2)).toBe(0);
    expect(sentenceAt(sentences, 2)).toBe(1);
    // In the pause after a sentence, it stays lit until the next one starts.
    expect(sentenceAt(sentences, 4.2)).toBe(1);
    expect(sentenceAt(sentences, 5)).toBe(2);
    expect(sentenceAt([{ text: 'Late start.', start: 1, end: 2 }], 0.5)).toBe(-1);
  });
});

describe('folder and listen payload', () => {
  it('exposes a folder uuid as id, null for the loose recordings', () => {
    const folder = folderSchema.parse({ uuid: null, name: 'Recordings', recordings: [wire] });
    expect(folder.id).toBeNull();
    expect(folder).not.toHaveProperty('uuid');
    expect(folder.recordings[0]?.isReply).toBe(false);
  });

  it('the listen payload defaults the name to "Someone" and fills the listen settings', () => {
    const user = toPublicUser(userSchema.parse({ id: 1, email: 'a@b.co' }));
    const payload = publicListenPayloadSchema.parse({
      audio: toPublicRecording(recordingSchema.parse(wire)),
      user,
      settings: { name: '' },
    });
    expect(payload.settings.name).toBe('Someone');
    expect(payload.settings.strings.sharedWithYou).toBe('shared this voice message with you');
    expect(payload.settings.theme.preset).toBe('Light');
    expect(payload.settings.branding).toBe(true);
  });
});
