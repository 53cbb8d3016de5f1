import reactHooks from 'eslint-plugin-react-hooks';
import base from './index.js';

/** Base config plus the rules of hooks, for packages and apps that render React. */
export default [
  ...base,
  {
    files: ['**/*.tsx', '**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
];
