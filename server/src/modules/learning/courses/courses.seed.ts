import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { and, eq, inArray, isNull } from 'drizzle-orm'
import { REPO_ROOT } from '../../../config.ts'
import type { Executor } from '../../../db/types.ts'
import type { Storage } from '../../../gateways/storage/index.ts'
import { CATEGORY_TREE, EnrolmentSource, ProductStatus, ProductType, SectionKind } from '../../../wire.ts'
import { studentsView, STUDENTS_DEMO } from '../../roll/index.ts'
import { createCoursesRepository } from './courses.repository.ts'
import { courseCategories, courseEnrolments } from './courses.table.ts'

/** The course categories of a fresh database: the specification's tree (CATEGORY_TREE), in its order. */
export async function ensureCourseCategories({ db }: { db: Executor }): Promise<boolean> {
  const repo = createCoursesRepository({ db })
  if ((await repo.categoryCount()) > 0) return false
  for (const [i, parent] of CATEGORY_TREE.entries()) {
    const row = await repo.insertCategory({ parentId: null, name: parent.label, sort: i + 1 })
    for (const [j, child] of parent.children.entries()) await repo.insertCategory({ parentId: row.id, name: child.label, sort: j + 1 })
  }
  return true
}

export const COURSES_DEMO = {
  english: '大学英语（专升本）',
  maths: '高等数学（一）',
  live: '学位英语直播班',
}

/** The generated test videos (scripts/make-media.mjs) and their lengths. */
const VIDEOS = {
  a: { file: 'lesson-1.mp4', seconds: 8 },
  b: { file: 'lesson-2.mp4', seconds: 12 },
  c: { file: 'lesson-3.mp4', seconds: 16 },
}
const MEDIA_CACHE = path.join(REPO_ROOT, '.cache', 'demo-media')

