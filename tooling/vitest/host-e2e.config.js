// The host apps' browser suites: every apps/<host> runs `vitest run --config ../../tooling/vitest/host-e2e.config.js`
// from its own folder (Vitest's root is the folder it runs in), so no app keeps a copy of this file.
export { hostE2eTestConfig as default } from './index.js';
