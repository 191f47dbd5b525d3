/**
 * 答疑 (`/api/sms/study/studentQuestion`): students' questions to the teachers. Every role reads
 * the queue; 管理员 and 招生老师 answer (with pictures) and close.
 */
import type { ApiData, ApiItem, ApiQueryText } from '@activity/api-types'
import type { Page } from '@activity/wire'
import { get, post, put, upload } from './client'

const base = '/api/sms/study/studentQuestion'

/** A row of the queue: its student, course, status, whether closed, how many posts. */
export type QuestionRow = ApiItem<'/api/sms/study/studentQuestion/list', 'get'>

/** One question with its thread (oldest first; pictures as signed addresses) and its student. */
export type QuestionThread = ApiData<'/api/sms/study/studentQuestion/detail', 'get'>
export type ThreadPost = QuestionThread['posts'][number]

/** An uploaded picture: `key` goes in the answer's images, `url` shows it now. */
export type StoredImage = ApiData<'/api/sms/study/studentQuestion/uploadForTeacher', 'post'>

/** What the upload takes (the server checks the bytes again). */
export const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp']
export const IMAGE_MAX_BYTES = 5 * 1024 * 1024

/** Why a picture would be refused, before sending it; null when it may go. */
export function imageRefusal(file: { type: string; size: number }): string | null {
  if (!IMAGE_TYPES.includes(file.type)) return '只能上传 PNG、JPEG 或 WebP 图片'
  if (file.size > IMAGE_MAX_BYTES) return '图片不能超过5MB'
  return null
}

export const questionsApi = {
  list: (query: ApiQueryText<'/api/sms/study/studentQuestion/list', 'get'>) => get<Page<QuestionRow>>(`${base}/list`, query),
  detail: (id: number) => get<QuestionThread>(`${base}/detail`, { id }),
  upload: (file: File) => upload<StoredImage>(`${base}/uploadForTeacher`, file, { quiet: true }),
  answer: (input: { id: number; content: string; images: string[] }) =>
    post<QuestionThread>(`${base}/answerForTeacher`, input, { quiet: true }),
  close: (id: number) => put<QuestionThread>(`${base}/closeForTeacher`, { id }),
  closeMany: (ids: number[]) =>
    put<ApiData<'/api/sms/study/studentQuestion/batchUpdateStatus', 'put'>>(`${base}/batchUpdateStatus`, { ids, closed: true }),
}
