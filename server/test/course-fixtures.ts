import assert from 'node:assert/strict'
import type { Client } from './helper.ts'
import { ProductStatus, ProductType, SectionKind } from '../src/wire.ts'

/** An mp4's first bytes (ftyp box) and some more: what an upload is sniffed by. */
export const FAKE_MP4 = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom\0\0\0\0isomavc1'), Buffer.alloc(4000, 7)])
export const FAKE_PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(200, 1)])

export function multipart(fields: Record<string, string>, file: { name: string; type: string; data: Buffer }) {
  const boundary = '----course-test-boundary'
  const parts = Object.entries(fields).map(([k, v]) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`),
  )
  return {
    payload: Buffer.concat([
      ...parts,
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
      file.data,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  }
}

/** The console's steps to a course with sections, as the office takes them. */
export async function makeCourse(
  admin: Client,
  {
    categoryId,
    title,
    price,
    type = ProductType.textbook,
    sections = [{ title: '第一节', trial: true }, { title: '第二节' }],
    list = true,
  }: {
    categoryId: number
    title: string
    price: number
    type?: string
    sections?: Array<{ title: string; trial?: boolean }>
    list?: boolean
  },
) {
  const ok = async (res: Awaited<ReturnType<Client['post']>>) => {
    assert.equal(res.statusCode, 200, res.body)
    return res.json().data
  }
  const course = await ok(await admin.post('/api/bms/cont/continueCourse', { title, categoryId, type, price, teacher: '王老师' }))
  const chapter = await ok(await admin.post('/api/bms/cont/chapter', { courseId: course.id, title: '第一章' }))
  const upload = await ok(
    await admin.inject({
      method: 'POST',
      url: '/api/bms/cont/resource/upload',
      ...multipart({ kind: 'video' }, { name: 'lesson.mp4', type: 'video/mp4', data: FAKE_MP4 }),
    }),
  )
  const ids: number[] = []
  for (const s of sections)
    ids.push(
      (
        await ok(
          await admin.post('/api/bms/cont/chapter/saveSection', {
            chapterId: chapter.id,
            title: s.title,
            kind: SectionKind.video,
            trial: s.trial ? '是' : '否',
            mediaKey: upload.key,
            duration: '12.4',
          }),
        )
      ).id,
    )
  if (list) await ok(await admin.put('/api/bms/cont/continueCourse/changeStatus', { id: course.id, status: ProductStatus.listed }))
  return { id: course.id as number, chapterId: chapter.id as number, sectionIds: ids, mediaKey: upload.key as string }
}

/** Two categories of a first-level one, made through the console. */
export async function makeCategories(admin: Client, name: string) {
  const parent = (await admin.post('/api/bms/cont/continueConfig/courseCategory', { name })).json().data
  const a = (await admin.post('/api/bms/cont/continueConfig/courseCategory', { parentId: parent.id, name: `${name}-甲` })).json().data
  const b = (await admin.post('/api/bms/cont/continueConfig/courseCategory', { parentId: parent.id, name: `${name}-乙` })).json().data
  return { parentId: parent.id as number, a: a.id as number, b: b.id as number }
}
