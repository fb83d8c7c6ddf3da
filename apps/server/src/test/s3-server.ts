import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import type { S3Config } from '../config.ts';

/** s3rver's one account. */
const ACCESS_KEY = 'S3RVER';

export interface TestS3 {
  endpoint: string;
  /** A new empty bucket, as configuration and as the `S3_*` environment a test app takes. */
  bucket(): Promise<{ config: S3Config; env: Record<string, string> }>;
  close(): Promise<void>;
}

/**
 * A local S3-compatible server (s3rver) on a random loopback port, storing into a temp folder.
 * Buckets are made through the AWS SDK, as an operator would.
 */
export async function startS3(): Promise<TestS3> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'kite-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const admin = new S3Client({
    endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: ACCESS_KEY, secretAccessKey: ACCESS_KEY },
  });
  return {
    endpoint,
    async bucket() {
      const name = `kite-${randomUUID().slice(0, 8)}`;
      await admin.send(new CreateBucketCommand({ Bucket: name }));
      const config: S3Config = {
        endpoint,
        bucket: name,
        accessKeyId: ACCESS_KEY,
        secretAccessKey: ACCESS_KEY,
        region: 'us-east-1',
        forcePathStyle: true,
      };
      const env = {
        S3_ENDPOINT: endpoint,
        S3_BUCKET: name,
        S3_ACCESS_KEY_ID: ACCESS_KEY,
        S3_SECRET_ACCESS_KEY: ACCESS_KEY,
        S3_FORCE_PATH_STYLE: 'true',
      };
      return { config, env };
    },
    async close() {
      admin.destroy();
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
