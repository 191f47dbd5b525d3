import type { Browser, BrowserContext, Page } from '@playwright/test'
import JSZip from 'jszip'
import { jpegOf } from '../../server/test/image-fixtures'
import { launchBrowser, phoneScreen, screenshot, type RunningApp, expect, test } from './harness'
import {
  ADMIN,
  client,
  desktopContext,
  type FormApiUser,
  ok,
  openConsole,
  operatorApi,
  rowWith,
  signInConsole,
  startOfficeApp,
  studentApi,
} from './office-support'
import { signInStudent } from './dashboard-support'
import { visible } from './user-helpers'

// One app server for the file, its tests in order: a failure retries the whole file.
test.describe.configure({ mode: 'serial' })

/**
 * Issue 43's demo journey against the real back-office with the demo data (林小雨's batch, 2026年1期,
 * in its graduation term): her photo refused for its size, then approved by 王老师 and the office;
 * the last place of a topic raced for; proposal and draft, the draft returned with a comment, version
 * 2, the defence and the published score; her 毕业审核 page green but for tuition until she pays; the
 * office submits her on the console and the approvals make her a graduate; the batch's photo ZIP.
 * What she does is her app's calls (their screens have their own tests); the pages this journey is
 * for are 毕业审核 on her phone (375×667) and the console's 毕业预览.
 */
const STUDENT = { phone: '13900000000', name: '林小雨' }
const RIVAL = { phone: '13911110043', name: '林小雷' }
const THESIS = '/api/ems/thesis'
const PHOTOS = '/api/ems/education/photoCollection'
const GRADUATE = '/api/ems/education/graduate'
const APPROVAL = '/api/zms/approval/approval'
const PDF = (text: string) => ({ name: `${text}.pdf`, type: 'application/pdf', data: Buffer.from(`%PDF-1.4\n% ${text}\n%%EOF\n`) })

interface Approval {
  id: number
  status: string
}

