import react from '@vocal/eslint-config/react';
import { hostFolderOverride } from '@vocal/eslint-config';

// office.js and the global Office are allowed in src/host/ only (DESIGN.md, the host seam).
export default [...react, hostFolderOverride];
