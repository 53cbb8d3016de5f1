import { startSharedProduct, type SharedProduct } from '@vocal/e2e';
import { inject } from 'vitest';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    sharedProduct: SharedProduct;
  }
}

export type { SharedProduct };

/** globalSetup (vitest.e2e.config.ts): the server the ordinary browser-test files share. */
export default async function setup(project: TestProject) {
  const { product, stop } = await startSharedProduct();
  project.provide('sharedProduct', product);
  return stop;
}

/** The shared server, for a file that needs nothing special of its own. */
export const sharedProduct = (): SharedProduct => inject('sharedProduct');
