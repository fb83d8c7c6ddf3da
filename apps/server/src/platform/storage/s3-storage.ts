import { randomUUID } from 'node:crypto';
import type { S3Config } from '../../config.ts';
import type { FileStorage } from './file-storage.ts';
import { assertStorageKey, isStorageKey } from './storage-key.ts';

/** Presigned downloads are good for this long: enough to follow the redirect, too short to share. */
const DOWNLOAD_URL_SECONDS = 5 * 60;

/**
 * Files as objects in one bucket of an S3-compatible store, named by their random key. The bucket
 * stays private: readers get a presigned URL after the app has checked their access.
 */
export async function createS3Storage(config: S3Config): Promise<FileStorage> {
  // Loaded only in S3 mode: the SDK adds ~0.3 s to a start.
  const { DeleteObjectCommand, GetObjectCommand, ListObjectsV2Command, PutObjectCommand, S3Client } =
    await import('@aws-sdk/client-s3');
  const { getSignedUrl } = await import('@aws-sdk/s3-request-presigner');
  const client = new S3Client({
    endpoint: config.endpoint,
    region: config.region,
    forcePathStyle: config.forcePathStyle,
    credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
    // Checksums only where S3 requires them: several S3-compatible servers reject or mangle the
    // newer default (CRC32 headers, aws-chunked bodies); the bytes go over TLS either way.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const Bucket = config.bucket;
  const write = async (key: string, bytes: Buffer) => {
    assertStorageKey(key);
    await client.send(new PutObjectCommand({ Bucket, Key: key, Body: bytes, ContentLength: bytes.length }));
  };

  return {
    kind: 's3',
    async put(bytes) {
      const key = randomUUID();
      await write(key, bytes);
      return key;
    },
    async get(key) {
      assertStorageKey(key);
      const object = await client.send(new GetObjectCommand({ Bucket, Key: key }));
      if (!object.Body) throw new Error(`stored file ${key} has no body`);
      return Buffer.from(await object.Body.transformToByteArray());
    },
    async remove(key) {
      assertStorageKey(key);
      // S3 answers 204 for a missing key too, so a second delete is no error.
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },
    async downloadUrl(key, options) {
      assertStorageKey(key);
      const command = new GetObjectCommand({
        Bucket,
        Key: key,
        ResponseContentType: options.contentType,
        ResponseContentDisposition: options.disposition,
        ...(options.cacheControl ? { ResponseCacheControl: options.cacheControl } : {}),
      });
      return getSignedUrl(client, command, { expiresIn: DOWNLOAD_URL_SECONDS });
    },
    async list() {
      const keys: string[] = [];
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket, ContinuationToken }));
        for (const object of page.Contents ?? []) {
          if (object.Key && isStorageKey(object.Key)) keys.push(object.Key);
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
      return keys.sort();
    },
    write,
  };
}
