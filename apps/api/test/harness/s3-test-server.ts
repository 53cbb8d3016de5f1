import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';

/** The bucket the S3 tests point STORAGE=s3 at. */
export const S3_TEST_BUCKET = 'vocal-files';

/**
 * s3rver, an S3-compatible server from npm, in this process on a free port with the test
 * bucket made and its files in a folder of its own; `close` removes them.
 */
export async function startS3TestServer(): Promise<{ url: string; env: Record<string, string>; close(): Promise<void> }> {
  const folder = await mkdtemp(join(tmpdir(), 'vocal-s3-'));
  const s3 = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory: folder,
    configureBuckets: [{ name: S3_TEST_BUCKET, configs: [] }],
  });
  const { port } = await s3.run();
  const url = `http://127.0.0.1:${port}`;
  return {
    url,
    /** The environment of a server storing in this bucket. */
    env: {
      STORAGE: 's3',
      S3_BUCKET: S3_TEST_BUCKET,
      S3_ENDPOINT: url,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
    },
    async close() {
      await s3.close();
      await rm(folder, { recursive: true, force: true });
    },
  };
}
