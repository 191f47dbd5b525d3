import crypto from 'node:crypto'
import fs from 'node:fs/promises'
import path from 'node:path'
import { MiniCodeError, type MiniCodeGateway } from '../../../gateways/mini-code.ts'
import type { Executor } from '../../../db/types.ts'
import { createBackgroundNotFoundError } from './posters.errors.ts'
import { type BackgroundRow, createPostersRepository } from './posters.repository.ts'

export function toBackground(b: BackgroundRow) {
  return { id: b.id, name: b.name, url: b.url, sort: b.sort, enabled: b.enabled }
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

/** The mini-program page a poster's code opens: the jump page reads `scene` (pages/jump/target.ts). */
export const MINI_CODE_PAGE = 'pages/jump/index'

/** `r=<partner code>` and, for one activity, `&a=<id>`: within WeChat's 32 characters (codes are at most 16). */
export function miniCodeScene({ code, activityId }: { code: string; activityId?: number }): string {
  return activityId ? `r=${code}&a=${activityId}` : `r=${code}`
}

const making = new Map<string, Promise<string>>()

/**
 * The partner's mini-program code as a file under `<uploadsDir>/wxacode/`, asked of the gateway
 * once per scene (and gateway: another app id or version is another image); answers its public
 * path. Concurrent asks for one scene share one call.
 */
export async function miniCodeFile({
  gateway,
  uploadsDir,
  scene,
  page = MINI_CODE_PAGE,
}: {
  gateway: MiniCodeGateway
  uploadsDir: string
  scene: string
  page?: string
}): Promise<string> {
  const name = crypto.createHash('sha256').update(`${gateway.cacheKey}\n${page}\n${scene}`).digest('hex').slice(0, 32)
  const dir = path.join(uploadsDir, 'wxacode')
  for (const ext of ['png', 'jpg']) {
    const done = await fs.stat(path.join(dir, `${name}.${ext}`)).catch(() => null)
    if (done?.isFile() && done.size > 0) return `/uploads/wxacode/${name}.${ext}`
  }
  const inFlight = making.get(name)
  if (inFlight) return inFlight
  const made = (async () => {
    const image = await gateway.unlimited({ scene, page })
    const ext = imageExtension(image.bytes)
    if (ext !== 'png' && ext !== 'jpg') throw new MiniCodeError('WeChat answered something else than a PNG or JPEG image')
    await fs.mkdir(dir, { recursive: true })
    // Written aside then renamed: a reader never sees half a file.
    const temp = path.join(dir, `${name}.${process.pid}.${crypto.randomBytes(4).toString('hex')}.tmp`)
    await fs.writeFile(temp, image.bytes)
    await fs.rename(temp, path.join(dir, `${name}.${ext}`))
    return `/uploads/wxacode/${name}.${ext}`
  })().finally(() => making.delete(name))
  making.set(name, made)
  return made
}

export interface BackgroundInput {
  name: string
  url: string
  sort: number
  enabled?: boolean
}

/** The poster backgrounds (only the enabled ones: what partners' posters offer). */
export async function listBackgrounds({ db, enabledOnly }: { db: Executor; enabledOnly?: boolean }) {
  return createPostersRepository({ db }).list({ enabledOnly })
}

export async function createBackground({ db, input }: { db: Executor; input: BackgroundInput }) {
  return createPostersRepository({ db }).insert(input)
}

/** Changes a background; answers it as it was and as it is now. */
export async function updateBackground({ db, id, input }: { db: Executor; id: number; input: Partial<BackgroundInput> }) {
  const posters = createPostersRepository({ db })
  const before = await posters.findById({ id })
  const updated = before && (await posters.update({ id, values: input }))
  if (!updated) throw createBackgroundNotFoundError()
  return { before, updated }
}

export async function deleteBackground({ db, id }: { db: Executor; id: number }): Promise<void> {
  if (!(await createPostersRepository({ db }).delete({ id }))) throw createBackgroundNotFoundError()
}
