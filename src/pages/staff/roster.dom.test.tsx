import Taro from '@tarojs/taro'
import TestUtils from '@tarojs/test-utils-react'
import { envelope } from '../../request/testing/server'
import { drawn, openAt } from '../../testing/student-pages'
import { staffPageHarness } from '../../testing/staff-pages'
import { ROSTER } from './components/staff-testing'
import StaffRosterPage from './roster'

jest.mock('@tarojs/taro', () =>
  jest.requireActual('../../testing/taro-mock').taroWithout(['useDidShow', 'usePullDownRefresh', 'useReachBottom']),
)

const student = (id: number, name: string, phone: string) => ({
  id,
  name,
  phone,
  studentNo: `2026010${id}`,
  status: '在读',
  className: '2026年1期 工商管理（本科）1班',
  classId: 5,
})

describe('班级学员', () => {
  const h = staffPageHarness()
  let t: TestUtils
  beforeEach(() => {
    t = new TestUtils()
    openAt('/pages/staff/roster', { classId: '5' })
  })
  afterEach(() => t.unmout())

  const texts = (selector: string) => Array.from(document.querySelectorAll(selector)).map((e) => e.textContent)

  it("lists the class's students with masked phones, and offers 拨打 only for a phone shown whole", async () => {
    const call = jest.spyOn(Taro, 'makePhoneCall').mockImplementation((() => Promise.resolve({ errMsg: 'makePhoneCall:ok' })) as never)
    h.server.on(ROSTER, {
      body: envelope({ list: [student(1, '林小雨', '139****0000'), student(2, '陈晓明', '13900000001')], total: 2, page: 1, size: 20 }),
    })
    await t.mount(StaffRosterPage)
    await drawn('.staff-roster__row')
    expect(h.server.last(ROSTER)?.query).toMatchObject({ classId: '5', page: '1' })
    expect(document.querySelector('.staff-roster__head')?.textContent).toBe('2026年1期 工商管理（本科）1班 · 共 2 名学员')
    expect(texts('.staff-roster__name')).toEqual(['林小雨', '陈晓明'])
    expect(texts('.staff-roster__phone')).toEqual(['139****0000', '13900000001'])
    expect(texts('.staff-roster__no')).toEqual(['学号 20260101', '学号 20260102'])
    expect(document.querySelectorAll('.staff-roster__call')).toHaveLength(1)
    t.fireEvent.click(document.querySelector('.staff-roster__call') as Element)
    expect(call).toHaveBeenCalledWith({ phoneNumber: '13900000001' })
  })
})
