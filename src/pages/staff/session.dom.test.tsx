import Taro from '@tarojs/taro'
import TestUtils from '@tarojs/test-utils-react'
import { countCalls, until } from '../../components/testing'
import { envelope } from '../../request/testing/server'
import { clockOnly } from '../../testing/clock'
import { drawn, openAt } from '../../testing/student-pages'
import { staffPageHarness } from '../../testing/staff-pages'
import { countsOf, NOW, OPEN, ROLL_CALL, ROSTER, rosterOf, rowOf, screenOf } from './components/staff-attendance-testing'
import StaffSessionPage from './session'

jest.mock('@tarojs/taro', () =>
  jest.requireActual('../../testing/taro-mock').taroWithout(['useDidShow', 'useDidHide', 'usePullDownRefresh']),
)

// This phone's clock runs three minutes fast: the screen must count by the server's.
const SKEW = 180_000
const LOCAL_NOW = Date.parse(NOW) + SKEW

const $ = (selector: string) => document.querySelector(selector)
const texts = (selector: string) => Array.from(document.querySelectorAll(selector)).map((e) => e.textContent)
const code = () => $('[data-testid="attendance-code"]')?.textContent
const rowOfName = (name: string) =>
  Array.from(document.querySelectorAll('.staff-roll__row')).find((r) => r.querySelector('.staff-roll__name')?.textContent === name)

