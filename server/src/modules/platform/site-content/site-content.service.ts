import type { Executor } from '../../../db/types.ts'
import { htmlToText, sanitizeHtml } from '../../../lib/sanitize-html.ts'
import { isUniqueViolation } from '../../../db/errors.ts'
import {
  createContentEmptyBodyError,
  createContentKeyTakenError,
  createContentNotFoundError,
  createContentProtectedError,
} from './site-content.errors.ts'
import { createSiteContentRepository, type SiteContentRow } from './site-content.repository.ts'
import { PROTECTED_KEYS } from './site-content.schemas.ts'

export interface ContentInput {
  key?: string
  title: string
  body: string
  images: string[]
}

export function toContent(c: SiteContentRow) {
  return { id: c.id, key: c.key, title: c.title, body: c.body, images: c.images, updatedAt: c.updatedAt.toISOString() }
}
export const toAdminContent = (c: SiteContentRow) => ({ ...toContent(c), createdAt: c.createdAt.toISOString() })
export function toContentItem(c: SiteContentRow) {
  const text = htmlToText(c.body)
  const { body: _body, ...rest } = toAdminContent(c)
  return { ...rest, summary: text.length > 80 ? `${text.slice(0, 80)}…` : text }
}

function prepare(input: ContentInput) {
  const body = sanitizeHtml(input.body)
  if (htmlToText(body) === '' && !/<(img|video)\b/.test(body) && input.images.length === 0) throw createContentEmptyBodyError()
  return { key: input.key ?? null, title: input.title, body, images: input.images }
}

async function keyed<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run()
  } catch (error) {
    if (isUniqueViolation(error)) throw createContentKeyTakenError()
    throw error
  }
}

export async function createContent({ db, input }: { db: Executor; input: ContentInput }) {
  return keyed(() => createSiteContentRepository({ db }).insert(prepare(input)))
}

/** A protected key (agreement, privacy) stays on its content: the client pages find it by key. */
export async function updateContent({ db, id, input }: { db: Executor; id: number; input: ContentInput }) {
  const repo = createSiteContentRepository({ db })
  const current = await repo.findById({ id })
  if (!current) throw createContentNotFoundError()
  if (current.key && PROTECTED_KEYS.includes(current.key) && input.key !== current.key)
    throw createContentProtectedError({ message: '用户协议和隐私政策的内容标识不能修改' })
  const row = await keyed(() => repo.update({ id, values: prepare(input) }))
  if (!row) throw createContentNotFoundError()
  return row
}

export async function deleteContent({ db, id }: { db: Executor; id: number }) {
  const repo = createSiteContentRepository({ db })
  const current = await repo.findById({ id })
  if (!current) throw createContentNotFoundError()
  if (current.key && PROTECTED_KEYS.includes(current.key)) throw createContentProtectedError()
  if (!(await repo.delete({ id }))) throw createContentNotFoundError()
}

export async function findContent({ db, id, key }: { db: Executor; id?: number; key?: string }) {
  const repo = createSiteContentRepository({ db })
  const row = id !== undefined ? await repo.findById({ id }) : key !== undefined ? await repo.findByKey({ key }) : undefined
  if (!row) throw createContentNotFoundError()
  return row
}

/** The content items, by keyword, a page. */
export async function listContent({
  db,
  ...query
}: { db: Executor } & Parameters<ReturnType<typeof createSiteContentRepository>['list']>[0]) {
  return createSiteContentRepository({ db }).list(query)
}
