import type { StaffClue, StaffClueDetail } from '../../../api/ems/partner'
import type { TeacherQuestionDetail, TeacherQuestionItem } from '../../../api/sms/study-types'
import type { StaffMe } from '../../../staff/session'
import { staffPageHarness as operatorPageHarness, type StaffPageHarness } from '../../../testing/staff-pages'

/** Test-only: the staff work pages' far side (a real HTTP server) and a signed-in 招生老师. */
export const LIST = 'GET /api/ems/partner/clue/listForAdmin'
export const DETAILS = 'GET /api/ems/partner/clue/detailsForAdmin'
export const FOLLOW_UP = 'POST /api/ems/partner/clue/followUp'
export const QUESTIONS = 'GET /api/sms/study/studentQuestion/list'
export const QUESTION = 'GET /api/sms/study/studentQuestion/detail'
export const ANSWER = 'POST /api/sms/study/studentQuestion/answerForTeacher'
export const UPLOAD = 'POST /api/sms/study/studentQuestion/uploadForTeacher'
export const CLOSE = 'PUT /api/sms/study/studentQuestion/closeForTeacher'

export const TEACHER: StaffMe = {
  id: 3,
  account: 'teacher',
  name: '张老师',
  role: '招生老师',
  rights: ['clues.work', 'studentQuestions.view', 'studentQuestions.answer'],
  createdAt: '2026-01-01T00:00:00.000Z',
  departmentId: null,
  enabled: true,
  phone: null,
  positionId: 3,
  totpEnabled: false,
}

const HOUR = 3600_000
export const hoursFromNow = (h: number) => new Date(Date.now() + h * HOUR).toISOString()

export function clueOf(over: Partial<StaffClue> = {}): StaffClue {
  return {
    id: 11,
    name: '刘洋',
    phone: '13700000003',
    contactMethod: '电话',
    intention: '学历教育(本科)-会计学(本科)',
    remark: null,
    source: '合伙人录入',
    activityId: null,
    status: '跟进中',
    programme: null,
    amount: null,
    commission: null,
    levelName: null,
    invalidReason: null,
    cancelReason: null,
    cancelledAt: null,
    createdAt: '2026-12-01T02:00:00.000Z',
    followedAt: '2026-12-01T03:00:00.000Z',
    dealAt: null,
    partnerId: 1,
    partnerName: '陈晓明',
    partnerPhone: '13800000000',
    partnerCode: 'DEMO01',
    assigneeId: 3,
    assigneeName: '张老师',
    lastTouchedAt: '2026-12-01T03:00:00.000Z',
    nextContactAt: null,
    ...over,
  }
}

export function clueDetailOf(over: Partial<StaffClueDetail> = {}): StaffClueDetail {
  return {
    ...clueOf(),
    followUps: [],
    timeline: [
      {
        at: '2026-12-01T03:00:00.000Z',
        kind: 'followUp',
        title: '电话跟进',
        detail: '已电话沟通，想了解学费分期',
        adminName: '张老师',
      },
      { at: '2026-12-01T02:00:00.000Z', kind: 'created', title: '线索登记（合伙人录入）', detail: null, adminName: null },
    ],
    duplicate: null,
    ...over,
  }
}

export const page = <T>(list: T[], total = list.length) => ({ list, total, totalCapped: false, page: 1, size: 20 })

export function questionItemOf(over: Partial<TeacherQuestionItem> = {}): TeacherQuestionItem {
  return {
    id: 4,
    studentId: 21,
    name: '林小雨',
    studentNo: 'S2026001',
    courseTitle: '高等数学（一）',
    sectionTitle: null,
    title: '等价无穷小什么时候可以替换',
    status: '待回复',
    closed: false,
    lastPostAt: '2026-12-04T02:00:00.000Z',
    createdAt: '2026-12-04T02:00:00.000Z',
    posts: 1,
    ...over,
  }
}

export function questionOf(over: Partial<TeacherQuestionDetail> = {}): TeacherQuestionDetail {
  return {
    id: 4,
    courseId: 2,
    courseTitle: '高等数学（一）',
    sectionId: null,
    sectionTitle: null,
    title: '等价无穷小什么时候可以替换',
    status: '待回复',
    closed: false,
    closedBy: null,
    createdAt: '2026-12-04T02:00:00.000Z',
    student: { id: 21, name: '林小雨', studentNo: 'S2026001', phone: '139****0000' },
    posts: [
      {
        id: 1,
        author: 'student',
        teacherName: null,
        content: '分子是 sin x - x，为什么不能替换？',
        images: [{ key: 'questions/2026/12/s21-aaaaaaaaaaaaaaaaaaaaaaaa.png', url: '/files/questions/2026/12/s21-a.png?e=1&s=x' }],
        createdAt: '2026-12-04T02:00:00.000Z',
      },
    ],
    ...over,
  }
}

/** Installs a staff page test file's hooks (src/testing/staff-pages.ts) with `TEACHER` signed in. */
export const staffPageHarness = (): StaffPageHarness => operatorPageHarness(TEACHER)
