import { QUESTION_IMAGES_MAX, ReplyStatus } from '@activity/wire'

/** The server's limit on a post (student-questions.schemas.ts CONTENT_MAX). */
export const ANSWER_MAX = 2000
export { QUESTION_IMAGES_MAX }

export type QuestionTone = 'pending' | 'replied' | 'closed'

/** A question's tag in the office's eyes: 已关闭 over its status, 待回复 what waits for a teacher. */
export function staffQuestionTag(q: { status: string; closed: boolean }): { label: string; tone: QuestionTone } {
  if (q.closed) return { label: '已关闭', tone: 'closed' }
  return q.status === ReplyStatus.pending
    ? { label: ReplyStatus.pending, tone: 'pending' }
    : { label: ReplyStatus.replied, tone: 'replied' }
}

/** Who wrote a post, as the thread heads it: the student by name, a teacher by theirs (我 for mine). */
export function postAuthor(
  post: { author: 'student' | 'teacher'; teacherName: string | null },
  student: string,
  me: string | undefined,
  first: boolean,
): string {
  if (post.author === 'student') return `${student} · ${first ? '提问' : '追问'}`
  const name = post.teacherName ?? '老师'
  return me && name === me ? `${name}（我）· 回复` : `${name} · 回复`
}

/** An answer to send: the text trimmed, the picture keys when there are any; undefined when there is no text. */
export function answerPayload(id: number, content: string, keys: string[]) {
  const text = content.trim()
  if (!text) return undefined
  return { id, content: text, ...(keys.length ? { images: keys } : {}) }
}
