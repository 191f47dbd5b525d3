import QRCode from 'qrcode'
import { cycleEarnings, LAYOUT, matrixOf, POSTER_SCALE, QR_BOX, QR_QUIET_ZONE, qrSegments } from '@activity/domain'
import { screenshot, expect, test } from './harness'
import { choose, consoleSuite, modal, ok, OPERATORS, openConsole, operatorApi, rowWith } from './console-support'
import { DEMO_PARTNER } from './office-support'
import { countRequests, dropFile, solidPng, yuan } from './console-config-support'

// One app server per file, its tests in order: a failure retries the whole file.
test.describe.configure({ mode: 'serial' })

interface Level {
  id: number
  name: string
  minDeals: number
  commissionPerDeal: number
}
interface Background {
  id: number
  name: string
  url: string
  sort: number
}

/**
 * 档位 and 海报 in the console (管理员, 1366×768): tiers added, changed and removed with the rule
 * in words and the earnings preview; poster backgrounds dropped in, checked before sending and by
 * the server, ordered, and drawn as the partner's phone draws the poster, with a chosen partner's
 * QR code read back from the preview's pixels.
 */
test.describe('console 档位 and 海报', () => {
  const t = consoleSuite()
  const admin = () => operatorApi(t.app, OPERATORS.admin.account, OPERATORS.admin.password)
  const levels = async () => ok(await (await admin()).call<Level[]>('GET', '/api/ems/partner/config/level/list'))

  test('管理员 adds a tier typed in yuan; it is stored in fen and the preview earns what the rule gives', async () => {
    const page = await t.page('admin')
    await openConsole(page, t.app, '/tiers')
    await page.getByText('算上这一笔后达到的档位').waitFor()
    await page.getByRole('button', { name: '新增档位' }).click()
    const form = modal(page, '新增档位')
    await form.getByLabel('档位名称').fill('王者')
    await form.getByLabel('最低成交单数').fill('20')
    await form.getByLabel('每单佣金').fill('500.5')
    await form.getByRole('button', { name: /确\s*定/ }).click()
    await rowWith(page, '王者').waitFor()
    expect(await rowWith(page, '王者').innerText()).toMatch(/≥ 20 单[\s\S]*¥500\.50/)

    const stored = (await levels()).find((l) => l.name === '王者')
    expect(stored?.commissionPerDeal).toBe(50050)
    expect(stored?.minDeals).toBe(20)

    // The preview: 20 deals under the tiers on screen, priced deal by deal.
    const preview = page.getByTestId('tier-preview')
    await preview.getByLabel('本周期成交单数').fill('20')
    const expected = cycleEarnings(await levels(), 20).total
    await preview
      .getByTestId('tier-preview-total')
      .filter({ hasText: yuan(expected) })
      .waitFor()
    expect(await preview.innerText()).toMatch(/第 20 单\s+王者/)
    await screenshot(page, 'console-config-tiers')
  })

  test('a tier with a minimum already used is refused with the server message, and a third decimal never leaves the form', async () => {
    const page = await t.page('admin')
    await openConsole(page, t.app, '/tiers')
    const before = (await levels()).length
    const posts = countRequests(page, 'POST', '/api/ems/partner/config/level')

    await page.getByRole('button', { name: '新增档位' }).click()
    const form = modal(page, '新增档位')
    await form.getByLabel('档位名称').fill('重复档')
    await form.getByLabel('最低成交单数').fill('3')
    await form.getByLabel('每单佣金').fill('1.234')
    await form.getByRole('button', { name: /确\s*定/ }).click()
    await form.getByText('每单佣金须为数字，最多两位小数').waitFor()
    expect(posts.count).toBe(0)

    await form.getByLabel('每单佣金').fill('1.23')
    await form.getByRole('button', { name: /确\s*定/ }).click()
    await form.getByRole('alert').filter({ hasText: '档位名称或最低成交单数已存在' }).waitFor()
    expect(posts.count).toBe(1)
    expect((await levels()).length).toBe(before)
    await screenshot(page, 'console-config-tiers-refused')
  })

  test('管理员 changes a tier and removes one; the partner-facing list follows', async () => {
    const page = await t.page('admin')
    await openConsole(page, t.app, '/tiers')
    await rowWith(page, '王者').getByText('修改').click()
    const form = modal(page, '修改档位')
    await form.getByLabel('每单佣金').fill('600')
    await form.getByRole('button', { name: /确\s*定/ }).click()
    await rowWith(page, '¥600.00').waitFor()

    await rowWith(page, '王者').getByText('删除').click()
    await page
      .locator('.ant-popover:visible')
      .getByRole('button', { name: /删\s*除/ })
      .click()
    await page.locator('.ant-message-notice', { hasText: '档位已删除' }).waitFor()
    await page.waitForFunction(() => !document.body.innerText.includes('王者'))
    const publicList = (await (await fetch(`${t.app.url}/api/ems/partner/config/level/listSimple`)).json()) as { data: Level[] }
    expect(!publicList.data.some((l) => l.name === '王者')).toBeTruthy()
  })

  test('a background dropped on the upload zone is stored, listed, moved first, and drawn in the phone preview', async () => {
    const page = await t.page('admin')
    await openConsole(page, t.app, '/posters')
    await page.getByTestId('poster-phone').waitFor()
    await page.getByRole('button', { name: '新增背景' }).click()
    const form = modal(page, '新增海报背景')
    const green = await solidPng(page, '#10a050')
    await dropFile(page, form.locator('.ant-upload-drag'), { name: 'green.png', mimeType: 'image/png', buffer: green })
    await form.getByTestId('uploaded-image').waitFor()
    await form.getByLabel('名称').fill('绿色背景')
    await form.getByRole('button', { name: /确\s*定/ }).click()
    await rowWith(page, '绿色背景').waitFor()

    const admins = await admin()
    const stored = ok(await admins.call<Background[]>('GET', '/api/ems/partner/backgroundImage/list'))
    const mine = stored.find((b) => b.name === '绿色背景')
    expect(mine?.url ?? '').toMatch(/^\/uploads\/posters\/[0-9a-f]+\.png$/)
    expect(stored.at(-1)?.name, 'a new background goes last').toBe('绿色背景')

    // Moved to the top: the order partners see changes on the server.
    for (let at = stored.length - 1; at > 0; at -= 1) {
      await rowWith(page, '绿色背景').getByRole('button', { name: '上移' }).click()
      await page.waitForFunction(
        (want) =>
          [...document.querySelectorAll('.ant-table-tbody tr.ant-table-row')].findIndex((r) => r.textContent?.includes('绿色背景')) ===
          want,
        at - 1,
      )
    }
    const reordered = ok(await admins.call<Background[]>('GET', '/api/ems/partner/backgroundImage/list'))
    expect(reordered[0]?.name).toBe('绿色背景')

    // The preview draws the chosen background under the poster's card, as the phone does.
    await rowWith(page, '绿色背景').getByText('绿色背景').click()
    await page.waitForFunction(
      (id) => (document.querySelector('[data-testid="poster-phone"]')?.getAttribute('data-drawn') ?? '').startsWith(`${id}|`),
      mine?.id,
    )
    const corner = await page
      .getByTestId('poster-phone')
      .locator('canvas')
      .evaluate((c) => {
        const d = (c as HTMLCanvasElement).getContext('2d')!.getImageData(20, 20, 1, 1).data
        return [d[0], d[1], d[2]]
      })
    expect(corner).toStrictEqual([16, 160, 80])
    await screenshot(page, 'console-config-posters')
  })

  test('a file that is not a picture is refused before sending, and one that only pretends to be is refused by the server', async () => {
    const page = await t.page('admin')
    await openConsole(page, t.app, '/posters')
    const uploads = countRequests(page, 'POST', '/api/ems/partner/backgroundImage/upload')
    await page.getByRole('button', { name: '新增背景' }).click()
    const form = modal(page, '新增海报背景')
    const zone = form.locator('.ant-upload-drag')

    await dropFile(page, zone, { name: 'notes.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4') })
    await form.getByRole('alert').filter({ hasText: '只能上传 PNG、JPG、GIF 或 WebP 图片' }).waitFor()
    await dropFile(page, zone, { name: 'huge.png', mimeType: 'image/png', buffer: Buffer.alloc(6 * 1024 * 1024, 1) })
    await form.getByRole('alert').filter({ hasText: '图片不能超过5MB' }).waitFor()
    expect(uploads.count).toBe(0)

    await dropFile(page, zone, { name: 'fake.png', mimeType: 'image/png', buffer: Buffer.from('<script>alert(1)</script>') })
    await form.getByRole('alert').filter({ hasText: '只能上传 PNG、JPG、GIF 或 WebP 图片' }).waitFor()
    expect(uploads.count).toBe(1)
    await expect(form.getByTestId('uploaded-image')).toHaveCount(0)
    await form.getByRole('button', { name: /确\s*定/ }).click()
    await form.getByText('请上传背景图片').waitFor()
    await screenshot(page, 'console-config-posters-refused')
  })

  test("the preview carries the chosen partner's QR code and name", async () => {
    const page = await t.page('admin')
    await openConsole(page, t.app, '/posters')
    const preview = page.getByTestId('poster-preview')
    await choose(page, preview.locator('.ant-select'), DEMO_PARTNER.name, DEMO_PARTNER.code)
    await preview.getByText(`${DEMO_PARTNER.name} 的海报`).waitFor()
    const admins = await admin()
    const partners = ok(
      await admins.call<{ list: Array<{ id: number; code: string; shareLink: string }> }>('GET', '/api/ems/partner/partner/list', {
        keyword: DEMO_PARTNER.code,
      }),
    )
    const link = partners.list[0]?.shareLink ?? ''
    await page.waitForFunction(
      (l) => (document.querySelector('[data-testid="poster-phone"]')?.getAttribute('data-drawn') ?? '').endsWith(`|${l}`),
      link,
    )

    const matrix = matrixOf(QRCode.create(qrSegments(link), { errorCorrectionLevel: 'M' }).modules)
    const count = matrix.length + QR_QUIET_ZONE * 2
    const cell = Math.floor(QR_BOX / count)
    const offset = (QR_BOX - cell * count) / 2
    const centre = (i: number) => offset + (i + QR_QUIET_ZONE + 0.5) * cell
    const points = matrix.flatMap((row, r) => row.map((_, c) => [LAYOUT.qr.x + centre(c), LAYOUT.qr.y + centre(r)] as [number, number]))
    const dark = await preview.locator('canvas').evaluate(
      (c, { pts, scale }) => {
        const g = (c as HTMLCanvasElement).getContext('2d')!
        return pts.map(([x, y]) => {
          const d = g.getImageData(Math.floor(x * scale), Math.floor(y * scale), 1, 1).data
          return ((d[0] ?? 0) + (d[1] ?? 0) + (d[2] ?? 0)) / 3 < 128
        })
      },
      { pts: points, scale: POSTER_SCALE },
    )
    expect(dark).toStrictEqual(matrix.flat())
    await screenshot(page, 'console-config-posters-partner')
  })
})
