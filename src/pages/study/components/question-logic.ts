import { QUESTION_IMAGES_MAX, ReplyStatus } from '@activity/wire'
import type { DraftImage } from '../../../components/image-picker'

/** The server's limits (student-questions.schemas.ts). */
export const QUESTION_TITLE_MAX = 60
export const QUESTION_CONTENT_MAX = 2000
export { QUESTION_IMAGES_MAX }

/** The list's filters: every question, or by status. */
export const QUESTION_TABS = [
  { label: '全部', status: '' },
  { label: ReplyStatus.pending, status: ReplyStatus.pending },
  { label: ReplyStatus.replied, status: ReplyStatus.replied },
] as const
export type QuestionTab = (typeof QUESTION_TABS)[number]['status']

/** The tag of a question: 已关闭 over its status; the tone colours it. */
export function questionTag(q: { status: string; closed: boolean }): { label: string; tone: 'closed' | 'pending' | 'replied' } {
  if (q.closed) return { label: '已关闭', tone: 'closed' }
  return q.status === ReplyStatus.replied
    ? { label: ReplyStatus.replied, tone: 'replied' }
    : { label: ReplyStatus.pending, tone: 'pending' }
}

/** A picture of a post being written: its key for the server and what shows it here. */
export type { DraftImage }

export interface AskForm {
  courseId: number | null
  sectionId: number | null
  title: string
  content: string
  images: DraftImage[]
}
export type AskField = 'course' | 'title' | 'content'

export const EMPTY_ASK: AskForm = { courseId: null, sectionId: null, title: '', content: '', images: [] }

/** The form's problems, as the server words them. */
export function checkAsk(form: AskForm): Partial<Record<AskField, string>> {
  const errors: Partial<Record<AskField, string>> = {}
  if (form.courseId === null) errors.course = '请选择课程'
  const title = form.title.trim()
  if (!title) errors.title = '请填写标题'
  else if (title.length > QUESTION_TITLE_MAX) errors.title = `标题不能超过${QUESTION_TITLE_MAX}个字`
  const content = form.content.trim()
  if (!content) errors.content = '请填写问题描述'
  else if (content.length > QUESTION_CONTENT_MAX) errors.content = `问题描述不能超过${QUESTION_CONTENT_MAX}个字`
  return errors
}

/** What the server takes: the picture keys as one JSON text (form bodies). */
export function askPayload(form: AskForm & { courseId: number }) {
  return {
    courseId: form.courseId,
    ...(form.sectionId !== null ? { sectionId: form.sectionId } : {}),
    title: form.title.trim(),
    content: form.content.trim(),
    ...(form.images.length ? { images: form.images.map((i) => i.key) } : {}),
  }
}
