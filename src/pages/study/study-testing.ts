import type { CourseCard, CourseDetail, SectionItem } from '../../api/sms/study-types'
import { dispatchSession } from '../../session/events'
import { STUDENT_USER } from '../../testing/student-pages'

export { clockOnly } from '../../testing/clock'

/** The demo student's person (account 41, a student only), as GET person gives it. */
export function studentPersonLoaded(): void {
  dispatchSession({
    type: 'personLoaded',
    user: STUDENT_USER,
    person: { accountId: 41, profiles: ['student'], partner: null, student: null },
  })
}

export function courseCard(over: Partial<CourseCard> & Pick<CourseCard, 'id' | 'title'>): CourseCard {
  return {
    cover: null,
    type: '教材',
    categoryId: 11,
    categoryName: '专升本',
    parentCategoryName: '学历提升',
    price: 0,
    sectionCount: 3,
    trialCount: 0,
    studentCount: 12,
    joined: false,
    collected: false,
    ...over,
  }
}

export function sectionItem(over: Partial<SectionItem> & Pick<SectionItem, 'id' | 'title'>): SectionItem {
  return { kind: '视频', duration: 600, trial: false, locked: false, finished: false, position: 0, liveSessionId: null, ...over }
}

/** A course's detail: two chapters, the first section a trial; `locked` follows `joined` unless given. */
export function courseDetail(over: Partial<CourseDetail> & Pick<CourseDetail, 'id' | 'title'>): CourseDetail {
  const joined = over.joined ?? false
  const card = courseCard(over)
  return {
    ...card,
    intro: '系统讲解专升本英语的词汇、语法与阅读。',
    teacher: '王老师',
    noSkip: false,
    status: '上架',
    progress: { finished: 0, total: 3, percent: 0 },
    lastSectionId: null,
    pendingOrderId: null,
    chapters: [
      {
        id: 1,
        title: '词汇',
        sections: [
          sectionItem({ id: 101, title: '1.1 高频词汇', trial: true }),
          sectionItem({ id: 102, title: '1.2 构词法', locked: !joined }),
        ],
      },
      { id: 2, title: '阅读', sections: [sectionItem({ id: 201, title: '2.1 阅读技巧', kind: '文档', duration: 0, locked: !joined })] },
    ],
    ...over,
  }
}
