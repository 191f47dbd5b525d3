import { envelope, startTestServer, type TestServer } from '../../src/request/testing/server'
import { alipayHost, hasAlipayBuild, loadAlipayApp, openAlipayPage, type AlipayPage } from './alipay-harness'
import { storeSignedIn, until } from './harness'

/**
 * 扫码签到 on a night class's page (pages/night/detail?id=8) in the compiled Alipay mini-program
 * (dist/alipay, run by alipay-harness.ts): the page opens Alipay's scanner (my.scan, through
 * Taro.scanCode: the camera only, QR codes only) and sends checkInForClient exactly the c and t of
 * the scanned code, then shows the class checked in. A local server stands in for the back-office;
 * my.scan is the fake far side (the person scans the code the console printed). The weapp's scan
 * is checked against the real back-office in student-campus.test.ts.
 */
const USER = { id: 402, phone: '139****0000', nickname: '林小雨', avatar: null, school: '', major: '', discipline: '' }
const TOKEN = 'Ab_9-xYz0123456789abcdEF'
const SCANNED = `https://school.example.com/pages/night/checkIn?c=8&t=${TOKEN}`
const CLASS = {
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
  description: '带上计算器。',
  signedUpAt: '2026-11-26T01:00:00.000Z',
  signUpOpen: false,
  canCancel: true,
  checkInOpensAt: '2026-12-01T10:30:00.000Z',
  checkInOpen: true,
  attendance: null as null | { checkedInAt: string; way: string },
}

let server: TestServer
let page: AlipayPage
const scans: Array<Record<string, unknown>> = []
let checkedIn = false

beforeAll(async () => {
  if (!hasAlipayBuild()) throw new Error('no alipay build: run `npx taro build --type alipay --mode test` (ALIPAY_DIR for another output)')
  server = await startTestServer('127.0.0.1')
  server.on('GET /api/ums/user/user/timestamp', { body: envelope(1_795_900_000_000) })
  server.on('GET /api/ums/user/user/checkOpenId', { body: envelope('是') })
  server.on('GET /api/cms/night/nightClass/detailsForClient', () => ({
    body: envelope(
      checkedIn
        ? {
            ...CLASS,
            attended: true,
            phase: '进行中',
            canCancel: false,
            attendance: { checkedInAt: '2026-12-01T10:45:00.000Z', way: '扫码签到' },
          }
        : CLASS,
    ),
  }))
  server.on('POST /api/cms/night/nightAttendance/checkInForClient', () => {
    checkedIn = true
    return {
      body: envelope({
        classId: 8,
        title: CLASS.title,
        place: CLASS.place,
        checkedInAt: '2026-12-01T10:45:00.000Z',
        way: '扫码签到',
        again: false,
      }),
    }
  })
  const host = alipayHost(server.url, {
    // Alipay's scanner: the person points the camera at the printed code.
    scan(o: Record<string, unknown> & { success?: (r: unknown) => void; complete?: (r: unknown) => void }) {
      const { success, fail: _fail, complete, ...args } = o
      scans.push(args)
      const res = { code: SCANNED, qrCode: SCANNED, scanType: 'QR_CODE' }
      setTimeout(() => (success?.(res), complete?.(res)), 0)
    },
  })
  storeSignedIn(host.storage, { jar: { sid: 'alipay-student' }, user: USER, mini: true })
  loadAlipayApp(host)
  page = openAlipayPage('pages/night/detail', { id: '8' })
  await until(() => page.text().includes('扫码签到'), 10_000, 'the 扫码签到 button')
})
afterAll(() => server.close())

describe('checking in to a night class by scanning its code in the Alipay mini-program', () => {
  it('shows the class I signed up for, its check-in open', () => {
    expect(page.text()).toContain(CLASS.title)
    expect(page.text()).toContain('签到已开放')
    expect(server.last('GET /api/cms/night/nightClass/detailsForClient')?.query).toEqual({ id: '8' })
  })

  it("opens Alipay's scanner and sends checkInForClient exactly the c and t of the code", async () => {
    page.tap('night-actions__scan')
    await until(() => server.last('POST /api/cms/night/nightAttendance/checkInForClient') !== undefined, 5000, 'the check-in sent')
    // Alipay's own words for camera only, QR codes only (Taro adds them to WeChat's).
    expect(scans).toHaveLength(1)
    expect(scans[0]).toMatchObject({ hideAlbum: true, type: 'qr', scanType: ['qrCode'] })
    expect(server.last('POST /api/cms/night/nightAttendance/checkInForClient')?.form).toEqual({ classId: '8', token: TOKEN })
  })

  it('then shows the class checked in', async () => {
    await until(() => page.text().includes('已签到 · 扫码签到'), 5000, 'the attendance shown')
    // No 扫码签到 button any more (tapping it finds nothing).
    expect(() => page.tap('night-actions__scan')).toThrow(/nothing with class night-actions__scan/)
  })
})