test.describe('毕业：照片、论文、毕业审核，演示学员毕业', () => {
  let app: RunningApp
  let browser: Browser
  let phone: BrowserContext
  let page: Page
  let student: FormApiUser
  let head: FormApiUser
  let office: FormApiUser
  let admin: FormApiUser

  test.beforeAll(async () => {
    app = await startOfficeApp()
    browser = await launchBrowser()
    phone = await phoneScreen(browser, { timezoneId: 'Asia/Shanghai' })
    page = await phone.newPage()
    // Her phone signs in (as her app does); her calls carry its session.
    await signInStudent(page, app, STUDENT.phone)
    student = client(app, (await phone.cookies()).map((c) => `${c.name}=${c.value}`).join('; '))
    head = await operatorApi(app, 'headteacher')
    office = await operatorApi(app, 'office')
    admin = await operatorApi(app, ADMIN.account, ADMIN.password)
  })
  test.afterAll(async () => {
    await phone?.close()
    await browser?.close()
    await app?.stop()
  })

  /** Both steps of an approval: 王老师 (班主任审核), then the office (教务处审核). */
  async function approveBoth(approval: Approval) {
    ok(await head.call('PUT', `${APPROVAL}/audit`, { id: approval.id, decision: 'approve' }))
    ok(await office.call('PUT', `${APPROVAL}/audit`, { id: approval.id, decision: 'approve' }))
  }

  test('the photo: refused for its size, uploaded again, approved by the head teacher then the office', async () => {
    const big = await student.send(
      'POST',
      `${PHOTOS}/upload`,
      {},
      { name: '证件照.jpg', type: 'image/jpeg', data: jpegOf({ width: 480, height: 640, kb: 180 }) },
    )
    expect([big.code === 0, big.message]).toEqual([false, '照片大小为180KB，要求在10KB到100KB之间'])
    const sent = ok(
      await student.send<{ approval: Approval }>(
        'POST',
        `${PHOTOS}/upload`,
        {},
        { name: '证件照.jpg', type: 'image/jpeg', data: jpegOf({ width: 480, height: 640, kb: 40 }) },
      ),
    )
    await approveBoth(sent.approval)
    expect(ok(await student.call<{ photos: Array<{ status: string }> }>('GET', `${PHOTOS}/mine`)).photos[0]!.status).toBe('已通过')
  })

  test('the thesis: the last place raced for, proposal and draft, a returned draft and version 2, the defence, the published score', async () => {
    type Mine = {
      topics: Array<{ id: number; title: string; left: number; advisorId: number }>
      selection: { id: number } | null
      stages: Array<{ stage: string; versions: Array<{ id: number; version: number; status: string; comment: string | null }> }>
      score: { totalScore: number; passed: boolean } | null
    }
    const mine = async () => ok(await student.call<Mine>('GET', `${THESIS}/client/detailsForClient`))
    const topic = (await mine()).topics.find((t) => t.left === 1)!
    // A classmate of her batch races her for the topic's one place: one of them gets it.
    ok(
      await admin.call('POST', '/api/ems/education/schoolRoll/save', {
        name: RIVAL.name,
        phone: RIVAL.phone,
        educationType: '成人高考',
        school: '浙江工商大学',
        major: '工商管理',
        level: '本科',
        batchYear: 2026,
        batch: 1,
      }),
    )
    const rival = await studentApi(app, RIVAL.phone)
    const race = await Promise.all([student, rival].map((who) => who.call('PUT', `${THESIS}/client/commitTitle`, { topicId: topic.id })))
    expect(race.map((r) => r.code === 0).sort()).toEqual([false, true])
    const lost = race.find((r) => r.code !== 0)!
    expect(lost.message).toBe('该题目名额已满，请选择其他题目')
    if (race[0]!.code !== 0) {
      // She lost: she takes the other topic (the journey goes on either way).
      const other = (await mine()).topics.find((t) => t.left > 0)!
      ok(await student.call('PUT', `${THESIS}/client/commitTitle`, { topicId: other.id }))
    }
    const selectionId = (await mine()).selection!.id
    ok(await head.call('PUT', `${THESIS}/teacher/decide`, { selectionId, accept: '是' }))

    const review = (fileId: number, status: string, comment: string) =>
      head.send('PUT', `${THESIS}/teacher/review`, { fileId: String(fileId), status, comment }, PDF('批注'))
    const submit = async (stage: string, text: string) => {
      const answer = ok(await student.send<Mine>('POST', `${THESIS}/client/commitFile`, { stage }, PDF(text)))
      return answer.stages.find((s) => s.stage === stage)!.versions[0]!
    }
    ok(await review((await submit('开题报告', '开题报告')).id, '通过', '同意开题'))
    ok(await review((await submit('初稿', '初稿')).id, '退回修改', '第二章论证不足'))
    const v2 = await submit('初稿', '初稿第二版')
    const drafts = (await mine()).stages.find((s) => s.stage === '初稿')!.versions
    expect(drafts.map((v) => [v.version, v.status, v.comment])).toEqual([
      [2, '待审阅', null],
      [1, '退回修改', '第二章论证不足'],
    ])
    ok(await review(v2.id, '通过', '可以定稿'))

    const thesisBatchId = ok(
      await office.call<{ list: Array<{ id: number; batchYear: number; batch: number }> }>('GET', `${THESIS}/batch/list`),
    ).list.find((b) => b.batchYear === 2026 && b.batch === 1)!.id
    const session = ok(
      await office.call<{ id: number }>('POST', `${THESIS}/reply/session`, {
        thesisBatchId,
        startsAt: new Date(Date.now() + 7 * 86_400_000).toISOString(),
        place: '教学楼 301',
        panelIds: [topic.advisorId],
      }),
    )
    ok(await office.call('PUT', `${THESIS}/reply/assign`, { sessionId: session.id, selectionIds: [selectionId] }))
    ok(await head.call('PUT', `${THESIS}/score`, { selectionId, part: '指导教师评分', score: 85 }))
    ok(await head.call('PUT', `${THESIS}/score`, { selectionId, part: '答辩评分', score: 90 }))
    expect((await mine()).score).toBeNull()
    ok(await office.call('PUT', `${THESIS}/score/publish`, { thesisBatchId }))
    expect((await mine()).score).toMatchObject({ totalScore: 88, passed: true })
  })

  test('毕业审核 on her phone: every condition met but tuition, which links to 我的缴费; paid, it is all met', async () => {
    await page.goto(`${app.url}/pages/student/graduation`)
    await visible(page, '.graduation-head__title', '2026年1期毕业审核').waitFor({ timeout: 30_000 })
    await expect(page.locator('.graduation-check--unmet:visible .graduation-check__name')).toHaveText(['学费'])
    await expect(visible(page, '.graduation-check--unmet .graduation-check__detail')).toContainText('有1笔学费待缴')
    await screenshot(page, 'graduation-checklist')

    type Fee = { id: number; feeKind: string; payStatus: string }
    const fees = ok(await student.call<{ list: Fee[] }>('GET', '/api/fms/finance/order/listFeeForClient?page=1&size=20')).list
    const tuition = fees.find((f) => f.feeKind === '学费' && f.payStatus === '待支付')!
    const started = ok(
      await student.call<{ orderNo: string }>('POST', '/api/fms/finance/order/payFee', { id: tuition.id, channel: 'wechat-jsapi' }),
    )
    const done = await fetch(`${app.url}/api/dev/payments/complete?orderNo=${started.orderNo}&result=success`, { method: 'POST' })
    expect(done.status).toBe(200)

    await page.reload()
    await visible(page, '.graduation-summary--met').waitFor({ timeout: 30_000 })
    await expect(page.locator('.graduation-check--unmet:visible')).toHaveCount(0)
  })

  test("the office submits her on 毕业预览; both approvals make her a graduate; the batch's photo ZIP names her photo", async () => {
    const desk = await desktopContext(browser)
    const console = await desk.newPage()
    try {
      const audits = ok(await office.call<{ list: Array<{ id: number; title: string }> }>('GET', `${GRADUATE}/audit/list`)).list
      const audit = audits.find((a) => a.title === '2026年1期毕业审核')!
      await signInConsole(console, app, 'office')
      await openConsole(console, app, `/graduation/audits/${audit.id}?state=可提交`)
      const row = rowWith(console, STUDENT.name)
      await row.getByRole('checkbox').check()
      await console.getByRole('button', { name: '提交审核' }).click()
      await console.getByRole('button', { name: '提交', exact: true }).click()
      await console.locator('.ant-modal-confirm-title', { hasText: '已提交 1 名学员审核' }).waitFor({ timeout: 30_000 })
      await screenshot(console, 'graduation-preview-submitted')
    } finally {
      await desk.close()
    }

    const { approval } = ok(await student.call<{ approval: Approval }>('GET', `${GRADUATE}/mine`))
    await approveBoth(approval)
    await page.reload()
    await visible(page, '.graduation-certificate__number').waitFor({ timeout: 30_000 })
    await expect(visible(page, '.graduation-head__state')).toHaveText('已毕业')
    await screenshot(page, 'graduation-graduate')

    // The batch's approved photos as a ZIP, named by ID number as the national registration
    // expects: a 明文导出 (the administrator holds it, stepped up).
    const collection = ok(
      await office.call<{ list: Array<{ id: number; batchYear: number; batch: number }> }>('GET', `${PHOTOS}/list`),
    ).list.find((c) => c.batchYear === 2026 && c.batch === 1)!
    const zip = await admin.raw(`${PHOTOS}/download?collectionId=${collection.id}&unmasked=是`)
    expect([zip.status, zip.headers.get('content-type')]).toEqual([200, 'application/zip'])
    const names = Object.keys((await JSZip.loadAsync(Buffer.from(await zip.arrayBuffer()))).files)
    expect(names).toEqual(['330106200001011235.jpg'])
  })
})
