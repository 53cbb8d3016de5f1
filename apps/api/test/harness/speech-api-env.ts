/**
 * A test server's settings for transcripts made by a speech API that answers as OpenAI's does
 * (a fake one, started by the test, at `url`); the model is named because the fakes answer each
 * model's formats as the real ones do.
 */
export const speechApiEnv = (url: string, model = 'whisper-large-v3') => ({
  TRANSCRIBER: 'auto',
  TRANSCRIPTION_API_URL: url,
  TRANSCRIPTION_API_KEY: 'sk-test',
  TRANSCRIPTION_MODEL: model,
});
