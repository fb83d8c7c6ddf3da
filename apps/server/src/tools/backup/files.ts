import fs from 'node:fs/promises';
import path from 'node:path';

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
