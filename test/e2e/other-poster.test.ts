/**
 * The share poster (src/components/share-poster) on H5, in Chromium against the real back-office:
 * a signed-in partner opens it from the activity page, the poster is drawn on a canvas and shown
 * as an <img> to long-press, with the partner's QR code, which is read back from the picture's
 * pixels and compared module by module with the code of the partner's link. Build first: H5_DIR.
 */
import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import QRCode from 'qrcode'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { LAYOUT, POSTER_HEIGHT, POSTER_WIDTH, QR_BOX, QR_QUIET_ZONE, matrixOf, qrSegments } from '@activity/domain'
import { DEMO, signInPartner } from './dashboard-support'
import { launchBrowser, phoneContext, screenshot, startApp, type RunningApp } from './harness'

interface Envelope<T> {
  code: number
  message: string
  data: T
}
interface PosterData {
  backgrounds: Array<{ id: number; name: string; url: string }>
  code: string
  name: string
  link: string
}

describe('the share poster on H5', () => {
  let app: RunningApp
  let browser: Browser
  let context: BrowserContext
  let page: Page
  let data: PosterData

  before(async () => {
    app = await startApp({ RATE_LIMIT: 'off' })
    browser = await launchBrowser()
    context = await phoneContext(browser)
    page = await context.newPage()
    await signInPartner(page, app, DEMO.active)
    const res = (await (await page.request.get(`${app.url}/api/ems/partner/partner/sharePoster`)).json()) as Envelope<PosterData>
    assert.equal(res.code, 0, res.message)
    data = res.data
    assert.equal(data.code, 'DEMO01')
    assert.ok(data.backgrounds.length >= 2, 'the demo has two backgrounds')
  })

  after(async () => {
    await browser?.close()
    await app?.stop()
  })

  const picture = () => page.locator('img.share-poster__picture:visible').first()

  /** The poster's pixels: [r, g, b] at poster coordinates (logical pixels). */
  async function pixels(points: Array<[number, number]>): Promise<Array<[number, number, number]>> {
    return picture().evaluate(
      async (img, { points: pts, width, height }) => {
        const el = img as HTMLImageElement
        await el.decode()
        const c = document.createElement('canvas')
        c.width = el.naturalWidth
        c.height = el.naturalHeight
        const g = c.getContext('2d')!
        g.drawImage(el, 0, 0)
        const sx = el.naturalWidth / width
        const sy = el.naturalHeight / height
        return pts.map(([x, y]) => {
          const d = g.getImageData(Math.floor(x * sx), Math.floor(y * sy), 1, 1).data
          return [d[0] ?? 0, d[1] ?? 0, d[2] ?? 0] as [number, number, number]
        })
      },
      { points, width: POSTER_WIDTH, height: POSTER_HEIGHT },
    )
  }

  it('opens from the activity page, draws the poster and shows it as an image to long-press', async () => {
    await page.goto(`${app.url}/pages/activity/main`)
    await page.locator('.activity-card:visible').first().waitFor()
    // A signed-in partner gets the poster button on the activity page (prospects do not).
    await screenshot(page, 'other-activity-main-partner')
    await page.locator('.activity-main__poster:visible').click()
    await page.locator('.share-poster:visible').waitFor()
    await picture().waitFor({ timeout: 20_000 })
    const src = (await picture().getAttribute('src')) ?? ''
    assert.match(src, /^data:image\/png;base64,/)
    const size = await picture().evaluate(async (img) => {
      const el = img as HTMLImageElement
      await el.decode()
      return [el.naturalWidth, el.naturalHeight]
    })
    assert.deepEqual(size, [POSTER_WIDTH * 2, POSTER_HEIGHT * 2])
    assert.equal(await page.locator('.share-poster__hint:visible').innerText(), '长按保存图片')
    // A plain <img> keeps the browser's own long-press menu.
    assert.equal(await picture().evaluate((el) => el.tagName), 'IMG')
    assert.deepEqual(
      (await page.locator('.share-poster__thumb-name:visible').allInnerTexts()).map((t) => t.trim()),
      data.backgrounds.map((b) => b.name),
    )
    await screenshot(page, 'other-poster-h5')
  })

  it("carries the partner's QR code: every module read back from the picture matches the code of their link", async () => {
    assert.match(data.link, /\/pages\/activity\/main\?ref=DEMO01$/)
    // The link's UTF-8 bytes as one byte-mode segment, as the poster encodes it (see qrSegments).
    const matrix = matrixOf(QRCode.create(qrSegments(data.link), { errorCorrectionLevel: 'M' }).modules)
    const count = matrix.length + QR_QUIET_ZONE * 2
    const cell = Math.floor(QR_BOX / count)
    const offset = (QR_BOX - cell * count) / 2
    const centre = (i: number) => offset + (i + QR_QUIET_ZONE + 0.5) * cell
    const points: Array<[number, number]> = []
    matrix.forEach((row, r) => row.forEach((_, c) => points.push([LAYOUT.qr.x + centre(c), LAYOUT.qr.y + centre(r)])))
    const read = await pixels(points)
    let i = 0
    const dark = matrix.map((row) =>
      row.map(() => {
        const [red, green, blue] = read[i++] ?? [255, 255, 255]
        return (red + green + blue) / 3 < 128
      }),
    )
    assert.deepEqual(dark, matrix)
    // The quiet zone around it is light.
    const [corner] = await pixels([[LAYOUT.qr.x + offset + cell / 2, LAYOUT.qr.y + offset + cell / 2]])
    assert.ok(corner && (corner[0] + corner[1] + corner[2]) / 3 > 200)
  })

  it('draws the background the partner picks', async () => {
    const [before] = await pixels([[20, 20]])
    const first = (await picture().getAttribute('src')) ?? ''
    await page.locator('.share-poster__background:visible').nth(1).click()
    await page.locator('.share-poster__background--chosen:visible', { hasText: data.backgrounds[1]?.name ?? '' }).waitFor()
    await page.waitForFunction((old) => {
      const img = document.querySelector('img.share-poster__picture') as HTMLImageElement | null
      return Boolean(img && img.src !== old)
    }, first)
    await picture().waitFor()
    const [after] = await pixels([[20, 20]])
    // The demo's first background is orange-red, the second blue.
    assert.ok(before && before[0] > before[2], `first background at the corner: ${before}`)
    assert.ok(after && after[2] > after[0], `second background at the corner: ${after}`)
    await screenshot(page, 'other-poster-h5-second')
  })

  it('closes', async () => {
    await page.locator('.share-poster__close:visible').click()
    await page.locator('.share-poster').waitFor({ state: 'detached' })
  })
})
