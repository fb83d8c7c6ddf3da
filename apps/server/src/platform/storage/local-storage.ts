import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { FileStorage } from './file-storage.ts';
import { assertStorageKey, isStorageKey } from './storage-key.ts';

/** Files on local disk under `<dataDir>/uploads`, named by random keys only. */
export function createLocalStorage(root: string): FileStorage {
  const pathOf = (key: string) => {
    assertStorageKey(key);
    return path.join(root, key.slice(0, 2), key);
  };
  const write = async (key: string, bytes: Buffer, flag: 'wx' | 'w') => {
    await fs.mkdir(path.dirname(pathOf(key)), { recursive: true });
    await fs.writeFile(pathOf(key), bytes, { flag });
  };
  return {
    kind: 'local',
    async put(bytes) {
      const key = randomUUID();
      await write(key, bytes, 'wx');
      return key;
    },
    get: async (key) => fs.readFile(pathOf(key)),
    async remove(key) {
      await fs.rm(pathOf(key), { force: true });
    },
    async list() {
      const keys: string[] = [];
      const folders = await fs.readdir(root).catch(() => []);
      for (const folder of folders) {
        const names = await fs.readdir(path.join(root, folder)).catch(() => []);
        keys.push(...names.filter((name) => isStorageKey(name) && name.startsWith(folder)));
      }
      return keys.sort();
    },
    write: (key, bytes) => write(key, bytes, 'w'),
  };
}