/** A one-page PDF (the 文档 section's handout), written by hand: no generator needed. */
function handoutPdf(): Buffer {
  const text = 'BT /F1 24 Tf 72 720 Td (Demo handout: limits and derivatives) Tj ET'
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${text.length} >>\nstream\n${text}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ]
  let out = '%PDF-1.4\n'
  const offsets: number[] = []
  objects.forEach((o, i) => {
    offsets.push(out.length)
    out += `${i + 1} 0 obj\n${o}\nendobj\n`
  })
  const xref = out.length
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`
  return Buffer.from(out, 'latin1')
}

/**
 * The demo media in storage under `media/demo/`: the videos made once by scripts/make-media.mjs
 * (cached in .cache/demo-media, so a test suite makes them once) and the handout. Answers each
 * key's size; an unavailable ffmpeg leaves the videos out (the sections stay, their files missing).
 */
async function ensureDemoMedia({ storage, log }: { storage: Storage; log?: (message: string) => void }) {
  const sizes = new Map<string, number>()
  const missing = Object.values(VIDEOS).some((v) => !fs.existsSync(path.join(MEDIA_CACHE, v.file)))
  if (missing) {
    const made = spawnSync(process.execPath, [path.join(REPO_ROOT, 'scripts', 'make-media.mjs'), MEDIA_CACHE], { encoding: 'utf8' })
    if (made.status !== 0) log?.(`demo videos not made (ffmpeg of @ffmpeg-installer/ffmpeg unavailable?): ${made.stderr || made.error}`)
  }
  for (const v of Object.values(VIDEOS)) {
    const file = path.join(MEDIA_CACHE, v.file)
    const key = `media/demo/${v.file}`
    if (!fs.existsSync(file)) continue
    const stat = await storage.stat(key)
    sizes.set(key, stat?.size ?? (await storage.put(key, fs.createReadStream(file), { contentType: 'video/mp4' })).size)
  }
  const handout = 'media/demo/handout.pdf'
  sizes.set(
    handout,
    (await storage.stat(handout))?.size ?? (await storage.put(handout, handoutPdf(), { contentType: 'application/pdf' })).size,
  )
  return sizes
}

/**
 * Demo courses (after the demo students): 「大学英语（专升本）」 for sale with a 试看 section,
 * 「高等数学（一）」 granted to both demo students, and the live course 「学位英语直播班」 (granted
 * too) with a class live now (from 10 minutes ago to 50 minutes from now) and yesterday's with
 * its playback. With `storage`, the media are put there first.
 */
export async function seedCoursesDemo({
  db,
  storage,
  now = new Date(),
  log,
}: {
  db: Executor
  storage?: Storage
  now?: Date
  log?: (message: string) => void
}): Promise<void> {
  await ensureCourseCategories({ db })
  const sizes = storage ? await ensureDemoMedia({ storage, log }) : new Map<string, number>()
  const repo = createCoursesRepository({ db })
  const category = async (parent: string, child: string) => {
    const [p] = await db
      .select()
      .from(courseCategories)
      .where(and(isNull(courseCategories.parentId), eq(courseCategories.name, parent)))
    const [c] = await db
      .select()
      .from(courseCategories)
      .where(and(eq(courseCategories.parentId, p!.id), eq(courseCategories.name, child)))
    return c!.id
  }
  const video = (title: string, v: keyof typeof VIDEOS, key: string, trial = false) => ({
    title,
    kind: SectionKind.video,
    trial,
    mediaKey: `media/demo/${VIDEOS[v].file}`,
    fileName: `${key}.mp4`,
    size: sizes.get(`media/demo/${VIDEOS[v].file}`) ?? null,
    duration: VIDEOS[v].seconds,
  })
  async function course(
    values: Parameters<typeof repo.insertCourse>[0],
    chapters: Array<{ title: string; sections: Array<Omit<Parameters<typeof repo.insertSection>[0], 'chapterId' | 'courseId'>> }>,
  ) {
    const row = await repo.insertCourse(values)
    for (const chapter of chapters) {
      const c = await repo.insertChapter({ courseId: row.id, title: chapter.title })
      for (const section of chapter.sections) await repo.insertSection({ ...section, chapterId: c.id, courseId: row.id })
    }
    return row
  }

  await course(
    {
      title: COURSES_DEMO.english,
      categoryId: await category('学历教育(本科)', '工商管理(本科)'),
      type: ProductType.textbook,
      price: 19900,
      status: ProductStatus.listed,
      teacher: '王静',
      intro: '专升本大学英语全程精讲：词汇、语法、阅读与写作，配套真题讲解。第一节可免费试看。',
      sort: 1,
    },
    [
      {
        title: '第一章 词汇与语法',
        sections: [video('1.1 课程导学', 'a', 'english-1', true), video('1.2 高频词汇精讲', 'b', 'english-2')],
      },
      { title: '第二章 阅读理解', sections: [video('2.1 阅读解题思路', 'c', 'english-3'), video('2.2 真题精练', 'b', 'english-4')] },
    ],
  )
  const maths = await course(
    {
      title: COURSES_DEMO.maths,
      categoryId: await category('学历教育(本科)', '会计学(本科)'),
      type: ProductType.textbook,
      price: 16800,
      status: ProductStatus.listed,
      teacher: '李明',
      intro: '高等数学（一）同步课程：函数、极限与连续，一元函数微分学。学校已为本专业学员开通。',
      noSkip: true,
      sort: 2,
    },
    [
      {
        title: '第一章 函数、极限与连续',
        sections: [
          video('1.1 函数的概念', 'a', 'maths-1'),
          {
            title: '1.2 极限讲义（PDF）',
            kind: SectionKind.document,
            trial: false,
            mediaKey: 'media/demo/handout.pdf',
            fileName: '极限讲义.pdf',
            size: sizes.get('media/demo/handout.pdf') ?? null,
            duration: 0,
          },
        ],
      },
      { title: '第二章 导数与微分', sections: [video('2.1 导数的定义', 'c', 'maths-3')] },
    ],
  )
  const live = await course(
    {
      title: COURSES_DEMO.live,
      categoryId: await category('学历教育(本科)', '工商管理(本科)'),
      type: ProductType.liveCourse,
      price: 0,
      status: ProductStatus.listed,
      teacher: '陈老师',
      intro: '学位英语考前直播冲刺班，每周两次直播，课后可看回放。',
      sort: 3,
    },
    [],
  )
  const today = await repo.insertLive({
    courseId: live.id,
    title: '第3讲 阅读理解技巧',
    teacher: '陈老师',
    startsAt: new Date(now.getTime() - 10 * 60_000),
    endsAt: new Date(now.getTime() + 50 * 60_000),
  })
  const yesterday = await repo.insertLive({
    courseId: live.id,
    title: '第2讲 词汇与语法',
    teacher: '陈老师',
    startsAt: new Date(now.getTime() - 24 * 3600_000),
    endsAt: new Date(now.getTime() - 23 * 3600_000),
    playbackKey: `media/demo/${VIDEOS.b.file}`,
    playbackDuration: VIDEOS.b.seconds,
  })
  const chapter = await repo.insertChapter({ courseId: live.id, title: '直播课表' })
  for (const l of [yesterday, today])
    await repo.insertSection({
      courseId: live.id,
      chapterId: chapter.id,
      title: l.title,
      kind: SectionKind.live,
      liveSessionId: l.id,
      duration: Math.round((l.endsAt.getTime() - l.startsAt.getTime()) / 1000),
    })

  const demoStudents = await db
    .select({ id: studentsView.id })
    .from(studentsView)
    .where(inArray(studentsView.phone, [STUDENTS_DEMO.student.phone, STUDENTS_DEMO.partnerStudent.phone]))
  for (const c of [maths, live])
    if (demoStudents.length)
      await db
        .insert(courseEnrolments)
        .values(demoStudents.map((s) => ({ studentId: s.id, courseId: c.id, source: EnrolmentSource.granted })))
        .onConflictDoNothing()
}
