import TestUtils from '@tarojs/test-utils-react'
import type { GraduationCondition, GraduationMine } from '../../api/ems/education'
import { envelope } from '../../request/testing/server'
import { stepOf } from '../../testing/approvals'
import { NOT_STUDENT_REPLY, drawn, openAt, studentPageHarness } from '../../testing/student-pages'
import StudentGraduationPage from './graduation'

jest.mock('@tarojs/taro', () =>
  jest.requireActual('../../testing/taro-mock').taroWithout(['useDidShow', 'usePullDownRefresh', 'useReachBottom']),
)

const MINE = 'GET /api/ems/education/graduate/mine'
const AUDIT = { title: '2026年1期毕业审核', graduationDate: '2026-07-01' }

const check = (over: Partial<GraduationCondition> & Pick<GraduationCondition, 'kind' | 'name'>): GraduationCondition => ({
  key: over.kind,
  met: true,
  detail: '已满足',
  ...over,
})

/** 学籍 and 照片 met; 学费, 课程 and a manual condition not. */
const BLOCKED_CHECKLIST = [
  check({ key: 'roll', kind: '学籍', name: '学籍状态', detail: '在读' }),
  check({ key: 'tuition', kind: '学费', name: '学费', met: false, detail: '学费待缴 ¥3,000.00' }),
  check({ key: 'courses', kind: '课程', name: '必修课程', met: false, detail: '2 门课程未学完' }),
  check({ key: 'photo', kind: '照片', name: '毕业照片', detail: '已审核通过' }),
  check({ key: 'manual:3', kind: '其他', name: '实习鉴定表', met: false, detail: '未交' }),
]
const ALL_MET = BLOCKED_CHECKLIST.map((c) => ({ ...c, met: true, detail: '已满足' }))

const STATES = {
  notOpened: (): GraduationMine => ({ audit: null, checklist: [], state: null, approval: null, graduate: null }),
  blocked: (): GraduationMine => ({ audit: AUDIT, checklist: BLOCKED_CHECKLIST, state: '条件未满足', approval: null, graduate: null }),
  refused: (): GraduationMine => ({
    audit: AUDIT,
    checklist: ALL_MET,
    state: '已驳回',
    approval: {
      id: 61,
      kind: 'graduation',
      kindName: '毕业审核',
      subjectId: 7,
      title: '林小雨的毕业审核',
      fields: [],
      applicantName: '林小雨',
      submittedByName: '张教务',
      status: '已驳回',
      createdAt: '2026-05-02T02:00:00.000Z',
      decidedAt: '2026-05-03T02:00:00.000Z',
      steps: [
        stepOf({
          name: '班主任审核',
          status: '已驳回',
          decidedAt: '2026-05-03T02:00:00.000Z',
          approvers: [
            {
              adminId: 11,
              name: '王老师',
              decision: 'refuse',
              decisionName: '驳回',
              comment: '实习鉴定表未盖章',
              actedAt: '2026-05-03T02:00:00.000Z',
            },
          ],
        }),
      ],
      timeline: [],
      can: { decide: false, withdraw: false, revoke: false, resubmit: false },
    },
    graduate: null,
  }),
  graduated: (): GraduationMine => ({
    audit: AUDIT,
    checklist: ALL_MET,
    state: '已毕业',
    approval: null,
    graduate: { certificateNo: '1234 5678 2026 0001', graduatedOn: '2026-07-01', createdAt: '2026-07-01T02:00:00.000Z' },
  }),
}

