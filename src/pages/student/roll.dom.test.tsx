import TestUtils from '@tarojs/test-utils-react'
import { envelope } from '../../request/testing/server'
import StudentRollPage from './roll'
import { NOT_STUDENT_REPLY, drawn, openAt, studentPageHarness } from '../../testing/student-pages'

// Page events belong to a page host, which a page mounted alone has not: the last page drawn's are kept here.
const mockPageHooks: Record<string, () => void> = {}
jest.mock('@tarojs/taro', () => {
  const actual = jest.requireActual('@tarojs/taro')
  const keep = (name: string) => (fn: () => void) => void (mockPageHooks[name] = fn)
  return {
    __esModule: true,
    ...actual,
    default: actual.default ?? actual,
    useDidShow: keep('show'),
    usePullDownRefresh: keep('pullDown'),
    useReachBottom: keep('reachBottom'),
  }
})

const DETAILS = '/api/ems/education/schoolRoll/detailsForClient'

/** The demo student's roll as the server answers it to her: ID number and phone masked. */
const ANSWER = {
  roll: {
    id: 1,
    name: '林小雨',
    phone: '139****0000',
    idCard: '3301**********1234',
    gender: '女',
    educationType: '成人高考',
    school: '浙江工商大学',
    major: '工商管理',
    level: '本科',
    programme: '专升本',
    discipline: '管理学-工商管理类',
    batchYear: 2026,
    batch: 1,
    studentNo: '2026010001',
    status: '休学',
    createdAt: '2026-01-05T02:00:00.000Z',
  },
  history: [
    { id: 2, fromStatus: '在读', toStatus: '休学', reason: '工作调动', adminName: null, createdAt: '2026-03-01T02:00:00.000Z' },
    { id: 1, fromStatus: null, toStatus: '在读', reason: '登记', adminName: null, createdAt: '2026-01-05T02:00:00.000Z' },
  ],
  pending: [
    {
      id: 9,
      field: 'phone',
      fieldLabel: '手机号',
      oldValue: '139****0000',
      newValue: '137****1111',
      reason: null,
      status: '待审核',
      refuseReason: null,
      createdAt: '2026-03-02T02:00:00.000Z',
      reviewedAt: null,
    },
  ],
}

describe('我的学籍', () => {
  const h = studentPageHarness()
  let t: TestUtils
  beforeEach(() => {
    t = new TestUtils()
    openAt('/pages/student/roll')
  })
  afterEach(() => t.unmout())

  const text = (selector: string) => Array.from(document.querySelectorAll(selector)).map((el) => el.textContent?.trim())

  it("shows the student's roll as the server sends it: masked ID number and phone, the batch, the status tag and its history", async () => {
    h.server.on(`GET ${DETAILS}`, { body: envelope(ANSWER) })
    await t.mount(StudentRollPage)
    await drawn('.roll-step')
    const rows = Object.fromEntries(
      Array.from(document.querySelectorAll('.roll-row')).map((row) => [
        row.querySelector('.roll-row__label')?.textContent,
        row.querySelector('.roll-row__value, .roll-status')?.textContent,
      ]),
    )
    expect(rows).toMatchObject({
      教育类型: '成人高考',
      报读项目: '专升本',
      院校: '浙江工商大学',
      专业: '工商管理（本科）',
      报考类别: '管理学-工商管理类',
      批次: '2026年1期',
      学号: '2026010001',
      学籍状态: '休学',
      姓名: '林小雨',
      身份证号: '3301**********1234',
      手机号: '139****0000',
    })
    expect(document.querySelector('.roll-head .roll-status')?.className).toContain('roll-status--orange')
    expect(text('.roll-step__title')).toEqual(['在读 → 休学', '登记为在读'])
    expect(text('.roll-step__reason')).toEqual(['原因：工作调动', '原因：登记'])
    expect(text('.roll-step__time')).toEqual(['2026-03-01', '2026-01-05'])
  })

  it('marks the field a waiting correction concerns 审核中, 申请修改 opens the request form, 我的请假 the leaves, 毕业照片 the photo, 我的论文 the thesis and 毕业审核 the graduation audit', async () => {
    h.server.on(`GET ${DETAILS}`, { body: envelope(ANSWER) })
    await t.mount(StudentRollPage)
    await drawn('.roll-row__pending')
    const pendingRows = Array.from(document.querySelectorAll('.roll-row'))
      .filter((row) => row.querySelector('.roll-row__pending'))
      .map((row) => row.querySelector('.roll-row__label')?.textContent)
    expect(pendingRows).toEqual(['手机号'])
    expect(document.querySelector('.roll-row__pending')?.textContent).toBe('审核中')
    t.fireEvent.click(document.querySelector('.roll-card__action') as Element)
    t.fireEvent.click(document.querySelector('.roll-link--leave') as Element)
    t.fireEvent.click(document.querySelector('.roll-link--textbooks') as Element)
    t.fireEvent.click(document.querySelector('.roll-link--photo') as Element)
    t.fireEvent.click(document.querySelector('.roll-link--thesis') as Element)
    t.fireEvent.click(document.querySelector('.roll-link--graduation') as Element)
    expect(h.navigations).toEqual([
      '/pages/student/rollRequest',
      '/pages/student/leave',
      '/pages/student/textbooks',
      '/pages/student/graduationPhoto',
      '/pages/student/thesis',
      '/pages/student/graduation',
    ])
  })

  it('tells a signed-in person without a student profile so, instead of failing', async () => {
    h.server.on(`GET ${DETAILS}`, NOT_STUDENT_REPLY)
    await t.mount(StudentRollPage)
    expect((await drawn('.not-student')).textContent).toContain('该账号没有学员身份')
    expect(document.querySelector('.roll-row')).toBeNull()
    expect(document.querySelector('.dashboard-retry')).toBeNull()
  })
})
