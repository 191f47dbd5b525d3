import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { ProductStatus, ProductType, SectionKind } from '@activity/wire'
import type { CategoryParent, CourseDetail } from '../../api/courses'
import { categoryOptions, categoryPath, courseBody, courseValues, priceText, sectionBody } from './course-form.ts'

const TREE: CategoryParent[] = [
  {
    id: 1,
    name: '学历教育(本科)',
    enabled: true,
    sort: 1,
    courseCount: 3,
    children: [
      { id: 11, name: '英语', enabled: true, sort: 1, courseCount: 2 },
      { id: 12, name: '法学', enabled: false, sort: 2, courseCount: 1 },
    ],
  },
  { id: 2, name: '职业技能教育', enabled: false, sort: 2, courseCount: 0, children: [] },
]

const COURSE: CourseDetail = {
  id: 5,
  title: '大学英语（专升本）',
  cover: '/files/public/cover.png',
  type: ProductType.textbook,
  categoryId: 11,
  categoryName: '英语',
  price: 19900,
  status: ProductStatus.unlisted,
  noSkip: true,
  teacher: '王老师',
  sectionCount: 3,
  studentCount: 0,
  finishedCount: 0,
  createdAt: '2026-03-01T00:00:00.000Z',
  coverKey: 'public/cover.png',
  intro: '词汇与阅读',
  parentCategoryId: 1,
  chapters: [],
}

describe('the course editor', () => {
  test('shows a price of 19900 fen as 199.00 yuan and sends what was typed back in fen, never through a float', () => {
    const values = courseValues(COURSE, TREE)
    assert.equal(values.price, '199.00')
    assert.deepEqual(values.category, [1, 11])
    const body = courseBody({ ...values, title: ' 大学英语 ', price: '0.29' } as Parameters<typeof courseBody>[0])
    assert.equal(body.price, 29)
    assert.equal(body.title, '大学英语')
    assert.equal(body.categoryId, 11)
    assert.equal(courseBody({ ...values, price: '1234.5' } as Parameters<typeof courseBody>[0]).price, 123450)
  })

  test('a free course is 0 fen and reads 免费', () => {
    const body = courseBody({ title: '入门', category: [1, 11], type: ProductType.textbook, price: '0', noSkip: false })
    assert.equal(body.price, 0)
    assert.equal(priceText(0), '免费')
    assert.equal(priceText(19900), '¥199.00')
  })

  test('refuses a price with three decimals or a category without its second level', () => {
    assert.throws(
      () => courseBody({ title: 'x', category: [1, 11], type: ProductType.textbook, price: '1.234', noSkip: false }),
      /两位小数/,
    )
    assert.throws(() => courseBody({ title: 'x', category: [], type: ProductType.textbook, price: '1', noSkip: false }), /课程分类/)
  })

  test('empty optional fields are sent empty, so clearing the cover or the teacher clears them on the server', () => {
    const body = courseBody({ title: 'x', category: [1, 11], type: ProductType.liveCourse, price: '10', noSkip: false })
    assert.deepEqual({ cover: body.cover, intro: body.intro, teacher: body.teacher }, { cover: '', intro: '', teacher: '' })
  })

  test('the cascader offers enabled second levels; a disabled one stays choosable only for the course already in it', () => {
    assert.deepEqual(categoryPath(TREE, 12), [1, 12])
    assert.deepEqual(categoryPath(TREE, 99), [])
    const forNew = categoryOptions(TREE, { withDisabled: false })
    assert.deepEqual(
      forNew.map((p) => [p.value, p.children?.map((c) => c.value)]),
      [[1, [11]]],
    )
    const forCourse = categoryOptions(TREE, { withDisabled: false, keep: 12 })
    assert.deepEqual(
      forCourse[0]?.children?.map((c) => [c.value, c.disabled]),
      [
        [11, false],
        [12, false],
      ],
    )
    const forFilter = categoryOptions(TREE)
    assert.deepEqual(
      forFilter.map((p) => [p.value, p.disabled]),
      [
        [1, false],
        [2, true],
      ],
    )
  })
})

describe('the section editor', () => {
  const media = { key: 'courses/5/a.mp4', fileName: 'a.mp4', size: 1024 }

  test('a video sends its stored file and the length read in the browser, in seconds', () => {
    assert.deepEqual(sectionBody({ title: ' 第一节 ', kind: SectionKind.video, trial: true, media, duration: 12.35 }), {
      title: '第一节',
      kind: SectionKind.video,
      trial: true,
      mediaKey: 'courses/5/a.mp4',
      fileName: 'a.mp4',
      duration: 12.35,
    })
  })

  test('a video without a file or a length is refused before sending', () => {
    assert.throws(() => sectionBody({ title: 'x', kind: SectionKind.video, trial: false, duration: 3 }), /请上传视频/)
    assert.throws(() => sectionBody({ title: 'x', kind: SectionKind.video, trial: false, media, duration: null }), /视频时长/)
  })

  test('a document sends its file and no length; a live section only its session', () => {
    assert.deepEqual(sectionBody({ title: '讲义', kind: SectionKind.document, trial: false, media, duration: 30 }), {
      title: '讲义',
      kind: SectionKind.document,
      trial: false,
      mediaKey: 'courses/5/a.mp4',
      fileName: 'a.mp4',
    })
    assert.deepEqual(sectionBody({ title: '直播', kind: SectionKind.live, trial: false, media, liveSessionId: 4 }), {
      title: '直播',
      kind: SectionKind.live,
      trial: false,
      liveSessionId: 4,
    })
    assert.throws(() => sectionBody({ title: '直播', kind: SectionKind.live, trial: false }), /请选择直播场次/)
  })
})