describe('毕业审核', () => {
  const h = studentPageHarness()
  let t: TestUtils
  beforeEach(() => {
    t = new TestUtils()
    openAt('/pages/student/graduation')
  })
  afterEach(() => t.unmout())

  const $ = (selector: string) => document.querySelector(selector)
  const texts = (selector: string) => Array.from(document.querySelectorAll(selector)).map((e) => e.textContent)
  const serve = (state: keyof typeof STATES) => h.server.on(MINE, () => ({ body: envelope(STATES[state]()) }))

  it("says so when the student's batch has not begun its graduation audit", async () => {
    serve('notOpened')
    await t.mount(StudentGraduationPage)
    expect((await drawn('.app-empty')).textContent).toBe('你所在的批次还没有开始毕业审核')
    expect($('.graduation-head')).toBeNull()
    expect($('.graduation-checklist')).toBeNull()
  })

  it('shows each condition met or not with what was found, counts those left, and links one not met to where it is fixed', async () => {
    serve('blocked')
    await t.mount(StudentGraduationPage)
    await drawn('.graduation-checklist')
    expect($('.graduation-head__title')?.textContent).toBe('2026年1期毕业审核')
    expect($('.graduation-head__state')?.textContent).toBe('条件未满足')
    expect($('.graduation-row--date .graduation-row__value')?.textContent).toBe('2026-07-01')
    expect($('.graduation-summary')?.textContent).toBe('还有3项未满足')
    expect(texts('.graduation-check__name')).toEqual(['学籍状态', '学费', '必修课程', '毕业照片', '实习鉴定表'])
    expect(texts('.graduation-check__mark')).toEqual(['✓', '✗', '✗', '✓', '✗'])
    expect(Array.from(document.querySelectorAll('.graduation-check__mark')).map((e) => e.getAttribute('aria-label'))).toEqual([
      '已满足',
      '未满足',
      '未满足',
      '已满足',
      '未满足',
    ])
    expect(texts('.graduation-check--unmet .graduation-check__detail')).toEqual(['学费待缴 ¥3,000.00', '2 门课程未学完', '未交'])
    // Only the conditions not met link somewhere; 其他 asks the school instead.
    const links = Array.from(document.querySelectorAll('.graduation-check__fix'))
    expect(links.map((e) => [e.getAttribute('role'), e.textContent])).toEqual([
      ['link', '去缴费'],
      ['link', '去学习'],
    ])
    expect(texts('.graduation-check__ask')).toEqual(['请联系班主任或教务处'])
    t.fireEvent.click(links[0] as Element)
    t.fireEvent.click(links[1] as Element)
    expect(h.navigations).toEqual(['/pages/fee/index', '/pages/study/index'])
    expect($('.graduation-approval')).toBeNull()
  })

  it("shows a refused audit's steps and the approver's reason", async () => {
    serve('refused')
    await t.mount(StudentGraduationPage)
    await drawn('.graduation-approval')
    expect($('.graduation-head__state')?.textContent).toBe('已驳回')
    expect($('.graduation-approval__reason')?.textContent).toBe('驳回原因：实习鉴定表未盖章')
    expect(texts('.graduation-step__actor')).toEqual(['王老师 驳回'])
    expect($('.graduation-check__fix')).toBeNull()
  })

  it('shows a graduate 已毕业 with the certificate number and the day of graduation', async () => {
    serve('graduated')
    await t.mount(StudentGraduationPage)
    await drawn('.graduation-certificate')
    expect($('.graduation-head__state')?.textContent).toBe('已毕业')
    expect($('.graduation-certificate__number')?.textContent).toBe('1234 5678 2026 0001')
    expect($('.graduation-row--graduated-on .graduation-row__value')?.textContent).toBe('2026-07-01')
    expect($('.graduation-summary')?.textContent).toBe('恭喜你，已顺利毕业')
    expect(texts('.graduation-check__mark')).toEqual(['✓', '✓', '✓', '✓', '✓'])
    expect($('.graduation-approval')).toBeNull()
  })

  it('tells a person without a student profile so', async () => {
    h.server.on(MINE, NOT_STUDENT_REPLY)
    await t.mount(StudentGraduationPage)
    expect((await drawn('.not-student')).textContent).toContain('该账号没有学员身份')
  })
})
