/** @type {import('prettier').Config} */
export default {
  printWidth: 140,
  singleQuote: true,
  trailingComma: 'all',
  semi: true,
};
