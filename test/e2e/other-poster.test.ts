import QRCode from 'qrcode'
import type { Browser, BrowserContext, Page } from '@playwright/test'
import { LAYOUT, POSTER_HEIGHT, POSTER_WIDTH, QR_BOX, QR_QUIET_ZONE, matrixOf, qrSegments } from '@activity/domain'
import { DEMO, signInPartner } from './dashboard-support'
import { launchBrowser, phoneContext, screenshot, startApp, type RunningApp, expect, test, type Envelope } from './harness'

// One app server per file, its tests in order: a failure retries the whole file.
test.describe.configure({ mode: 'serial' })
interface PosterData {
  backgrounds: Array<{ id: number; name: string; url: string }>
  code: string
  name: string
  link: string
}

test.describe('the share poster on H5', () => {
  let app: RunningApp
  let browser: Browser
  let context: BrowserContext
  let page: Page
  let data: PosterData

  test.beforeAll(async () => {
    app = await startApp({ RATE_LIMIT: 'off' })
    browser = await launchBrowser()
    context = await phoneContext(browser)
    page = await context.newPage()
    await signInPartner(page, app, DEMO.active)
    const res = (await (await page.request.get(`${app.url}/api/ems/partner/partner/sharePoster`)).json()) as Envelope<PosterData>
    expect(res.code, res.message).toBe(0)
    data = res.data
    expect(data.code).toBe('DEMO01')
    expect(data.backgrounds.length >= 2, 'the demo has two backgrounds').toBeTruthy()
  })

  test.afterAll(async () => {
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

  test('opens from the activity page, draws the poster and shows it as an image to long-press', async () => {
    await page.goto(`${app.url}/pages/activity/main`)
    await page.locator('.activity-card:visible').first().waitFor()
    // A signed-in partner gets the poster button on the activity page (prospects do not).
    await screenshot(page, 'other-activity-main-partner')
    await page.locator('.activity-main__poster:visible').click()
    await page.locator('.share-poster:visible').waitFor()
    await picture().waitFor({ timeout: 20_000 })
    const src = (await picture().getAttribute('src')) ?? ''
    expect(src).toMatch(/^data:image\/png;base64,/)
    const size = await picture().evaluate(async (img) => {
      const el = img as HTMLImageElement
      await el.decode()
      return [el.naturalWidth, el.naturalHeight]
    })
    expect(size).toStrictEqual([POSTER_WIDTH * 2, POSTER_HEIGHT * 2])
    expect(await page.locator('.share-poster__hint:visible').innerText()).toBe('长按保存图片')
    // A plain <img> keeps the browser's own long-press menu.
    expect(await picture().evaluate((el) => el.tagName)).toBe('IMG')
    expect((await page.locator('.share-poster__thumb-name:visible').allInnerTexts()).map((t) => t.trim())).toStrictEqual(
      data.backgrounds.map((b) => b.name),
    )
    await screenshot(page, 'other-poster-h5')
  })

  test("carries the partner's QR code: every module read back from the picture matches the code of their link", async () => {
    expect(data.link).toMatch(/\/pages\/activity\/main\?ref=DEMO01$/)
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
    expect(dark).toStrictEqual(matrix)
    // The quiet zone around it is light.
    const [corner] = await pixels([[LAYOUT.qr.x + offset + cell / 2, LAYOUT.qr.y + offset + cell / 2]])
    expect(corner && (corner[0] + corner[1] + corner[2]) / 3 > 200).toBeTruthy()
  })

  test('draws the background the partner picks', async () => {
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
    expect(before && before[0] > before[2], `first background at the corner: ${before}`).toBeTruthy()
    expect(after && after[2] > after[0], `second background at the corner: ${after}`).toBeTruthy()
    await screenshot(page, 'other-poster-h5-second')
  })

  test('closes', async () => {
    await page.locator('.share-poster__close:visible').click()
    await page.locator('.share-poster').waitFor({ state: 'detached' })
  })
})
