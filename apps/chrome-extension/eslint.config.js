import react from '@vocal/eslint-config/react';
import { hostFolderOverride } from '@vocal/eslint-config';

// The chrome.* global is allowed in src/host/ only (DESIGN.md, the host seam), and in the
// evaluate() callbacks of the browser tests and the screenshots, which run inside the
// extension's service worker.
export default [...react, hostFolderOverride, { files: ['e2e/**', 'scripts/**'], rules: { 'no-restricted-globals': 'off' } }];
