/**
 * The silent sign-in of a STUDENT in the compiled weapp against the real back-office (its own
 * process, a fresh embedded database with the demo data): the student 13900000000 signed in once
 * by SMS code on a device that bound its open id; on a fresh launch, wx.login's code signs them in
 * without any page (signIn, type 小程序), the device keeps the session and the person (the
 * student profile and header info), and home shows the student's part with the unread notices.
 * Build first: `npm run build:weapp -- --mode test` (or set WEAPP_DIR).
 */
import { type BackOffice, DEMO_STUDENT_PHONE, bindOpenId, signInStudentBySms, startBackOffice } from './back-office'
import { hasWeappBuild, installMiniGlobals, loadApp, networkedHost, renderPage, textOf, until, type NetworkedHost } from './harness'

const STUDENT_PHONE = DEMO_STUDENT_PHONE
/** The local login gateway takes `fake:<open id>` codes as that open id. */
const OPEN_ID_CODE = 'fake:weapp-student-open-id'

let office: BackOffice | undefined
let backend = ''
let host: NetworkedHost

/** What an earlier visit did: the student signed in by SMS code, and this open id was bound to them. */
async function bindStudentOpenId(): Promise<void> {
  await bindOpenId(backend, await signInStudentBySms(backend, STUDENT_PHONE), OPEN_ID_CODE)
}

beforeAll(async () => {
  if (!hasWeappBuild()) throw new Error('the weapp build is missing: run `npm run build:weapp -- --mode test` first')
  office = await startBackOffice()
  backend = office.url
  await bindStudentOpenId()
  // A fresh device: no cookie, no user; wx.login hands out the bound open id's code.
  const networked = networkedHost(backend)
  host = networked.host
  host.loginCodes.push(OPEN_ID_CODE)
  installMiniGlobals(networked.overrides)
  jest.spyOn(console, 'warn').mockImplementation(() => {})
  loadApp()
  await until(() => {
    const saved = host.storage.get('activity_mobile_userInfo')
    return typeof saved === 'string' && Boolean(JSON.parse(saved).state?.person)
  }, 30_000)
}, 240_000)

afterAll(async () => {
  jest.restoreAllMocks()
  await office?.stop()
})

describe('a bound student opening the weapp', () => {
  it('is signed in silently with the wx.login code, no page asked', () => {
    expect(host.loginCalls).toBe(1)
    const paths = host.requests.map((r) => `${r.method ?? 'GET'} ${new URL(r.url).pathname}`)
    expect(paths).toEqual(
      expect.arrayContaining(['GET /api/ums/user/user/checkOpenId', 'POST /api/ums/user/user/signIn', 'GET /api/ums/user/user/person']),
    )
    expect(paths.some((p) => p.endsWith('/signInByCode'))).toBe(false)
  })

  it('keeps the session cookie, the student as the user and their person (the student profile and header info)', () => {
    expect(host.storage.has('activity_mobile_cookie')).toBe(true)
    const { state } = JSON.parse(host.storage.get('activity_mobile_userInfo') as string)
    expect(state.loginOther).toEqual({ mini: true, h5Weixin: false })
    expect(state.user.id).toBeGreaterThan(0)
    expect(state.user.status).toBeUndefined()
    expect(state.person.profiles).toEqual(['student'])
    expect(state.person.student).toMatchObject({ level: expect.any(String), batchYear: 2026, batch: 1, status: '在读' })
    expect(state.person.student.unreadNotices).toBeGreaterThan(0)
  })

  it("shows home's student part: the header info and 通知公告 with the unread count", async () => {
    const { state } = JSON.parse(host.storage.get('activity_mobile_userInfo') as string)
    const page = await renderPage('pages/tabBar/home')
    await until(() => textOf(page).includes('通知公告'), 15_000)
    const text = textOf(page)
    expect(text).toContain(state.person.student.school)
    expect(text).toContain('2026年1期')
    expect(text).toContain('我的学籍')
    expect(page.querySelector('.student-entries__badge')).toBeTruthy()
    expect(text).not.toContain('可提现金额')
    expect(text).not.toContain('合伙人登录')
  })
})
