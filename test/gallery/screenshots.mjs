// Screenshots of the component gallery in Chromium (375×667), from the H5 test build.
// Usage: npx taro build --type h5 --mode test && node test/gallery/screenshots.mjs
// Serves dist/h5 with a history fallback; /api/* answers {code: 0} so the code button can count down.
/* eslint-disable no-console -- a command-line program */
import fs from 'node:fs'
import http from 'node:http'
import path from 'node:path'
import { chromium } from 'playwright-core'

const ROOT = path.resolve(import.meta.dirname, '../..')
const DIST = path.join(ROOT, 'dist/h5')
const OUT = path.join(ROOT, 'test-results/screenshots')
const TYPES = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.png': 'image/png', '.svg': 'image/svg+xml' }

const server = http.createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://localhost')
  if (url.pathname.startsWith('/api/')) {
    res.writeHead(200, { 'content-type': 'application/json' })
    res.end(JSON.stringify({ code: 0, message: 'ok', data: null }))
    return
  }
  let file = path.join(DIST, decodeURIComponent(url.pathname))
  if (!file.startsWith(DIST) || !path.extname(file) || !fs.existsSync(file)) file = path.join(DIST, 'index.html')
  res.writeHead(200, { 'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream' })
  fs.createReadStream(file).pipe(res)
})
await new Promise((r) => server.listen(0, '127.0.0.1', r))
const base = `http://127.0.0.1:${server.address().port}`

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
})
const errors = []
try {
  const context = await browser.newContext({ viewport: { width: 375, height: 667 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true })
  const page = await context.newPage()
  page.on('pageerror', (e) => errors.push(String(e)))
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()))
  fs.mkdirSync(OUT, { recursive: true })
  const shot = async (name, options = {}) => {
    await page.waitForTimeout(350)
    await page.screenshot({ path: path.join(OUT, `gallery-${name}.png`), ...options })
    console.log(`gallery-${name}.png`)
  }
  const tap = (selector) => page.locator(selector).first().click()
  // Scroll Taro's page container so the piece sits mid-screen, clear of the sticky title bar.
  const center = (selector) =>
    page
      .locator(selector)
      .first()
      .evaluate((el) => el.scrollIntoView({ block: 'center' }))

  await page.goto(`${base}/pages/dev/gallery`)
  try {
    await page.locator('.gallery__section').first().waitFor({ timeout: 15_000 })
  } catch (err) {
    await page.screenshot({ path: path.join(OUT, 'gallery-failed.png') })
    console.log(`the gallery did not render at ${page.url()}:\n${errors.join('\n')}\n${(await page.content()).slice(0, 1500)}`)
    throw err
  }
  await shot('top')
  // Taro's page scrolls inside its own container: grow the window to the page for one full picture.
  const height = await page.evaluate(() => document.querySelector('.taro_page')?.scrollHeight ?? 667)
  await page.setViewportSize({ width: 375, height })
  await shot('full')
  await page.setViewportSize({ width: 375, height: 667 })

  await tap('text=普通提示')
  await shot('toast')
  await page.waitForTimeout(1600)
  await tap('text=加载遮罩')
  await shot('loading')
  await page.waitForTimeout(1600)

  await center('.gallery__select-category')
  await tap('.gallery__select-category .app-picker-field')
  await shot('category-picker')
  await page.locator('.taro-picker__action:visible', { hasText: '取消' }).click()

  await tap('.gallery__open-dialog')
  await shot('dialog')
  await tap('.app-dialog__confirm')
  await tap('.gallery__open-qr')
  await shot('qr-dialog')
  await tap('.app-qr .app-dialog__close')

  await center('.gallery__code')
  await tap('.app-code-input__button')
  await shot('code-empty-phone')
  await page.waitForTimeout(1600)
  await page.locator('.gallery__phone input').fill('13800000000')
  await tap('.app-code-input__button')
  await page.waitForTimeout(1200)
  await shot('code-countdown')

  await center('.gallery__filter')
  await tap('.gallery__filter')
  console.log('address after the filter:', new URL(page.url()).pathname + new URL(page.url()).search)
  await shot('router')
} finally {
  await browser.close()
  server.close()
}
if (errors.length) console.log('page errors:\n' + errors.join('\n'))
