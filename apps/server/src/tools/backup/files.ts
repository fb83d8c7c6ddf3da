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
      else if (entry.isFile()) found.push(path.relative(root, full));
    }
  };
  await walk(root);
  return found.sort();
}

/** A path from an archive, kept inside the uploads folder. */
export function insideUploads(root: string, relative: string): string {
  const full = path.resolve(root, relative);
  if (!full.startsWith(path.resolve(root) + path.sep)) throw new Error(`unsafe path in archive: ${relative}`);
  return full;
}
