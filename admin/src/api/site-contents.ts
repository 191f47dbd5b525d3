/** 内容 (`/api/cms/web/siteContent`): the agreement, the privacy policy and other pages partners read. */
import type { Page } from '@activity/wire'
import { del, get, post, put } from './client'

/** Keys the partner app opens by name (/pages/user/agreement, /pages/user/privacy): never renamed or removed. */
export const PROTECTED_KEYS: Record<string, string> = { agreement: '/pages/user/agreement', privacy: '/pages/user/privacy' }

interface SiteContentBase {
  id: number
  key: string | null
  title: string
  images: string[]
  createdAt: string
  updatedAt: string
}

/** A list row: the body's start as text instead of the body. */
export interface SiteContentItem extends SiteContentBase, Record<string, unknown> {
  summary: string
}

export interface SiteContent extends SiteContentBase {
  /** Sanitised HTML. */
  body: string
}

export interface SiteContentInput {
  key?: string
  title: string
  body: string
  images?: string[]
}

const base = '/api/cms/web/siteContent'

export const siteContentsApi = {
  list: (query: { keyword?: string; page?: number; size?: number }) => get<Page<SiteContentItem>>(`${base}/list`, query),
  details: (id: number) => get<SiteContent>(`${base}/details`, { id }),
  create: (input: SiteContentInput) => post<SiteContent>(base, input, { quiet: true }),
  update: (input: SiteContentInput & { id: number }) => put<SiteContent>(base, input, { quiet: true }),
  remove: (id: number) => del<null>(base, { id }),
}
