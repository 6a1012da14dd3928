/**
 * The local-directory adapter (the embedded default): key `a/b.png` is the file `<root>/a/b.png`,
 * as the server kept its files before the port existed (DATA_DIR/uploads, DATA_DIR/builds). A
 * file's type comes from its name's extension (the disk keeps no type).
 */
import { randomBytes } from 'node:crypto';
import { copyFile, mkdir, open, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { checkKey, checkPrefix, contentTypeOf, StorageUnavailableError, type FileStorage } from './port';

const isMissing = (error: unknown) => ['ENOENT', 'ENOTDIR', 'EISDIR'].includes((error as NodeJS.ErrnoException).code ?? '');

export function createLocalStorage(root: string): FileStorage {
  const fileOf = (key: string) => path.join(root, checkKey(key));

  /** Writes through `write` into a temporary name beside the target, then renames: never half a file under the key. */
  async function replace(key: string, write: (temporary: string) => Promise<void>): Promise<void> {
    const target = fileOf(key);
    const temporary = `${target}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
    try {
      await mkdir(path.dirname(target), { recursive: true });
      await write(temporary);
      await rename(temporary, target);
    } catch (error) {
      await rm(temporary, { force: true }).catch(() => undefined);
      throw new StorageUnavailableError({ cause: error });
    }
  }

  return {
    kind: 'local',
    put: (key, bytes) => replace(key, (temporary) => writeFile(temporary, bytes)),
    putFile: (key, file) => replace(key, (temporary) => copyFile(file, temporary)),

    async get(key, range) {
      const file = fileOf(key);
      let handle;
      try {
        handle = await open(file, 'r');
        const info = await handle.stat();
        if (!info.isFile()) {
          await handle.close();
          return null;
        }
        const size = range ? range.end - range.start + 1 : info.size;
        // The stream closes the handle when it ends or is destroyed.
        return { body: handle.createReadStream(range ?? {}), size, contentType: contentTypeOf(key), modified: info.mtime };
      } catch (error) {
        await handle?.close().catch(() => undefined);
        if (isMissing(error)) return null;
        throw new StorageUnavailableError({ cause: error });
      }
    },

    async stat(key) {
      try {
        const info = await stat(fileOf(key));
        return info.isFile() ? { size: info.size, modified: info.mtime } : null;
      } catch (error) {
        if (isMissing(error)) return null;
        throw new StorageUnavailableError({ cause: error });
      }
    },

    async remove(key) {
      await rm(fileOf(key), { force: true }).catch((error: unknown) => {
        throw new StorageUnavailableError({ cause: error });
      });
    },

    async removeAll(prefix) {
      await rm(path.join(root, checkPrefix(prefix)), { recursive: true, force: true }).catch((error: unknown) => {
        throw new StorageUnavailableError({ cause: error });
      });
    },

    async close() {},
  };
}
