import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
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
    async putStream(source) {
      const key = randomUUID();
      await fs.mkdir(path.dirname(pathOf(key)), { recursive: true });
      let size = 0;
      const counter = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          size += chunk.length;
          done(null, chunk);
        },
      });
      try {
        await pipeline(source, counter, createWriteStream(pathOf(key), { flags: 'wx' }));
      } catch (error) {
        await fs.rm(pathOf(key), { force: true });
        throw error;
      }
      return { key, size };
    },
    get: async (key) => fs.readFile(pathOf(key)),
    async getStream(key) {
      // Opened here, so an unknown key rejects now rather than as the stream's first error.
      const handle = await fs.open(pathOf(key), 'r');
      return handle.createReadStream();
    },
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
