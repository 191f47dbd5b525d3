/**
 * @jest-environment-options {"url": "http://localhost/pages/night/detail?id=8", "userAgent": "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36 MicroMessenger/8.0.47.2560(0x28002f30) NetType/WIFI Language/zh_CN"}
 */
import TestUtils from '@tarojs/test-utils-react'
import type { NightClassDetail } from '../../api/cms/night'
import { until } from '../../components/testing'
import { IS_WECHAT_H5 } from '../../platform'
import { envelope } from '../../request/testing/server'
import { initWechatSdk } from '../../wechat'
import { drawn, openAt, studentPageHarness } from '../../testing/student-pages'
import NightDetailPage from './detail'

const TOKEN = 'Ab_9-xYz0123456789abcdEF'

// WeChat's JS-SDK is the far side: its scanner answers the printed code's address.
jest.mock('weixin-js-sdk', () => {
  const { fakeWechatSdk } = jest.requireActual('../../wechat/testing-fake-sdk')
  const scans: Array<Record<string, unknown>> = []
  const sdk = Object.assign(fakeWechatSdk, {
    scans,
    scanQRCode(params: Record<string, unknown> & { success: (r: { resultStr: string }) => void }) {
      scans.push(params)
      setTimeout(() => params.success({ resultStr: 'https://school.example.com/pages/night/checkIn?c=8&t=Ab_9-xYz0123456789abcdEF' }), 0)
    },
  })
  return { __esModule: true, default: sdk }
})

jest.mock('@tarojs/taro', () => {
  const actual = jest.requireActual('@tarojs/taro')
  const none = () => undefined
  return { __esModule: true, ...actual, default: actual.default ?? actual, useDidShow: none }
})

const DETAIL = 'GET /api/cms/night/nightClass/detailsForClient'
const CHECK_IN = 'POST /api/cms/night/nightAttendance/checkInForClient'

const detail = (over: Partial<NightClassDetail> = {}): NightClassDetail => ({
  id: 8,
  title: '会计基础（第3讲）',
  subject: '会计学',
  teacher: '王老师',
  startsAt: '2026-12-01T11:00:00.000Z',
  endsAt: '2026-12-01T13:00:00.000Z',
  place: '301 教室',
  capacity: 30,
  seatsLeft: 12,
  phase: '未开始',
  signedUp: true,
  attended: false,
  description: '',
  signedUpAt: '2026-11-26T01:00:00.000Z',
  signUpOpen: false,
  canCancel: true,
  checkInOpensAt: '2026-12-01T10:30:00.000Z',
  checkInOpen: true,
  attendance: null,
  ...over,
})

describe('扫码签到 in WeChat’s browser', () => {
  const h = studentPageHarness()
  let t: TestUtils
  beforeEach(() => {
    t = new TestUtils()
  })
  afterEach(() => t.unmout())

  it("scans with the JS-SDK's scanQRCode and checks in with exactly the code's c and t", async () => {
    expect(IS_WECHAT_H5).toBe(true)
    jest.spyOn(console, 'info').mockImplementation(() => {})
    h.server.on('GET /api/ums/user/user/signature', {
      body: envelope({ appId: 'wx-test-app-id', timestamp: '1767225600', nonceStr: 'n0nce', signature: 'sig-1' }),
    })
    await initWechatSdk()
    let checkedIn = false
    h.server.on(DETAIL, () => ({
      body: envelope(
        checkedIn ? detail({ attended: true, attendance: { checkedInAt: '2026-12-01T10:45:00.000Z', way: '扫码签到' } }) : detail(),
      ),
    }))
    h.server.on(CHECK_IN, () => {
      checkedIn = true
      return {
        body: envelope({
          classId: 8,
          title: '会计基础（第3讲）',
          place: '301 教室',
          checkedInAt: '2026-12-01T10:45:00.000Z',
          way: '扫码签到',
          again: false,
        }),
      }
    })
    openAt('/pages/night/detail', { id: '8' })
    await t.mount(NightDetailPage)
    t.fireEvent.click((await drawn('.night-actions__scan')) as Element)
    await until(() => h.server.last(CHECK_IN) !== undefined, 'the check-in sent')
    const sdk = jest.requireMock('weixin-js-sdk').default as { scans: Array<Record<string, unknown>> }
    expect(sdk.scans).toHaveLength(1)
    expect(sdk.scans[0]).toMatchObject({ needResult: 1, scanType: ['qrCode'] })
    expect(h.server.last(CHECK_IN)?.form).toEqual({ classId: '8', token: TOKEN })
    expect((await drawn('.night-detail__status')).textContent).toContain('已签到 · 扫码签到')
  })
})
