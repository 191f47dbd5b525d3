/**
 * The addresses of issue 24's pages (exercises, exams, the wrong-answer book, the report), apart
 * from links.ts: home (in the main package) needs only STUDY_LINKS, these stay in the subpackage.
 */
/** 章节练习: a course's chapters; with a chapter (null: 未分章) and a difficulty, its questions. */
export function exerciseUrl(courseId: number, chapter?: { chapterId: number | null; difficulty?: string }): string {
  if (!chapter) return `/pages/study/exercise?courseId=${courseId}`
  const params = [`courseId=${courseId}`, `chapterId=${chapter.chapterId ?? 0}`]
  if (chapter.difficulty) params.push(`difficulty=${encodeURIComponent(chapter.difficulty)}`)
  return `/pages/study/exercise?${params.join('&')}`
}
/** 考试 of one course (no course: all of mine). */
export const examUrl = (courseId?: number) => (courseId ? `/pages/study/exam?courseId=${courseId}` : '/pages/study/exam')
/** A paper's intro with my attempts. */
export const paperIntroUrl = (paperId: number) => `/pages/study/exam?paperId=${paperId}`
/** 答题 (an open attempt) or its result (a closed one); messages of 成绩公布 carry it. */
export const attemptUrl = (attemptId: number) => `/pages/study/paper?attemptId=${attemptId}`
/** 错题本's redo of one question. */
export const wrongRedoUrl = (questionId: number) => `/pages/study/wrong?questionId=${questionId}`
export const reportUrl = (courseId: number) => `/pages/study/report?courseId=${courseId}`