describe('签到与点名', () => {
  const h = staffPageHarness()
  let t: TestUtils
  beforeEach(() => {
    // Only the clock and the countdown's tick are under the test's hand; the calls and waits are real.
    jest.useFakeTimers(clockOnly(LOCAL_NOW, ['setInterval', 'clearInterval']))
    t = new TestUtils()
    openAt('/pages/staff/session', { id: '12' })
  })
  afterEach(() => {
    t.unmout()
    jest.useRealTimers()
  })

  it('shows the code and its QR code, asks for the next code only once it has changed by the server’s clock, and the new counts refresh the roll call', async () => {
    const calls = countCalls()
    let changed = false
    h.server.on(OPEN, () => {
      if (!changed) return { body: envelope(screenOf()) }
      return {
        body: envelope(
          screenOf({
            code: '615203',
            checkInUrl: 'http://localhost/pages/student/attend?s=12&t=615203',
            serverTime: '2026-03-04T00:40:11.000Z',
            changesAt: '2026-03-04T00:40:40.000Z',
            counts: countsOf({ present: 2, leave: 1, unmarked: 0 }),
          }),
        ),
      }
    })
    h.server.on(ROSTER, () => ({
      body: envelope(
        changed
          ? rosterOf({
              counts: countsOf({ present: 2, leave: 1, unmarked: 0 }),
              rows: [rowOf({ status: '出勤', way: '扫码签到', checkedInAt: '2026-03-04T00:40:05.000Z' }), ...rosterOf().rows.slice(1)],
            })
          : rosterOf(),
      ),
    }))
    await t.mount(StaffSessionPage)
    await until(() => code() === '042917', 'the code drawn')
    expect(h.server.last(OPEN)?.query).toEqual({ id: '12' })
    expect(h.server.last(ROSTER)?.query).toEqual({ sessionId: '12' })
    await until(() => $('.app-qr-code__run') !== null, 'the QR code drawn')
    expect($('.app-qr-code')?.getAttribute('data-text')).toBe('http://localhost/pages/student/attend?s=12&t=042917')
    expect($('.staff-screen__countdown')?.textContent).toBe('10 秒后更换')
    expect($('.staff-screen__window')?.textContent).toBe('签到开放 08:15–10:00，08:45 后为迟到')
    expect($('.staff-screen__counts')?.textContent).toBe('已签到 1 / 3')
    expect($('.staff-session__meta')?.textContent).toBe('2026年1期 工商管理（本科）1班 · 王老师')
    // 全屏展示: the same code over the whole screen, to show the room; and back.
    t.fireEvent.click($('.staff-screen__toggle') as Element)
    expect($('.staff-screen--full .staff-screen__heading')?.textContent).toBe('管理学原理 · 2026年1期 工商管理（本科）1班')
    expect(document.querySelectorAll('[data-testid="attendance-code"]')).toHaveLength(1)
    t.fireEvent.click($('.staff-screen__toggle') as Element)
    expect($('.staff-screen--full')).toBeNull()

    // The code changes at 08:40:10 (server); asked 0.3 s after, not before, whatever the phone's clock says.
    changed = true
    jest.advanceTimersByTime(10_000)
    await until(() => $('.staff-screen__countdown')?.textContent === '0 秒后更换', 'the countdown at 0')
    expect(calls.sent(OPEN)).toBe(1)
    jest.advanceTimersByTime(1000)
    await until(() => code() === '615203', 'the next code drawn')
    expect(calls.sent(OPEN)).toBe(2)
    await until(() => $('.app-qr-code')?.getAttribute('data-text')?.endsWith('t=615203') === true, 'the next QR code drawn')
    expect($('.staff-screen__countdown')?.textContent).toBe('29 秒后更换')

    // Its counts differ from the roll call's: the roll call is asked again, once.
    await until(() => calls.answered(ROSTER) === 2, 'the roll call asked again')
    await until(() => rowOfName('林小雨')?.querySelector('.staff-roll__status')?.textContent === '出勤', '林小雨 shown present')
    expect($('.staff-roll__counts')?.textContent).toBe('出勤 2 · 迟到 0 · 请假 1 · 缺勤 0 / 共 3')
    expect(rowOfName('林小雨')?.querySelector('.staff-roll__sub')?.textContent).toBe('S2026001 · 扫码 08:40')
    jest.advanceTimersByTime(5000)
    expect(calls.sent(OPEN)).toBe(2)
    expect(calls.sent(ROSTER)).toBe(2)
  })

  it('before check-in opens says when, shows no code and no marking, and asks again when it opens', async () => {
    const calls = countCalls()
    const later = { ...rosterOf().session, phase: '未开始' as const }
    let opened = false
    h.server.on(ROSTER, () => ({
      body: envelope(
        opened ? rosterOf() : rosterOf({ session: later, canMark: false, rows: [rowOf()], counts: countsOf({ total: 1, unmarked: 1 }) }),
      ),
    }))
    h.server.on(OPEN, () => ({
      body: envelope(
        opened
          ? screenOf({ serverTime: '2026-03-04T00:15:00.400Z', changesAt: '2026-03-04T00:15:30.000Z' })
          : screenOf({ serverTime: '2026-03-04T00:14:50.000Z', changesAt: '2026-03-04T00:15:00.000Z', checkInOpen: false }),
      ),
    }))
    jest.setSystemTime(Date.parse('2026-03-04T00:14:50.000Z') + SKEW)
    await t.mount(StaffSessionPage)
    await drawn('.staff-screen__note')
    expect(texts('.staff-screen__note')).toEqual(['签到将于 08:15 开放', '签到开放 08:15–10:00，08:45 后为迟到'])
    expect(code()).toBeUndefined()
    expect($('.staff-roll__all')).toBeNull()
    expect($('.staff-roll__row')?.getAttribute('role')).toBeNull()
    expect($('.staff-roll__note')?.textContent).toBe('签到开始后才能点名')

    opened = true
    jest.advanceTimersByTime(10_000)
    expect(calls.sent(OPEN)).toBe(1)
    jest.advanceTimersByTime(1000)
    await until(() => code() === '042917', 'the code drawn once check-in opened')
    await drawn('.staff-roll__all')
    expect($('.staff-roll__row')?.getAttribute('role')).toBe('button')
  })

  it('marks one student: a tap picks the status and sends that student only', async () => {
    const sheet = jest.spyOn(Taro, 'showActionSheet').mockResolvedValue({ tapIndex: 1, errMsg: 'showActionSheet:ok' } as never)
    h.server.on(OPEN, { body: envelope(screenOf()) })
    h.server.on(ROSTER, { body: envelope(rosterOf()) })
    h.server.on(ROLL_CALL, {
      body: envelope(
        rosterOf({
          counts: countsOf({ present: 1, late: 1, leave: 1, unmarked: 0 }),
          rows: [rowOf({ status: '迟到', way: '老师标记', markedByName: '王老师' }), ...rosterOf().rows.slice(1)],
        }),
      ),
    })
    await t.mount(StaffSessionPage)
    await drawn('.staff-roll__row')
    expect(texts('.staff-roll__status')).toEqual(['未签到', '出勤', '请假'])
    expect(rowOfName('陈晓明')?.querySelector('.staff-roll__tag--located')?.textContent).toBe('定位')
    expect(rowOfName('张伟')?.querySelector('.staff-roll__tag--leave')?.textContent).toBe('已请假')
    t.fireEvent.click(rowOfName('林小雨') as Element)
    await until(() => h.server.last(ROLL_CALL) !== undefined, 'the roll call sent')
    expect(sheet).toHaveBeenCalledWith({ itemList: ['出勤', '迟到', '请假', '缺勤'] })
    expect(h.server.last(ROLL_CALL)?.form).toEqual({ sessionId: '12', studentIds: '21', status: '迟到' })
    await until(() => rowOfName('林小雨')?.querySelector('.staff-roll__status')?.textContent === '迟到', '林小雨 shown late')
    expect(rowOfName('林小雨')?.querySelector('.staff-roll__sub')?.textContent).toBe('S2026001 · 王老师标记')
    expect($('.staff-roll__all')).toBeNull()
  })

  it('全部出勤 marks, after a confirmation, only the students not marked yet', async () => {
    h.server.on(OPEN, { body: envelope(screenOf()) })
    h.server.on(ROSTER, {
      body: envelope(rosterOf({ rows: [...rosterOf().rows, rowOf({ studentId: 24, name: '刘洋', studentNo: 'S2026004' })] })),
    })
    h.server.on(ROLL_CALL, { body: envelope(rosterOf()) })
    await t.mount(StaffSessionPage)
    await drawn('.staff-roll__all')
    expect($('.staff-roll__all')?.textContent).toBe('全部出勤（未签到 2 人）')
    t.fireEvent.click($('.staff-roll__all') as Element)
    expect(h.server.last(ROLL_CALL)).toBeUndefined()
    t.fireEvent.click((await drawn('.app-dialog__confirm')) as Element)
    await until(() => h.server.last(ROLL_CALL) !== undefined, 'the roll call sent')
    expect(h.server.last(ROLL_CALL)?.form).toEqual({ sessionId: '12', studentIds: ['21', '24'], status: '出勤' })
  })

  it('全部出勤 with no one marked yet marks everyone', async () => {
    h.server.on(OPEN, { body: envelope(screenOf()) })
    h.server.on(ROSTER, {
      body: envelope(rosterOf({ rows: [rowOf(), rowOf({ studentId: 24, name: '刘洋' })], counts: countsOf({ total: 2, unmarked: 2 }) })),
    })
    h.server.on(ROLL_CALL, { body: envelope(rosterOf()) })
    await t.mount(StaffSessionPage)
    t.fireEvent.click((await drawn('.staff-roll__all')) as Element)
    t.fireEvent.click((await drawn('.app-dialog__confirm')) as Element)
    await until(() => h.server.last(ROLL_CALL) !== undefined, 'the roll call sent')
    expect(h.server.last(ROLL_CALL)?.form).toEqual({ sessionId: '12', all: 'true', status: '出勤' })
  })

  it("shows another teacher's session without any marking", async () => {
    const sheet = jest.spyOn(Taro, 'showActionSheet')
    h.server.on(OPEN, { body: envelope(screenOf()) })
    h.server.on(ROSTER, { body: envelope(rosterOf({ canMark: false })) })
    await t.mount(StaffSessionPage)
    await drawn('.staff-roll__row')
    expect($('.staff-roll__all')).toBeNull()
    expect($('.staff-roll__arrow')).toBeNull()
    expect($('.staff-roll__note')?.textContent).toBe('仅任课老师和班主任可为本次课点名')
    t.fireEvent.click(rowOfName('林小雨') as Element)
    expect(sheet).not.toHaveBeenCalled()
    expect(h.server.last(ROLL_CALL)).toBeUndefined()
  })
})
