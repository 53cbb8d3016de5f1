import react from '@vocal/eslint-config/react';
import { hostFolderOverride } from '@vocal/eslint-config';

// Front's plugin SDK is allowed in src/host/ only (DESIGN.md, the host seam).
export default [...react, hostFolderOverride];
