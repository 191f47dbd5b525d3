import type { FastifyInstance } from 'fastify'
import {
  courseCategories,
  courseChapters,
  courseEnrolments,
  courses,
  courseSections,
  liveSessions,
} from '../src/modules/learning/courses/courses.table.ts'
import { EnrolmentSource, ProductStatus, ProductType, SectionKind } from '../src/wire.ts'

/** Courses, sections, enrolments and live classes inserted directly (the study tests need them, not the console's calls). */

let counter = 0

export interface SectionFixture {
  title?: string
  kind?: SectionKind
  duration?: number
  trial?: boolean
  mediaKey?: string | null
  liveSessionId?: number | null
}

export async function insertCourse(
  app: FastifyInstance,
  {
    title,
    type = ProductType.textbook,
    status = ProductStatus.listed,
    noSkip = false,
    sections = [{ duration: 100 }, { duration: 300 }],
  }: { title?: string; type?: ProductType; status?: ProductStatus; noSkip?: boolean; sections?: SectionFixture[] } = {},
) {
  const tag = `${process.pid}-${++counter}`
  const [parent] = await app.db
    .insert(courseCategories)
    .values({ name: `测试大类${tag}` })
    .returning()
  const [leaf] = await app.db
    .insert(courseCategories)
    .values({ parentId: parent!.id, name: `测试小类${tag}` })
    .returning()
  const [course] = await app.db
    .insert(courses)
    .values({ title: title ?? `测试课程${tag}`, categoryId: leaf!.id, type, status, noSkip, teacher: '王老师' })
    .returning()
  const [chapter] = await app.db.insert(courseChapters).values({ courseId: course!.id, title: '第一章' }).returning()
  const rows = await app.db
    .insert(courseSections)
    .values(
      sections.map((s, i) => ({
        courseId: course!.id,
        chapterId: chapter!.id,
        title: s.title ?? `第${i + 1}节`,
        kind: s.kind ?? SectionKind.video,
        sort: i,
        trial: s.trial ?? false,
        duration: s.duration ?? 0,
        mediaKey: s.mediaKey === undefined ? `courses/${course!.id}/${i + 1}.mp4` : s.mediaKey,
        liveSessionId: s.liveSessionId ?? null,
      })),
    )
    .returning()
  return { course: course!, chapter: chapter!, sections: rows.sort((a, b) => a.sort - b.sort) }
}

export async function enrol(app: FastifyInstance, studentId: number, courseId: number, source: EnrolmentSource = EnrolmentSource.granted) {
  const [row] = await app.db.insert(courseEnrolments).values({ studentId, courseId, source }).returning()
  return row!
}

export async function insertLive(
  app: FastifyInstance,
  courseId: number,
  values: { startsAt: Date; endsAt: Date; title?: string; playbackKey?: string; playbackDuration?: number; roomUrl?: string },
) {
  const [row] = await app.db
    .insert(liveSessions)
    .values({ courseId, title: values.title ?? '直播课', teacher: '李老师', ...values })
    .returning()
  return row!
}

/** Adds a live section pointing at a live class to a course's first chapter. */
export async function addLiveSection(app: FastifyInstance, courseId: number, chapterId: number, liveSessionId: number) {
  const [row] = await app.db
    .insert(courseSections)
    .values({ courseId, chapterId, title: '直播节', kind: SectionKind.live, sort: 99, liveSessionId })
    .returning()
  return row!
}
