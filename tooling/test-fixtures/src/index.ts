export * from './audio.ts';
export * from './image.ts';
export * from './webp.ts';
export * from './speech-samples.ts';
export * from './bytes.ts';
