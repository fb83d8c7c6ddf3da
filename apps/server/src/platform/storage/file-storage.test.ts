import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { startS3, type TestS3 } from '../../test/s3-server.ts';
import { createFileStorage, type FileStorage, s3DownloadOrigin } from './file-storage.ts';
import { createLocalStorage } from './local-storage.ts';
import { createS3Storage } from './s3-storage.ts';

/**
 * The same cases against both drivers: the uploads folder and an S3-compatible bucket (s3rver on
 * a loopback port, reached through the AWS SDK as in production).
 */

let s3: TestS3;
const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'kite-storage-'));
beforeAll(async () => {
  s3 = await startS3();
});
afterAll(async () => {
  await s3?.close();
  fs.rmSync(folder, { recursive: true, force: true });
});

/** Every byte value, twice, and a stretch that is not valid UTF-8. */
const BYTES = Buffer.concat([
  Buffer.from(Array.from({ length: 512 }, (_, i) => i % 256)),
  Buffer.from([0xff, 0xfe, 0x00, 0xc3]),
]);

const drivers: [string, () => Promise<FileStorage>][] = [
  ['local folder', async () => createLocalStorage(folder)],
  ['S3-compatible bucket', async () => createS3Storage((await s3.bucket()).config)],
];

describe.each(drivers)('file storage: %s', (_name, open) => {
  let storage: FileStorage;
  beforeAll(async () => {
    storage = await open();
  });

  it('gives back exactly the bytes it stored, under a new random key each time', async () => {
    const first = await storage.put(BYTES);
    const second = await storage.put(BYTES);
    expect(first).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(second).not.toBe(first);
    expect((await storage.get(first)).equals(BYTES)).toBe(true);
    expect((await storage.get(second)).equals(BYTES)).toBe(true);
    expect(await storage.list()).toEqual(expect.arrayContaining([first, second]));
  });

  it('fails to read a key it never stored', async () => {
    await expect(storage.get('00000000-0000-4000-8000-000000000000')).rejects.toThrow();
  });

  it('stores a stream and streams it back, in parts when it is bigger than one', async () => {
    // 17 MiB: three parts of a multipart upload in S3 mode, one file in the folder.
    const chunk = Buffer.alloc(1024 * 1024, 7);
    const chunks = Array.from({ length: 17 }, (_, i) => (i === 16 ? BYTES : chunk));
    const { key, size } = await storage.putStream(Readable.from(chunks));
    expect(size).toBe(16 * chunk.length + BYTES.length);
    let read = 0;
    let tail = Buffer.alloc(0);
    for await (const piece of await storage.getStream(key)) {
      read += (piece as Buffer).length;
      tail = Buffer.concat([tail, piece as Buffer]).subarray(-BYTES.length);
    }
    expect(read).toBe(size);
    expect(tail.equals(BYTES)).toBe(true);
    const small = await storage.putStream(Readable.from([BYTES]));
    expect((await storage.get(small.key)).equals(BYTES)).toBe(true);
    await expect(storage.getStream('00000000-0000-4000-8000-000000000000')).rejects.toThrow();
  });

  it('keeps nothing of a stream that fails', async () => {
    const before = await storage.list();
    const failing = Readable.from(
      (async function* () {
        yield Buffer.alloc(9 * 1024 * 1024, 1);
        throw new Error('upload cut off');
      })(),
    );
    await expect(storage.putStream(failing)).rejects.toThrow('upload cut off');
    expect(await storage.list()).toEqual(before);
  });

  it('removes a file, and removing it again is no error', async () => {
    const key = await storage.put(Buffer.from('gone soon'));
    await storage.remove(key);
    await expect(storage.get(key)).rejects.toThrow();
    await expect(storage.remove(key)).resolves.toBeUndefined();
    expect(await storage.list()).not.toContain(key);
  });

  it('refuses keys that are not its own UUIDs', async () => {
    for (const key of [
      '../../etc/passwd',
      'a/b',
      '',
      'ABCDEFAB-0000-4000-8000-000000000000',
      `${'a'.repeat(36)}`,
    ]) {
      await expect(storage.get(key)).rejects.toThrow('invalid storage key');
      await expect(storage.remove(key)).rejects.toThrow('invalid storage key');
      await expect(storage.write(key, BYTES)).rejects.toThrow('invalid storage key');
    }
  });

  it('writes a file back under a key made before (restoring a backup)', async () => {
    const key = '0f0f0f0f-1111-4222-8333-444444444444';
    await storage.write(key, BYTES);
    expect((await storage.get(key)).equals(BYTES)).toBe(true);
    await storage.write(key, Buffer.from('replaced'));
    expect((await storage.get(key)).toString()).toBe('replaced');
  });
});

