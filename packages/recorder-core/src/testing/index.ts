/** Fakes for other packages' tests of code built on the recorder (the record flow). */
export { createFakeMedia } from './fake-media.ts';
export { createStubApi, failure } from './stub-api.ts';
export { createRecorderWith, type RecorderDependencies } from '../recorder.ts';
