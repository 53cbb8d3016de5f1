import react from '@vocal/eslint-config/react';

export default react;
