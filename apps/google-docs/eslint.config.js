import base, { hostFolderOverride } from '@vocal/eslint-config';

// The whole Apps Script project is the host side: it lives in src/host/, the one folder
// where the Apps Script globals (DocumentApp, google.script.run) may be used.
export default [...base, { ignores: ['clasp/**', 'screenshots/**'] }, hostFolderOverride];
