/**
 * @jest-environment-options {"url": "http://localhost/pages/student/timetable", "userAgent": "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36 MicroMessenger/8.0.47.2560(0x28002f30) NetType/WIFI Language/zh_CN"}
 */
import Taro from '@tarojs/taro'
import TestUtils from '@tarojs/test-utils-react'
import { until } from '../../components/testing'
import { IS_WECHAT_H5 } from '../../platform'
import { envelope } from '../../request/testing/server'
import { useStore } from '../../store'
import { initWechatSdk } from '../../wechat'
import { drawn, openAt, studentPageHarness } from '../../testing/student-pages'
import { NOT_AN_ATTEND_CODE } from './components/attend-link'
import { PUNCH, WEEK, punchedOf, thisWeek, weekOf } from './components/timetable-testing'
import StudentTimetablePage from './timetable'

// WeChat's JS-SDK is the far side: its scanner answers what the next scan reads (`sdk.next`).
jest.mock('weixin-js-sdk', () => {
  const { fakeWechatSdk } = jest.requireActual('../../wechat/testing-fake-sdk')
  const sdk = Object.assign(fakeWechatSdk, {
    next: '',
    scanQRCode(params: { success: (r: { resultStr: string }) => void }) {
      setTimeout(() => params.success({ resultStr: sdk.next }), 0)
    },
  })
  return { __esModule: true, default: sdk }
})

jest.mock('@tarojs/taro', () => jest.requireActual('../../testing/taro-mock').taroWithout(['useDidShow', 'usePullDownRefresh']))

const ROOM_SCREEN = 'https://school.example.com/pages/student/attend?s=4&t=048213'
const sdk = () => jest.requireMock('weixin-js-sdk').default as { next: string }

describe('我的课表: 扫码签到 in WeChat’s browser', () => {
  const h = studentPageHarness()
  let t: TestUtils
  beforeEach(async () => {
    t = new TestUtils()
    openAt('/pages/student/timetable')
    jest.spyOn(console, 'info').mockImplementation(() => {})
    h.server.on('GET /api/ums/user/user/signature', {
      body: envelope({ appId: 'wx-test-app-id', timestamp: '1767225600', nonceStr: 'n0nce', signature: 'sig-1' }),
    })
    await initWechatSdk()
  })
  afterEach(() => t.unmout())

  const $ = (selector: string) => document.querySelector(selector)

  it("scans the room screen's code, punches with exactly its session and code (and where the phone is), says so and asks the week again", async () => {
    expect(IS_WECHAT_H5).toBe(true)
    jest.spyOn(Taro, 'getLocation').mockResolvedValue({ latitude: 30.27, longitude: 120.15, accuracy: 35 } as never)
    let punched = false
    h.server.on(WEEK, () => ({
      body: envelope({
        ...weekOf(undefined),
        sessions: thisWeek().map((s) =>
          s.id === 4 && punched ? { ...s, status: '出勤' as const, way: '扫码签到' as const, checkedInAt: '2026-12-02T05:52:00.000Z' } : s,
        ),
      }),
    }))
    h.server.on(PUNCH, () => {
      punched = true
      return { body: envelope(punchedOf()) }
    })
    sdk().next = ROOM_SCREEN
    await t.mount(StudentTimetablePage)
    t.fireEvent.click(await drawn('.timetable-scan__button'))
    expect((await drawn('.timetable-outcome--done .timetable-outcome__title')).textContent).toBe('签到成功：出勤')
    expect($('.timetable-outcome__text')?.textContent).toBe('高等数学')
    expect(h.server.last(PUNCH)?.form).toEqual({ sessionId: '4', code: '048213', latitude: '30.27', longitude: '120.15', accuracy: '35' })
    await until(() => $('.timetable-card:nth-child(2) .timetable-card__note')?.textContent === '扫码签到 13:52', 'the week asked again')

    // Scanned again: the first record stands.
    h.server.on(PUNCH, { body: envelope(punchedOf({ again: true, checkedInAt: '2026-12-02T05:52:00.000Z' })) })
    t.fireEvent.click($('.timetable-scan__button') as Element)
    await until(() => $('.timetable-outcome__title')?.textContent === '你已签到过了', 'said it was recorded before')
    t.fireEvent.click($('.timetable-outcome__close') as Element)
    await until(() => $('.timetable-outcome') === null, 'the answer closed')
  })

  it("shows the server's refusal of a punch, and sends nothing for a code that is not a check-in code", async () => {
    jest.spyOn(Taro, 'getLocation').mockRejectedValue({ errMsg: 'getLocation:fail auth deny' })
    h.server.on(WEEK, { body: envelope(weekOf(undefined)) })
    h.server.on(PUNCH, { status: 400, body: envelope(null, 100000001, '签到码无效或已过期，请扫描屏幕上最新的签到码') })
    sdk().next = ROOM_SCREEN
    await t.mount(StudentTimetablePage)
    t.fireEvent.click(await drawn('.timetable-scan__button'))
    expect((await drawn('.timetable-outcome--refused .timetable-outcome__text')).textContent).toBe(
      '签到码无效或已过期，请扫描屏幕上最新的签到码',
    )
    expect($('.timetable-outcome__title')?.textContent).toBe('签到未成功')
    // Without the phone's location: the punch goes without it.
    expect(h.server.last(PUNCH)?.form).toEqual({ sessionId: '4', code: '048213' })

    const punches = h.server.requests.filter((r) => r.path.endsWith('/punchCourse')).length
    sdk().next = 'https://school.example.com/pages/night/checkIn?c=8&t=tok'
    t.fireEvent.click($('.timetable-scan__button') as Element)
    await until(() => useStore.getState().toast.title === NOT_AN_ATTEND_CODE, 'told it is not a check-in code')
    expect(h.server.requests.filter((r) => r.path.endsWith('/punchCourse')).length).toBe(punches)
  })
})
