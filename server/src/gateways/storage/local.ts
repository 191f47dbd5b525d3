import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { assertValidKey, contentTypeOf } from './keys.ts'
import type { Storage } from './types.ts'

/** Each file's content type, kept beside the files (a folder no key can name: keys never start a segment with a dot). */
const META_DIR = '.meta'

/**
 * Files on the local disk under `dir`. A file is written to a temporary name and renamed, so a
 * reader never sees half a file and a failed upload leaves nothing behind.
 */
export function createLocalStorage({ dir }: { dir: string }): Storage {
  const root = path.resolve(dir)
  const fileOf = (key: string) => {
    assertValidKey(key)
    return path.join(root, ...key.split('/'))
  }
  const metaOf = (key: string) => path.join(root, META_DIR, ...key.split('/')) + '.json'

  async function contentType(key: string): Promise<string> {
    try {
      const meta = JSON.parse(await fs.promises.readFile(metaOf(key), 'utf8')) as { contentType?: unknown }
      if (typeof meta.contentType === 'string') return meta.contentType
    } catch {
      // No metadata (a file put there by hand): the extension says.
    }
    return contentTypeOf(key)
  }

  async function stat(key: string) {
    try {
      const s = await fs.promises.stat(fileOf(key))
      return s.isFile() ? s : undefined
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT' || (error as NodeJS.ErrnoException).code === 'ENOTDIR') return undefined
      throw error
    }
  }

  return {
    kind: 'local',
    async put(key, body, { contentType: type }) {
      const file = fileOf(key)
      await fs.promises.mkdir(path.dirname(file), { recursive: true })
      const tmp = `${file}.${crypto.randomBytes(6).toString('hex')}.part`
      try {
        await pipeline(Buffer.isBuffer(body) ? Readable.from([body]) : body, fs.createWriteStream(tmp, { flags: 'wx' }))
        const meta = metaOf(key)
        await fs.promises.mkdir(path.dirname(meta), { recursive: true })
        await fs.promises.writeFile(meta, JSON.stringify({ contentType: type }))
        await fs.promises.rename(tmp, file)
      } catch (error) {
        await fs.promises.rm(tmp, { force: true })
        throw error
      }
      return { size: (await fs.promises.stat(file)).size }
    },
    async stat(key) {
      const s = await stat(key)
      return s && { size: s.size, contentType: await contentType(key), modifiedAt: s.mtime }
    },
    async read(key, range) {
      const s = await stat(key)
      if (!s) return undefined
      const start = range?.start ?? 0
      const end = range?.end ?? s.size - 1
      // An empty file has no byte to read (end = -1): an empty stream.
      const stream = s.size === 0 ? Readable.from([]) : fs.createReadStream(fileOf(key), { start, end })
      return { stream, size: s.size, contentType: await contentType(key), start, end }
    },
    async remove(key) {
      await fs.promises.rm(fileOf(key), { force: true })
      await fs.promises.rm(metaOf(key), { force: true })
    },
  }
}
