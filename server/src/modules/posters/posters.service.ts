import crypto from 'node:crypto'
import fs from 'node:fs/promises'
import path from 'node:path'
import type { BackgroundRow } from './posters.repository.ts'

export function toBackground(b: BackgroundRow) {
  return { id: b.id, name: b.name, url: b.url, sort: b.sort }
}

/** The image type from its first bytes (never from the name or the declared type). */
export function imageExtension(head: Buffer): string | undefined {
  if (head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png'
  if (head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'jpg'
  if (head.subarray(0, 4).toString('ascii') === 'GIF8') return 'gif'
  if (head.subarray(0, 4).toString('ascii') === 'RIFF' && head.subarray(8, 12).toString('ascii') === 'WEBP') return 'webp'
  return undefined
}

/** Stores an upload under `<uploadsDir>/posters/` with a content-derived name; returns its public path. */
export async function storeImage({ uploadsDir, data }: { uploadsDir: string; data: Buffer }): Promise<string | undefined> {
  const ext = imageExtension(data)
  if (!ext) return undefined
  const name = `${crypto.createHash('sha256').update(data).digest('hex').slice(0, 32)}.${ext}`
  const dir = path.join(uploadsDir, 'posters')
  await fs.mkdir(dir, { recursive: true })
  await fs.writeFile(path.join(dir, name), data)
  return `/uploads/posters/${name}`
}
