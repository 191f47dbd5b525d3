import Taro from '@tarojs/taro'
import TestUtils from '@tarojs/test-utils-react'
import { countCalls, until } from '../../components/testing'
import { envelope } from '../../request/testing/server'
import { drawn, openAt, studentPageHarness } from '../../testing/student-pages'
import StudentAttendPage from './attend'
import { PUNCH, punchedOf } from './components/timetable-testing'

jest.mock('@tarojs/taro', () => jest.requireActual('../../testing/taro-mock').taroWithout(['useDidShow']))

describe('课堂签到: the landing of the room screen’s QR code', () => {
  const h = studentPageHarness()
  let t: TestUtils
  beforeEach(() => {
    t = new TestUtils()
    // The phone does not say where it is: the punch goes without it.
    jest.spyOn(Taro, 'getLocation').mockRejectedValue({ errMsg: 'getLocation:fail auth deny' })
  })
  afterEach(() => t.unmout())

  const $ = (selector: string) => document.querySelector(selector)

  it('punches once with exactly its s and t and shows the answer big: my status, the course, the room and the time', async () => {
    openAt('/pages/student/attend', { s: '4', t: '048213' })
    h.server.on(PUNCH, { body: envelope(punchedOf({ status: '迟到', place: '教学楼 301' })) })
    const calls = countCalls()
    await t.mount(StudentAttendPage)
    await drawn('[data-testid=attend-done]')
    expect($('.attend-result__status')?.textContent).toBe('迟到')
    expect($('.attend-result__status')?.className).toContain('attend-result__status--orange')
    expect($('.attend-result__title')?.textContent).toBe('签到成功：迟到')
    expect($('.attend-result__course')?.textContent).toBe('高等数学')
    expect(Array.from(document.querySelectorAll('.attend-result__text')).map((e) => e.textContent)).toEqual([
      '教学楼 301',
      '12月2日 13:52 签到',
    ])
    expect(calls.sent(PUNCH)).toBe(1)
    expect(h.server.last(PUNCH)?.form).toEqual({ sessionId: '4', code: '048213' })

    t.fireEvent.click($('.attend-actions__timetable') as Element)
    expect(h.navigations).toEqual(['/pages/student/timetable'])
  })

  it("shows the server's refusal with no retry, and a retry when the server did not answer", async () => {
    openAt('/pages/student/attend', { s: '4', t: '048213' })
    h.server.on(PUNCH, { status: 400, body: envelope(null, 100000001, '签到码无效或已过期，请扫描屏幕上最新的签到码') })
    await t.mount(StudentAttendPage)
    expect((await drawn('[data-testid=attend-refused]')).textContent).toContain('签到码无效或已过期，请扫描屏幕上最新的签到码')
    expect($('.attend-actions__retry')).toBeNull()
    t.unmout()

    t = new TestUtils()
    let answered = false
    h.server.on(PUNCH, () => (answered ? { body: envelope(punchedOf({ again: true })) } : { status: 502, body: 'Bad Gateway' }))
    await t.mount(StudentAttendPage)
    await drawn('[data-testid=attend-refused]')
    answered = true
    t.fireEvent.click(await drawn('.attend-actions__retry'))
    await until(() => $('.attend-result__title')?.textContent === '你已签到过了', 'the retry answered')
  })

  it.each<Record<string, string>>([{ s: '4' }, { s: '4', t: '12345' }, { s: 'x', t: '048213' }])(
    'sends nothing for an address without a good s and t (%o), and says it is not a check-in code',
    async (query) => {
      openAt('/pages/student/attend', query)
      const calls = countCalls()
      await t.mount(StudentAttendPage)
      expect((await drawn('[data-testid=attend-refused]')).textContent).toContain('这不是课堂签到码，请扫描课堂屏幕上的签到二维码')
      expect($('.attend-actions__retry')).toBeNull()
      expect(calls.sent(PUNCH)).toBe(0)
      t.fireEvent.click($('.attend-actions__timetable') as Element)
      expect(h.navigations).toEqual(['/pages/student/timetable'])
    },
  )
})
