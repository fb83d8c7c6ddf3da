import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

export interface FileStorage {
  /** Stores bytes under a new server-generated key and returns the key. */
  put(bytes: Buffer): Promise<string>;
  get(key: string): Promise<Buffer>;
  remove(key: string): Promise<void>;
}

const KEY = /^[0-9a-f-]{36}$/;

/** Files on local disk under `<dataDir>/uploads`, named by random keys only. */
export function createLocalStorage(root: string): FileStorage {
  const pathOf = (key: string) => {
    if (!KEY.test(key)) throw new Error('invalid storage key');
    return path.join(root, key.slice(0, 2), key);
  };
  return {
    async put(bytes) {
      const key = randomUUID();
      await fs.mkdir(path.dirname(pathOf(key)), { recursive: true });
      await fs.writeFile(pathOf(key), bytes, { flag: 'wx' });
      return key;
    },
    get: (key) => fs.readFile(pathOf(key)),
    async remove(key) {
      await fs.rm(pathOf(key), { force: true });
    },
  };
}
