// ESLint 10 takes each file's nearest eslint.config.js, so one run from here (`pnpm lint`) lints
// every app, package and tooling folder with its own config. This one covers only the files at
// the root (this file). One run instead of one per package: ESLint and typescript-eslint load
// once, not 21 times (decision 0081).
export { default } from '@vocal/eslint-config';
