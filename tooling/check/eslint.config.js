import base from '@vocal/eslint-config';

export default base;
