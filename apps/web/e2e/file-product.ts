import { startProduct, type ApiProcess, type StartOptions } from '@vocal/e2e';
import { afterAll } from 'vitest';

/**
 * A server of the calling test file's own, for a file that needs something of it the shared
 * server does not have (its own environment, an empty database, a server it may stop): started
 * as the file loads and stopped after its tests. Call it before fileBrowser: hooks run in
 * reverse, so the browser closes before its server goes.
 */
export async function fileProduct(options: StartOptions = {}): Promise<ApiProcess> {
  const product = await startProduct(options);
  afterAll(() => product.stop());
  return product;
}
