import { FILE_CACHE_CONTROL } from '../cache/http-caching.ts';
import { createReadStream } from 'node:fs';
import { stat as statFile } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { assertSafeKey, contentTypeOf, type Storage } from './storage.ts';

export type S3StorageOptions = {
  bucket: string;
  region: string;
  /** An S3-compatible service's URL; null for AWS itself. */
  endpoint: string | null;
  /** Null: the SDK's usual chain (environment, profile, instance role). */
  accessKeyId: string | null;
  secretAccessKey: string | null;
  /** Where the public bucket (or its CDN) serves `{key}`. */
  publicUrl: string;
  forcePathStyle: boolean;
};

/**
 * Objects in an S3 bucket (AWS or compatible). A PUT replaces an object whole, so readers
 * never see part of one. Listeners fetch files straight from the bucket's public URL.
 */
export async function createS3Storage(options: S3StorageOptions): Promise<Storage> {
  // Imported here, not at the top: a server on local storage never loads the SDK (megabytes of
  // code it would keep in memory; docs/decisions/0030-idle-footprint.md).
  const {
    CopyObjectCommand,
    DeleteObjectCommand,
    GetObjectCommand,
    HeadObjectCommand,
    ListObjectsV2Command,
    PutObjectCommand,
    S3Client,
    S3ServiceException,
  } = await import('@aws-sdk/client-s3');
  const isMissing = (error: unknown) =>
    error instanceof S3ServiceException &&
    (error.$metadata.httpStatusCode === 404 || error.name === 'NotFound' || error.name === 'NoSuchKey');
  const client = new S3Client({
    region: options.region,
    endpoint: options.endpoint ?? undefined,
    forcePathStyle: options.forcePathStyle,
    // A streamed upload (putFile) would otherwise be sent aws-chunked with a trailing checksum,
    // which S3-compatible services (MinIO's older releases, s3rver) store as part of the object.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    credentials:
      options.accessKeyId && options.secretAccessKey
        ? { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey }
        : undefined,
  });
  const bucket = options.bucket;

  return {
    kind: 's3',

    async put(key, bytes, contentType) {
      assertSafeKey(key);
      await client.send(
        new PutObjectCommand({
          Bucket: bucket,
          Key: key,
          Body: bytes,
          ContentType: contentType,
          ContentLength: bytes.byteLength,
          // A public bucket serves these without us: the same rule as /files/ (src/cache/http-caching.ts).
          CacheControl: FILE_CACHE_CONTROL,
        }),
      );
    },

    async putFile(key, path, contentType) {
      assertSafeKey(key);
      const { size } = await statFile(path);
      await client.send(
        new PutObjectCommand({
          Bucket: bucket,
          Key: key,
          Body: createReadStream(path),
          ContentType: contentType,
          ContentLength: size,
          CacheControl: FILE_CACHE_CONTROL,
        }),
      );
    },

    async copy(from, to) {
      assertSafeKey(from);
      assertSafeKey(to);
      try {
        // Keys are made of URL-safe characters only (isSafeKey), so the source needs no encoding.
        // The object's content type and cache rule are copied with it.
        await client.send(new CopyObjectCommand({ Bucket: bucket, Key: to, CopySource: `${bucket}/${from}` }));
        return true;
      } catch (error) {
        if (isMissing(error)) return false;
        throw error;
      }
    },

    async stat(key) {
      assertSafeKey(key);
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
        return {
          size: head.ContentLength ?? 0,
          contentType: head.ContentType ?? contentTypeOf(key),
          etag: head.ETag ?? `"${head.LastModified?.getTime() ?? 0}"`,
          lastModified: head.LastModified ?? new Date(0),
        };
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },

    async read(key, range) {
      assertSafeKey(key);
      try {
        const object = await client.send(
          new GetObjectCommand({ Bucket: bucket, Key: key, Range: range ? `bytes=${range.start}-${range.end}` : undefined }),
        );
        return (object.Body as Readable | undefined) ?? null;
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },

    async delete(key) {
      assertSafeKey(key);
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
    },

    async list({ after, limit }) {
      const page = await client.send(new ListObjectsV2Command({ Bucket: bucket, StartAfter: after, MaxKeys: Math.min(limit, 1000) }));
      return (page.Contents ?? []).flatMap((object) =>
        object.Key ? [{ key: object.Key, lastModified: object.LastModified ?? new Date(0) }] : [],
      );
    },

    async signedUrl(key, seconds) {
      assertSafeKey(key);
      // Loaded with the SDK, on S3 only, the first time a protected message is unlocked.
      const { getSignedUrl } = await import('@aws-sdk/s3-request-presigner');
      return getSignedUrl(client, new GetObjectCommand({ Bucket: bucket, Key: key }), { expiresIn: seconds });
    },

    publicUrl(key) {
      assertSafeKey(key);
      return `${options.publicUrl}/${key}`;
    },
  };
}