describe('presigned downloads', () => {
  it('the folder has none: the app streams its files', async () => {
    const storage = createLocalStorage(folder);
    expect(storage.downloadUrl).toBeUndefined();
  });

  it('a bucket hands out a short-lived URL serving the bytes as the app would', async () => {
    const storage = await createS3Storage((await s3.bucket()).config);
    const key = await storage.put(BYTES);
    const url = await storage.downloadUrl!(key, {
      contentType: 'application/octet-stream',
      disposition: "attachment; filename*=UTF-8''r%C3%A9sum%C3%A9.html",
      cacheControl: 'private, max-age=0',
    });
    expect(url).toBeDefined();
    expect(url!.startsWith(`${s3.endpoint}/`)).toBe(true);
    expect(new URL(url!).searchParams.get('X-Amz-Expires')).toBe('300');
    const response = await fetch(url!);
    expect(response.status).toBe(200);
    expect(Buffer.from(await response.arrayBuffer()).equals(BYTES)).toBe(true);
    expect(response.headers.get('content-type')).toBe('application/octet-stream');
    expect(response.headers.get('content-disposition')).toBe(
      "attachment; filename*=UTF-8''r%C3%A9sum%C3%A9.html",
    );
    expect(response.headers.get('cache-control')).toBe('private, max-age=0');

    // The overrides travel in the signed query, so a reader cannot change them without breaking
    // the signature (s3rver does not check SigV4 signatures, so that part is AWS's word, not ours).
    const query = new URL(url!).searchParams;
    expect(query.get('X-Amz-SignedHeaders')).toBe('host');
    expect(query.get('X-Amz-Signature')).toMatch(/^[0-9a-f]{64}$/);
    expect(query.get('response-content-type')).toBe('application/octet-stream');
  });
});

describe('configuration', () => {
  const s3Env = {
    S3_BUCKET: 'files',
    S3_ENDPOINT: 'https://s3.eu-west-1.amazonaws.com',
    S3_ACCESS_KEY_ID: 'id',
    S3_SECRET_ACCESS_KEY: 'secret',
  };

  it('uses the uploads folder unless S3_BUCKET is set', async () => {
    const config = loadConfig({ DATA_DIR: folder });
    expect(config.s3).toBeUndefined();
    expect((await createFileStorage(config)).kind).toBe('local');
  });

  it('takes the S3 variables, with region us-east-1 and virtual-hosted URLs by default', async () => {
    const config = loadConfig(s3Env);
    expect(config.s3).toEqual({
      endpoint: 'https://s3.eu-west-1.amazonaws.com',
      bucket: 'files',
      accessKeyId: 'id',
      secretAccessKey: 'secret',
      region: 'us-east-1',
      forcePathStyle: false,
    });
    expect((await createFileStorage(config)).kind).toBe('s3');
    expect(s3DownloadOrigin(config.s3!)).toBe('https://files.s3.eu-west-1.amazonaws.com');
    const pathStyle = loadConfig({ ...s3Env, S3_FORCE_PATH_STYLE: 'true', S3_REGION: 'eu-west-1' }).s3!;
    expect(pathStyle.region).toBe('eu-west-1');
    expect(s3DownloadOrigin(pathStyle)).toBe('https://s3.eu-west-1.amazonaws.com');
  });

  it('refuses to start with a bucket but no endpoint or keys, naming what is missing', () => {
    expect(() => loadConfig({ S3_BUCKET: 'files' })).toThrow(
      'S3_BUCKET is set, so S3_ENDPOINT, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY must be set too',
    );
    expect(() => loadConfig({ ...s3Env, S3_SECRET_ACCESS_KEY: '' })).toThrow(
      'S3_SECRET_ACCESS_KEY must be set',
    );
    expect(() => loadConfig({ ...s3Env, S3_ENDPOINT: 'minio:9000' })).toThrow(
      'S3_ENDPOINT must be an http(s) URL',
    );
  });
});
