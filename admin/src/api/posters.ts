/** 海报 backgrounds (`/api/ems/partner/backgroundImage`): the pictures partners put their QR code on. */
import type { ApiBody, ApiData, ApiItem } from '@activity/api-types'
import { del, get, post, put, upload } from './client'

/** A background: `url` is `/uploads/...` (uploaded here), an http(s) address or a data URI; lower `sort` first. */
export type Background = ApiItem<'/api/ems/partner/backgroundImage/list', 'get'>

/** `enabled` 是 (default) | 否. */
export type BackgroundInput = ApiBody<'/api/ems/partner/backgroundImage', 'post'>

/** The partner a poster is previewed for: what the back-office prints on it (name, share code and link). */
export type PartnerCard = ApiData<'/api/ems/partner/partner/details', 'get'>

const base = '/api/ems/partner/backgroundImage'

/** What the upload call accepts (checked by content on the server; by type and size here first). */
export const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const
/** The server's default limit (UPLOAD_LIMIT_BYTES); a larger file is refused here before sending. */
export const IMAGE_MAX_BYTES = 5 * 1024 * 1024

/** Why a picture is refused before it is sent, or null when it may go. */
export function imageRefusal(file: { type: string; size: number }): string | null {
  if (!(IMAGE_TYPES as readonly string[]).includes(file.type)) return '只能上传 PNG、JPG、GIF 或 WebP 图片'
  if (file.size > IMAGE_MAX_BYTES) return `图片不能超过${IMAGE_MAX_BYTES / 1024 / 1024}MB`
  if (file.size === 0) return '图片是空文件'
  return null
}

export const postersApi = {
  list: () => get<Background[]>(`${base}/list`),
  /** Stores a picture (posters, covers, pictures in rich text); answers its address. */
  upload: (file: File) => upload<ApiData<'/api/ems/partner/backgroundImage/upload', 'post'>>(`${base}/upload`, file, { quiet: true }),
  create: (input: BackgroundInput) => post<Background>(base, input, { quiet: true }),
  update: (input: ApiBody<'/api/ems/partner/backgroundImage', 'put'>, options: { quiet?: boolean } = {}) =>
    put<Background>(base, input, options),
  remove: (id: number) => del<null>(base, { id }),
  /** The partner whose QR code and name the preview shows (the operators' partner details). */
  partner: (id: number | string) => get<PartnerCard>('/api/ems/partner/partner/details', { id }),
}
