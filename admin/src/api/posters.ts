/** 海报 backgrounds (`/api/ems/partner/backgroundImage`): the pictures partners put their QR code on. */
import { del, get, post, put, upload } from './client'

export interface Background {
  id: number
  name: string
  /** `/uploads/...` (uploaded here), an http(s) address, or a data URI */
  url: string
  /** Lower first. */
  sort: number
  /** Present once the back-office has the switch (console-api.md, requests from the console). */
  enabled?: boolean
}

export interface BackgroundInput {
  name: string
  url: string
  sort: number
  enabled?: '是' | '否'
}

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
  upload: (file: File) => upload<{ url: string }>(`${base}/upload`, file, { quiet: true }),
  create: (input: BackgroundInput) => post<Background>(base, input, { quiet: true }),
  update: (input: BackgroundInput & { id: number }, options: { quiet?: boolean } = {}) => put<Background>(base, input, options),
  remove: (id: number) => del<null>(base, { id }),
}
