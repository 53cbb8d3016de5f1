import react from '@vocal/eslint-config/react';
import { hostFolderOverride } from '@vocal/eslint-config';

// The ZAF client and Zendesk Garden are allowed in src/host/ only (DESIGN.md, the host seam;
// tooling/eslint/host-sdks.js lists both for this app).
export default [...react, hostFolderOverride];
