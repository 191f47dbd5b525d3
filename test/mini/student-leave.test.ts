/**
 * Issue 40's leave in the compiled WeChat mini-program, against the real back-office (its own
 * process, a fresh embedded database with the demo data): the demo student 林小雨, signed in
 * silently by her bound open id, asks for 1.5 days of sick leave with a picture (chosen with
 * wx.chooseImage, sent with wx.uploadFile) on 请假申请; the server holds it 审批中 at her head
 * teacher's step; 王老师 (headteacher) approves it; 请假详情 shows 已通过 and who acted. WeChat's
 * album is the fake far side; everything else is the product.
 * Build first: `npx taro build --type weapp --mode test` (or set WEAPP_DIR).
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { type BackOffice, jsonCall, signInOperator, sessionCall, studentOnBackOffice } from './back-office'
import { installMiniGlobals, loadApp, networkedHost, renderPage, textOf, until, withQuery } from './harness'

/* eslint-disable @typescript-eslint/no-explicit-any -- the simulator's components and data are untyped */
const OPEN_ID_CODE = 'fake:weapp-leave-open-id'
const REASON = '发烧，医院复诊（小程序）'
// A real 2×2 PNG (the server checks the bytes), where wx.chooseImage says the photo is.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP8z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg==',
  'base64',
)
const PHOTO = path.join(os.tmpdir(), `leave-note-${process.pid}.png`)

interface LeaveItem {
  id: number
  halfDays: number
  status: string
  reason: string
  pictures: unknown[]
  approvalId: number | null
}

let office: BackOffice | undefined
let backend = ''
let cookie = ''
let page: any

/** Fires an event on the first element matching `selector` (the nth with `index`). */
function fire(selector: string, event: string, detail: Record<string, unknown> = {}, index = 0) {
  const el = page.querySelectorAll(selector)[index]
  if (!el) throw new Error(`nothing matches ${selector}[${index}]: ${textOf(page)}`)
  el.dispatchEvent(event, { detail })
}

/** Waits until the page has drawn what the last events changed (its markup stops changing), not a fixed time. */
async function settled(): Promise<void> {
  let before = ''
  for (let i = 0; i < 200; i++) {
    await new Promise((r) => setTimeout(r, 20))
    const now: string = page.dom?.innerHTML ?? ''
    if (now === before) return
    before = now
  }
}

beforeAll(async () => {
  fs.writeFileSync(PHOTO, PNG)
  ;({ office, backend, cookie } = await studentOnBackOffice(OPEN_ID_CODE))
  const networked = networkedHost(backend)
  networked.host.loginCodes.push(OPEN_ID_CODE)
  installMiniGlobals({
    ...networked.overrides,
    // WeChat's album: the person picks one photo.
    chooseImage(options: { success?: (r: unknown) => void; complete?: (r: unknown) => void }) {
      const res = { tempFilePaths: [PHOTO], tempFiles: [{ path: PHOTO, size: PNG.length }], errMsg: 'chooseImage:ok' }
      setTimeout(() => {
        options.success?.(res)
        options.complete?.(res)
      }, 0)
    },
    redirectTo(options: { success?: (r: unknown) => void; complete?: (r: unknown) => void }) {
      setTimeout(() => {
        options.success?.({ errMsg: 'redirectTo:ok' })
        options.complete?.({ errMsg: 'redirectTo:ok' })
      }, 0)
    },
  })
  jest.spyOn(console, 'warn').mockImplementation(() => {})
  loadApp()
  await until(() => {
    const saved = networked.host.storage.get('activity_mobile_userInfo')
    return typeof saved === 'string' && Boolean(JSON.parse(saved).state?.person)
  }, 30_000)
}, 240_000)

afterAll(async () => {
  jest.restoreAllMocks()
  await office?.stop()
  fs.rmSync(PHOTO, { force: true })
})

describe('请假 in the WeChat mini-program', () => {
  let leave: LeaveItem

  it('asks for 1.5 days of sick leave with a picture: the server holds it 审批中', async () => {
    page = await renderPage('pages/student/leaveApply')
    await until(() => Boolean(page.querySelector('.leave-apply__submit')), 15_000, 'the form')
    // 病假 (事假, 病假, 其他); the start two days from now (the list starts 7 days back) 上午; the end a day later 上午.
    fire('.user-form__row--type .app-select-picker', 'change', { value: 1 })
    await settled()
    fire('.user-form__row--start .app-select-picker', 'change', { value: 9 })
    await settled()
    fire('.user-form__row--start .leave-half__item', 'tap', {}, 0)
    fire('.user-form__row--end .app-select-picker', 'change', { value: 1 })
    await settled()
    fire('.user-form__row--end .leave-half__item', 'tap', {}, 0)
    await settled()
    expect(textOf(page.querySelector('.leave-apply__length'))).toBe('1.5天')
    fire('.leave-apply__reason', 'input', { value: REASON })
    fire('.image-picker__add', 'tap')
    await until(() => Boolean(page.querySelector('.image-picker__item')), 15_000, 'the uploaded picture')
    fire('.leave-apply__submit', 'tap')
    const mine = async () =>
      (await sessionCall<{ list: LeaveItem[] }>(backend, cookie, 'GET', '/api/zms/approval/leave/listByStudent')).list.find(
        (l) => l.reason === REASON,
      )
    const deadline = Date.now() + 15_000
    while (!(await mine()) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100))
    leave = (await mine())!
    expect(leave).toBeDefined()
    expect([leave.halfDays, leave.status, leave.pictures.length]).toEqual([3, '审批中', 1])
  })

  it('approved by her head teacher, 请假详情 shows 已通过 with who acted', async () => {
    const head = await signInOperator(backend, 'headteacher')
    const answer = JSON.parse(
      (
        await jsonCall(
          'PUT',
          `${backend}/api/zms/approval/approval/audit`,
          { id: leave.approvalId, decision: 'approve', comment: '好好休息' },
          { cookie: head },
        )
      ).body,
    )
    expect(answer.code).toBe(0)
    withQuery({ id: String(leave.id) })
    page = await renderPage('pages/student/leaveDetail')
    await until(() => textOf(page).includes('已通过'), 15_000, '已通过')
    const text = textOf(page)
    expect(text).toContain('班主任审批')
    expect(text).toContain('王老师 同意')
    expect(text).toContain('好好休息')
    expect(text).toContain('1.5天')
  })
})
