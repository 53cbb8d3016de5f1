export * from './api-process.ts';
export * from './browser.ts';
export * from './product.ts';
export * from './fake-openai.ts';
