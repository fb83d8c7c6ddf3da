import fs from 'node:fs/promises';
import path from 'node:path';
import type { FileStorage } from '../../platform/storage/file-storage.ts';
import { createLocalStorage } from '../../platform/storage/local-storage.ts';
import { isStorageKey } from '../../platform/storage/storage-key.ts';

/** Where an instance keeps its files: the uploads folder (embedded mode) or a store (S3 mode). */
export type FileSource = string | FileStorage;

/** Every stored file under the uploads folder, by its path relative to it. */
export async function storedFiles(root: string): Promise<string[]> {
  const found: string[] = [];
  const walk = async (dir: string) => {
    const entries = await fs.readdir(dir, { withFileTypes: true }).catch(() => []);
    for (const entry of entries) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) await walk(full);
      else if (entry.isFile()) found.push(path.relative(root, full).split(path.sep).join('/'));
    }
  };
  await walk(root);
  return found.sort();
}

/**
 * Puts the restored files in the uploads folder's place. `restored` lies beside it (same file
 * system), so each step is a rename; the old files are removed only once the new ones are there.
 */
export async function replaceUploads(restored: string, uploads: string): Promise<void> {
  await fs.mkdir(restored, { recursive: true });
  const replaced = `${restored}.replaced`;
  const hadUploads = await fs.rename(uploads, replaced).then(
    () => true,
    (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return false;
      throw error;
    },
  );
  await fs.rename(restored, uploads);
  if (hadUploads) await fs.rm(replaced, { recursive: true, force: true });
}

/** Copies every file of `storage` into `folder`, laid out as the uploads folder is (`<xx>/<key>`). */
export async function copyStoreToFolder(storage: FileStorage, folder: string): Promise<void> {
  const local = createLocalStorage(folder);
  for (const key of await storage.list()) await local.write(key, await storage.get(key));
}

/**
 * Makes `storage` hold exactly the files of `folder` (an unpacked archive's uploads): each is
 * written under its key, then the store's other files are deleted.
 */
export async function replaceStoreFiles(folder: string, storage: FileStorage): Promise<void> {
  const keep = new Set<string>();
  for (const file of await storedFiles(folder)) {
    const key = path.basename(file);
    if (!isStorageKey(key)) throw new Error(`The archive holds a file that is not a stored file: ${file}`);
    await storage.write(key, await fs.readFile(path.join(folder, file)));
    keep.add(key);
  }
  for (const key of await storage.list()) if (!keep.has(key)) await storage.remove(key);
}
