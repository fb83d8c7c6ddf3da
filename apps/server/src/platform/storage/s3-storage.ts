import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { S3Config } from '../../config.ts';
import type { FileStorage } from './file-storage.ts';
import { assertStorageKey, isStorageKey } from './storage-key.ts';

/** Streams go up in parts of this size (S3's minimum is 5 MiB): the most a stream's upload holds. */
const PART_BYTES = 8 * 1024 * 1024;

/** Presigned downloads are good for this long: enough to follow the redirect, too short to share. */
const DOWNLOAD_URL_SECONDS = 5 * 60;

/**
 * Files as objects in one bucket of an S3-compatible store, named by their random key. The bucket
 * stays private: readers get a presigned URL after the app has checked their access.
 */
export async function createS3Storage(config: S3Config): Promise<FileStorage> {
  // Loaded only in S3 mode: the SDK adds ~0.3 s to a start.
  const {
    AbortMultipartUploadCommand,
    CompleteMultipartUploadCommand,
    CreateMultipartUploadCommand,
    DeleteObjectCommand,
    GetObjectCommand,
    ListObjectsV2Command,
    PutObjectCommand,
    S3Client,
    UploadPartCommand,
  } = await import('@aws-sdk/client-s3');
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

  /** A stream as one object, one part at a time; a stream shorter than a part is one PUT. */
  async function putStream(source: Readable) {
    const key = randomUUID();
    let pending: Buffer[] = [];
    let pendingBytes = 0;
    let size = 0;
    let uploadId: string | undefined;
    const parts: { ETag: string | undefined; PartNumber: number }[] = [];
    const sendPart = async () => {
      const body = Buffer.concat(pending);
      pending = [];
      pendingBytes = 0;
      const PartNumber = parts.length + 1;
      const answer = await client.send(
        new UploadPartCommand({
          Bucket,
          Key: key,
          UploadId: uploadId,
          PartNumber,
          Body: body,
          ContentLength: body.length,
        }),
      );
      parts.push({ ETag: answer.ETag, PartNumber });
    };
    try {
      for await (const chunk of source as AsyncIterable<Buffer>) {
        pending.push(chunk);
        pendingBytes += chunk.length;
        size += chunk.length;
        if (pendingBytes < PART_BYTES) continue;
        uploadId ??= (await client.send(new CreateMultipartUploadCommand({ Bucket, Key: key }))).UploadId;
        await sendPart();
      }
      if (!uploadId) {
        await write(key, Buffer.concat(pending));
        return { key, size };
      }
      if (pendingBytes > 0) await sendPart();
      await client.send(
        new CompleteMultipartUploadCommand({
          Bucket,
          Key: key,
          UploadId: uploadId,
          MultipartUpload: { Parts: parts },
        }),
      );
      return { key, size };
    } catch (error) {
      if (uploadId)
        await client
          .send(new AbortMultipartUploadCommand({ Bucket, Key: key, UploadId: uploadId }))
          .catch(() => {});
      throw error;
    }
  }

  return {
    kind: 's3',
    async put(bytes) {
      const key = randomUUID();
      await write(key, bytes);
      return key;
    },
    putStream,
    async get(key) {
      assertStorageKey(key);
      const object = await client.send(new GetObjectCommand({ Bucket, Key: key }));
      if (!object.Body) throw new Error(`stored file ${key} has no body`);
      return Buffer.from(await object.Body.transformToByteArray());
    },
    async getStream(key) {
      assertStorageKey(key);
      const object = await client.send(new GetObjectCommand({ Bucket, Key: key }));
      if (!object.Body) throw new Error(`stored file ${key} has no body`);
      // In Node the SDK answers the body as the response's own stream.
      return object.Body as Readable;
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
