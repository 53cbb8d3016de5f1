import react from '@vocal/eslint-config/react';
import { hostFolderOverride } from '@vocal/eslint-config';

// The Meet add-ons SDK is allowed in src/host/ only (DESIGN.md, the host seam).
export default [...react, hostFolderOverride, { ignores: ['e2e/fake-meet-sdk.js'] }];
