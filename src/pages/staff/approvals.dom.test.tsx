import TestUtils from '@tarojs/test-utils-react'
import { until } from '../../components/testing'
import { envelope } from '../../request/testing/server'
import { drawn, openAt } from '../../testing/student-pages'
import { staffPageHarness } from '../../testing/staff-pages'
import { COUNT, LIST, itemOf } from './components/staff-testing'
import StaffApprovalsPage from './approvals'

jest.mock('@tarojs/taro', () =>
  jest.requireActual('../../testing/taro-mock').taroWithout(['useDidShow', 'usePullDownRefresh', 'useReachBottom']),
)

describe('审批', () => {
  const h = staffPageHarness()
  let t: TestUtils
  beforeEach(() => {
    t = new TestUtils()
    openAt('/pages/staff/approvals')
  })
  afterEach(() => t.unmout())

  const $ = (selector: string) => document.querySelector(selector)
  const texts = (selector: string) => Array.from(document.querySelectorAll(selector)).map((e) => e.textContent)

  it('lists what waits for me with the badge: title, fields, current step and 已超时; a row opens its detail', async () => {
    h.server.on(COUNT, { body: envelope({ waiting: 2 }) })
    h.server.on(LIST, (req) => ({
      body: envelope({
        list: req.query.box === 'waiting' ? [itemOf(), itemOf({ id: 32, title: '陈晓明的请假（事假 1天）', overdue: true })] : [],
        total: req.query.box === 'waiting' ? 2 : 0,
        page: 1,
        size: 20,
      }),
    }))
    await t.mount(StaffApprovalsPage)
    await drawn('.staff-approval')
    await drawn('.staff-approvals-tabs__badge')
    expect(h.server.last(LIST)?.query).toMatchObject({ box: 'waiting', page: '1' })
    expect(texts('.staff-approvals-tabs__item')).toEqual(['待我审批2', '我已审批', '抄送我的'])
    expect(texts('.staff-approval__title')).toEqual(['林小雨的请假（病假 1.5天）', '陈晓明的请假（事假 1天）'])
    expect(texts('.staff-approval__fields')[0]).toBe('请假类型：病假 · 时长：1.5天')
    expect(texts('.staff-approval__step')[0]).toBe('当前：班主任审批')
    expect(texts('.staff-approval__overdue')).toEqual(['已超时'])
    t.fireEvent.click($('.staff-approval') as Element)
    expect(h.navigations).toEqual(['/pages/staff/approvalDetail?id=31'])
  })

  it('switches to 我已审批 and 抄送我的', async () => {
    h.server.on(COUNT, { body: envelope({ waiting: 0 }) })
    h.server.on(LIST, (req) => ({
      body: envelope({
        list: req.query.box === 'done' ? [itemOf({ status: '已通过', currentStep: null })] : [],
        total: req.query.box === 'done' ? 1 : 0,
        page: 1,
        size: 20,
      }),
    }))
    await t.mount(StaffApprovalsPage)
    await until(() => h.server.last(LIST) !== undefined, 'the list asked')
    t.fireEvent.click($('.staff-approvals-tabs__item--done') as Element)
    await drawn('.staff-approval')
    expect(texts('.staff-approval__tag')).toEqual(['已通过'])
    expect($('.staff-approvals-tabs__badge')).toBeNull()
    t.fireEvent.click($('.staff-approvals-tabs__item--cc') as Element)
    await until(() => h.server.last(LIST)?.query.box === 'cc' && $('.staff-approval') === null, 'cc asked')
  })
})
