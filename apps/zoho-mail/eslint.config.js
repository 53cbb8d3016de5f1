import react from '@vocal/eslint-config/react';
import { hostFolderOverride } from '@vocal/eslint-config';

// Zoho's SigmaSDK global is allowed in src/host/ only (DESIGN.md, the host seam).
export default [...react, hostFolderOverride];
