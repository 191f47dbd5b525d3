/** 通知公告 (`/api/ems/education/notices`): 管理员 writes, targets and publishes notices to students. */
import type { NoticeStatus, Page } from '@activity/wire'
import { del, get, post, put } from './client'

/** Which students a notice addresses: every field set must match (none set: all students). */
export type NoticeTarget = {
  targetSchool: string | null
  targetMajor: string | null
  targetLevel: string | null
  targetBatchYear: number | null
  targetBatch: number | null
}

/** A list row: its audience now (`audience`) and how many have read it. */
export type NoticeItem = NoticeTarget & {
  id: number
  title: string
  status: NoticeStatus
  /** 全部学员, or 某校 · 某专业 · 本科 · 2026年1期. */
  targetLabel: string
  audience: number
  readCount: number
  publishedAt: string | null
  createdAt: string
  updatedAt: string
}

/** One notice with its sanitised HTML content. */
export type Notice = NoticeItem & { content: string }

/** What the form sends; an empty target field is no restriction. */
export type NoticeInput = { title: string; content: string } & { [K in keyof NoticeTarget]?: string | number }

const base = '/api/ems/education/notices'

export const noticesApi = {
  list: (query: Record<string, string | number | string[] | undefined>) => get<Page<NoticeItem>>(`${base}/list`, query),
  details: (id: number) => get<Notice>(`${base}/details`, { id }),
  /** How many students these target fields reach now. */
  audience: (target: Partial<Record<keyof NoticeTarget, string | number>>, signal?: AbortSignal) =>
    get<{ count: number }>(`${base}/audience`, target, { quiet: true, signal }),
  create: (input: NoticeInput) => post<Notice>(`${base}/save`, input, { quiet: true }),
  update: (input: NoticeInput & { id: number }) => put<Notice>(`${base}/update`, input, { quiet: true }),
  publish: (id: number) => put<Notice>(`${base}/publish`, { id }),
  withdraw: (id: number) => put<Notice>(`${base}/withdraw`, { id }),
  remove: (id: number) => del<null>(`${base}/remove`, { id }),
}
