import path from 'node:path';
import type { Readable } from 'node:stream';
import type { Config, S3Config } from '../../config.ts';
import { createLocalStorage } from './local-storage.ts';
import { createS3Storage } from './s3-storage.ts';

/** How the browser should treat a file answered straight from the store. */
export interface DownloadOptions {
  contentType: string;
  /** The whole `Content-Disposition` value the app itself would send. */
  disposition: string;
  cacheControl?: string;
}

/**
 * Where uploaded bytes live (attachments, page images, exports). Keys are random UUIDs the store
 * makes itself; nothing a user typed ever becomes part of a path or an object name.
 */
export interface FileStorage {
  readonly kind: 'local' | 's3';
  /** Stores bytes under a new server-generated key and returns the key. */
  put(bytes: Buffer): Promise<string>;
  /**
   * Stores a stream's bytes under a new key without holding them all (CSV imports): rejects, and
   * keeps nothing, when the stream fails (an upload cut off, or over its size limit).
   */
  putStream(source: Readable): Promise<{ key: string; size: number }>;
  /** The bytes of a stored file; rejects for an unknown or invalid key. */
  get(key: string): Promise<Buffer>;
  /** A stored file's bytes as a stream, for files read piece by piece (CSV imports). */
  getStream(key: string): Promise<Readable>;
  /** Deletes a file; a key that is already gone is no error. */
  remove(key: string): Promise<void>;
  /**
   * A short-lived URL that serves the file itself, so the bytes need not pass through the app.
   * Absent (or undefined) when the store cannot hand one out: the app streams the bytes then.
   */
  downloadUrl?(key: string, options: DownloadOptions): Promise<string | undefined>;
  /** Every stored key (backups). */
  list(): Promise<string[]>;
  /** Stores bytes under a key made by a store before (restoring a backup). */
  write(key: string, bytes: Buffer): Promise<void>;
}

/** A file ready to answer: either a URL to send the client to, or the bytes themselves. */
export type StoredFile = { redirect: string; bytes?: undefined } | { redirect?: undefined; bytes: Buffer };

/** The redirect when the store offers one, else the bytes. */
export async function openStoredFile(
  storage: FileStorage,
  key: string,
  options: DownloadOptions,
): Promise<StoredFile> {
  const url = await storage.downloadUrl?.(key, options);
  return url ? { redirect: url } : { bytes: await storage.get(key) };
}

/** The uploads folder of the embedded (local) store. */
export function uploadsFolder(config: Pick<Config, 'dataDir'>): string {
  return path.join(config.dataDir, 'uploads');
}

/** The store the configuration names: S3-compatible when `S3_BUCKET` is set, else `<dataDir>/uploads`. */
export async function createFileStorage(config: Config): Promise<FileStorage> {
  return config.s3 ? createS3Storage(config.s3) : createLocalStorage(uploadsFolder(config));
}

/**
 * The origin presigned URLs point at, which the app page's CSP must allow images from:
 * `endpoint/bucket/…` with path-style addressing, `bucket.endpoint/…` otherwise.
 */
export function s3DownloadOrigin(config: S3Config): string {
  const url = new URL(config.endpoint);
  if (!config.forcePathStyle) url.hostname = `${config.bucket}.${url.hostname}`;
  return url.origin;
}
