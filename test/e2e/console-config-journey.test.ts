import type { Page } from '@playwright/test'
import { phoneContext, screenshot, expect, test } from './harness'
import { DEMO, signInPartner } from './dashboard-support'
import { consoleSuite, formItem, modal, openConsole, rowWith, settled } from './console-support'
import { dropFile, editorArea, solidPng, typeRange } from './console-config-support'

// One app server per file, its tests in order: a failure retries the whole file.
test.describe.configure({ mode: 'serial' })

/** `YYYY-MM-DD HH:mm` in Asia/Shanghai, `days` from now. */
function shanghai(days: number): string {
  return new Date(Date.now() + days * 86_400_000 + 8 * 3_600_000).toISOString().slice(0, 16).replace('T', ' ')
}

/** [r, g, b] of the share poster's picture at poster point (x, y) (600×960 logical). */
async function posterPixel(page: Page, x: number, y: number): Promise<number[]> {
  return page.locator('img.share-poster__picture:visible').evaluate(
    async (img, at) => {
      const el = img as HTMLImageElement
      await el.decode()
      const c = document.createElement('canvas')
      c.width = el.naturalWidth
      c.height = el.naturalHeight
      const g = c.getContext('2d')!
      g.drawImage(el, 0, 0)
      const d = g.getImageData(Math.floor((at.x * el.naturalWidth) / 600), Math.floor((at.y * el.naturalHeight) / 960), 1, 1).data
      return [d[0] ?? 0, d[1] ?? 0, d[2] ?? 0]
    },
    { x, y },
  )
}

/**
 * The configuration reaching the partner: 管理员 adds a tier and a poster background and
 * publishes an activity in the console (1366×768); the demo partner's H5 app (375×667) shows the
 * tier on 本周期档位, the background in the share poster (drawn with it), and the activity in the
 * list and on its page.
 */
test.describe('console configuration reaches the partner app', () => {
  const t = consoleSuite()
  const tier = { name: '王者', minDeals: '30', commission: '800' }
  const background = '紫色海报'
  const activity = { title: '冬季学历提升直播课', body: '直播时间每周三晚八点' }
  let activityId = 0

  test('管理员 adds a tier and a poster background and publishes an activity', async () => {
    const page = await t.page('admin')

    await openConsole(page, t.app, '/tiers')
    await page.getByRole('button', { name: '新增档位' }).click()
    const tierForm = modal(page, '新增档位')
    await tierForm.getByLabel('档位名称').fill(tier.name)
    await tierForm.getByLabel('最低成交单数').fill(tier.minDeals)
    await tierForm.getByLabel('每单佣金').fill(tier.commission)
    await tierForm.getByRole('button', { name: /确\s*定/ }).click()
    await rowWith(page, tier.name).waitFor()

    await openConsole(page, t.app, '/posters')
    await page.getByRole('button', { name: '新增背景' }).click()
    const posterForm = modal(page, '新增海报背景')
    await dropFile(page, posterForm.locator('.ant-upload-drag'), {
      name: 'purple.png',
      mimeType: 'image/png',
      buffer: await solidPng(page, '#8020c0'),
    })
    await posterForm.getByTestId('uploaded-image').waitFor()
    await posterForm.getByLabel('名称').fill(background)
    await posterForm.getByRole('button', { name: /确\s*定/ }).click()
    await rowWith(page, background).waitFor()

    await openConsole(page, t.app, '/activities/new')
    await editorArea(page).waitFor({ timeout: 30_000 })
    await formItem(page, '活动标题').locator('input').fill(activity.title)
    await typeRange(page, formItem(page, '活动时间'), shanghai(-1), shanghai(20))
    await editorArea(page).click()
    await page.keyboard.type(activity.body)
    await page.getByRole('button', { name: '保存为草稿' }).click()
    await page.waitForURL(/\/admin\/activities\/\d+$/)
    activityId = Number(new URL(page.url()).pathname.split('/').pop())
    await settled(page)
    await page.getByRole('button', { name: /^发\s*布$/ }).click()
    await page
      .locator('.ant-popover:visible')
      .getByRole('button', { name: /发\s*布/ })
      .click()
    await page.locator('.console-page .ant-tag', { hasText: '已发布' }).waitFor()
    await screenshot(page, 'console-config-journey-console')
  })

  test('the partner sees the tier, the poster background and the activity on the phone', async () => {
    const context = await phoneContext(t.browser)
    try {
      const page = await context.newPage()
      await signInPartner(page, t.app, DEMO.active)

      await page.goto(`${t.app.url}/pages/partner/position`)
      await page.locator('.position-levels__name:visible', { hasText: tier.name }).waitFor({ timeout: 30_000 })
      const row = page.locator('.position-levels__row:visible', { hasText: tier.name })
      expect(await row.innerText()).toMatch(/≥ 30 单[\s\S]*800\.00/)
      await screenshot(page, 'console-config-journey-position')

      await page.goto(`${t.app.url}/pages/activity/main`)
      await page.locator('.activity-card:visible', { hasText: activity.title }).waitFor({ timeout: 30_000 })
      await page.locator('.activity-main__poster:visible').click()
      await page.locator('img.share-poster__picture:visible').waitFor({ timeout: 30_000 })
      const thumb = page.locator('.share-poster__background:visible', { hasText: background })
      await thumb.click()
      await page.locator('.share-poster__background--chosen:visible', { hasText: background }).waitFor()
      // The poster is drawn again with the chosen background: wait for its corner to turn purple.
      await expect.poll(() => posterPixel(page, 20, 20), { timeout: 30_000 }).toStrictEqual([128, 32, 192])
      await screenshot(page, 'console-config-journey-poster')

      await page.goto(`${t.app.url}/pages/activity/detail?id=${activityId}&ref=${encodeURIComponent('DEMO01')}`)
      await page.locator('.activity-detail__title:visible', { hasText: activity.title }).waitFor({ timeout: 30_000 })
      await page.getByText(activity.body).first().waitFor()
      await screenshot(page, 'console-config-journey-activity')
    } finally {
      await context.close()
    }
  })
})
