import fs from 'node:fs'
import path from 'node:path'
import QRCode from 'qrcode'
import { LAYOUT, QR_BOX, qrSegments } from '@activity/domain'
import { envelope, startTestServer, type TestServer } from '../../src/request/testing/server'
import { WEAPP_DIR, hasWeappBuild, installMiniGlobals, loadApp, networkedHost, renderPage, textOf, until, storeSignedIn } from './harness'

/**
 * The share poster in the compiled WeChat mini-program, opened by a signed-in partner from the
 * activity page: it is drawn on the Canvas 2D node (the background, the back-office's
 * mini-program code in the code box instead of the link's QR code, the partner's name), exported
 * with canvasToTempFilePath, shown with WeChat's long-press
 * menu, and saved to the album, with a refused album permission explained and the settings page
 * opened. The canvas node, the album and the settings are WeChat's: recorded fakes at the wx
 * boundary. A local server stands in for the back-office.
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- the simulator's components and wx fakes are untyped */
const USER = { id: 401, phone: '138****0000', nickname: '陈晓明', avatar: null, school: '', major: '', discipline: '', code: 'DEMO01' }
const POSTER = {
  backgrounds: [
    { id: 1, name: '春季招生', url: '/uploads/posters/spring.png', sort: 1 },
    { id: 2, name: '学历提升', url: 'https://cdn.example.com/posters/degree.png', sort: 2 },
  ],
  code: 'DEMO01',
  name: '陈晓明',
  link: 'https://m.example.com/pages/activity/main?ref=DEMO01',
}
const MINI_CODE = { url: '/uploads/wxacode/0123456789abcdef0123456789abcdef.png', page: 'pages/jump/index', scene: 'r=DEMO01' }
const API_HOST = 'https://test-api.activity-mobile.example.com'
const TEMP_FILE = 'wxfile://tmp/share-poster.png'

type Call = { name: string; args: unknown[]; fillStyle?: unknown }
const calls: Call[] = []
const images: Array<{ src: string }> = []
const exported: any[] = []
const saved: string[] = []
const authorized: string[] = []
const settingsOpened: number[] = []
let albumSetting: boolean | undefined
let albumRefuses = false

/** A Canvas 2D node as WeChat hands it out, recording what is drawn on its context. */
function fakeCanvas() {
  const ctx: any = { fillStyle: '', font: '', textAlign: '', textBaseline: '' }
  for (const name of ['scale', 'fillRect', 'fillText', 'drawImage'])
    ctx[name] = (...args: unknown[]) => calls.push({ name, args, fillStyle: ctx.fillStyle })
  return {
    width: 300,
    height: 150,
    getContext: () => ctx,
    createImage() {
      const image: any = { width: 0, height: 0, onload: null, onerror: null }
      let src = ''
      Object.defineProperty(image, 'src', {
        get: () => src,
        set(value: string) {
          src = value
          images.push(image)
          setTimeout(() => {
            image.width = 750
            image.height = 1334
            image.onload?.()
          }, 0)
        },
      })
      return image
    },
  }
}
const canvas = fakeCanvas()

type Callbacks = { success?: (r: unknown) => void; fail?: (e: unknown) => void; complete?: (r: unknown) => void }
const answer = (o: Callbacks, res: unknown) => setTimeout(() => (o.success?.(res), o.complete?.(res)), 0)
const refuse = (o: Callbacks, errMsg: string) => setTimeout(() => (o.fail?.({ errMsg }), o.complete?.({ errMsg })), 0)

let server: TestServer
let page: any

beforeAll(async () => {
  if (!hasWeappBuild()) throw new Error('no weapp build: run `npx taro build --type weapp --mode test` (WEAPP_DIR for another output)')
  server = await startTestServer('127.0.0.1')
  server.on('GET /api/ums/user/user/timestamp', { body: envelope(1_795_900_000_000) })
  server.on('GET /api/ums/user/user/checkOpenId', { body: envelope('是') })
  server.on('GET /api/cms/activity/activity/listForClient', { body: envelope({ list: [], total: 0, page: 1, size: 10 }) })
  server.on('GET /api/ems/partner/partner/sharePoster', { body: envelope(POSTER) })
  server.on('GET /api/ems/partner/partner/miniProgramCode', { body: envelope(MINI_CODE) })
  const networked = networkedHost(server.url)
  storeSignedIn(networked.host.storage, { jar: { sid: 'weapp-partner' }, user: USER, mini: true })
  installMiniGlobals({
    ...networked.overrides,
    // WeChat's SelectorQuery: select() hands back a NodesRef whose node() is the query again; exec() answers.
    createSelectorQuery: () => {
      const selected: string[] = []
      const query: any = {
        in: () => query,
        select(selector: string) {
          selected.push(selector)
          return { node: () => query, fields: () => query, boundingClientRect: () => query }
        },
        exec(cb: (res: unknown[]) => void) {
          setTimeout(() => cb(selected.map((s) => (s === '#share-poster-canvas' ? { node: canvas } : null))), 0)
        },
      }
      return query
    },
    canvasToTempFilePath(o: Callbacks & Record<string, unknown>) {
      exported.push(o)
      answer(o, { tempFilePath: TEMP_FILE, errMsg: 'canvasToTempFilePath:ok' })
    },
    getSetting: (o: Callbacks) =>
      answer(o, { authSetting: albumSetting === undefined ? {} : { 'scope.writePhotosAlbum': albumSetting }, errMsg: 'getSetting:ok' }),
    authorize(o: Callbacks & { scope: string }) {
      authorized.push(o.scope)
      albumSetting = true
      answer(o, { errMsg: 'authorize:ok' })
    },
    saveImageToPhotosAlbum(o: Callbacks & { filePath: string }) {
      if (albumRefuses) return refuse(o, 'saveImageToPhotosAlbum:fail auth deny')
      saved.push(o.filePath)
      answer(o, { errMsg: 'saveImageToPhotosAlbum:ok' })
    },
    openSetting(o: Callbacks) {
      settingsOpened.push(Date.now())
      albumRefuses = false
      albumSetting = true
      answer(o, { authSetting: { 'scope.writePhotosAlbum': true }, errMsg: 'openSetting:ok' })
    },
  })
  loadApp()
  page = await renderPage('pages/activity/main')
  await until(() => Boolean(page.querySelector('.activity-main__poster')), 5000)
})
afterAll(() => server.close())

/**
 * The properties Taro set on the <image> whose class holds `className`: Taro's page data keeps
 * them under short keys (p0, p1, ...) that the build's base.wxml maps to attribute names.
 */
function imageProps(className: string): Record<string, unknown> {
  const wxml = fs.readFileSync(path.join(WEAPP_DIR, 'base.wxml'), 'utf8')
  const tag = /<image [^>]*>/.exec(wxml)?.[0] ?? ''
  const keys = Object.fromEntries([...tag.matchAll(/([\w-]+)="\{\{(?:xs\.b\()?i\.(p\d+)/g)].map((m) => [m[2], m[1]]))
  const find = (n: any): any =>
    n && typeof n === 'object'
      ? String(n.cl ?? '')
          .split(' ')
          .includes(className)
        ? n
        : Object.values(n).map(find).find(Boolean)
      : undefined
  const node = find(page.instance.data) ?? {}
  return Object.fromEntries(
    Object.entries(node)
      .filter(([k]) => k in keys)
      .map(([k, v]) => [keys[k] as string, v]),
  )
}

const tap = async (selector: string) => {
  const el = page.querySelector(selector)
  if (!el) throw new Error(`nothing matches ${selector}: ${textOf(page)}`)
  el.dispatchEvent('tap')
  await new Promise((r) => setTimeout(r, 30))
}

describe('the share poster in the WeChat mini-program', () => {
  it('a partner sharing the activities from the menu (opened without ref) shares their own ref', () => {
    expect(page.instance.onShareAppMessage({ from: 'menu' })).toMatchObject({ path: '/pages/activity/main?ref=DEMO01' })
    expect(page.instance.onShareTimeline()).toMatchObject({ query: 'ref=DEMO01' })
  })

  it("loads the poster data and draws on the canvas node: background, the server's mini-program code, name", async () => {
    await tap('.activity-main__poster')
    await until(() => exported.length === 1, 5000)
    expect(server.last('GET /api/ems/partner/partner/sharePoster')).toBeTruthy()
    expect(server.last('GET /api/ems/partner/partner/miniProgramCode')).toBeTruthy()
    // The uploaded background and the mini-program code, both from the back-office's origin.
    expect(images.map((i) => i.src)).toEqual([`${API_HOST}/uploads/posters/spring.png`, `${API_HOST}${MINI_CODE.url}`])
    expect(canvas.width).toBe(1200)
    expect(canvas.height).toBe(1920)
    expect(calls[0]).toEqual({ name: 'scale', args: [2, 2], fillStyle: '' })
    const drawImages = calls.filter((c) => c.name === 'drawImage')
    expect(drawImages).toHaveLength(2)
    expect(drawImages[0]?.args[0]).toBe(images[0])
    // The code, whole (its natural 750×1334 here), fitted in the code box at the card's right.
    expect(drawImages[1]?.args[0]).toBe(images[1])
    const [, sx, sy, sw, sh, dx, dy, dw, dh] = drawImages[1]!.args as number[]
    expect([sx, sy, sw, sh]).toEqual([0, 0, 750, 1334])
    expect(dh).toBeCloseTo(QR_BOX)
    expect(dx! + dw! / 2).toBeCloseTo(LAYOUT.qr.x + QR_BOX / 2)
    expect(dy).toBeCloseTo(LAYOUT.qr.y)
    // No QR squares of the H5 link: the mini-program code replaces them.
    const dark = QRCode.create(qrSegments(POSTER.link), { errorCorrectionLevel: 'M' }).modules.data.reduce(
      (n: number, bit: number) => n + (bit ? 1 : 0),
      0,
    )
    expect(dark).toBeGreaterThan(100)
    expect(calls.filter((c) => c.name === 'fillRect' && c.fillStyle === '#000000')).toHaveLength(0)
    const texts = calls.filter((c) => c.name === 'fillText').map((c) => c.args[0])
    expect(texts).toContain('陈晓明')
    expect(texts).toContain('推荐码 DEMO01')
    expect(texts).toContain('长按识别小程序码')
  })

  it('exports the canvas and shows the picture under WeChat’s own long-press menu', async () => {
    expect(exported[0].canvas).toBe(canvas)
    expect([exported[0].destWidth, exported[0].destHeight]).toEqual([1200, 1920])
    await until(() => Boolean(page.querySelector('.share-poster__picture')), 3000)
    const picture = page.querySelector('.share-poster__picture').dom
    expect(picture.tagName.toLowerCase()).toBe('wx-image')
    // The simulator does not reflect an image's properties on its element: read them from Taro's data.
    const props = imageProps('share-poster__picture')
    expect(props.src).toBe(TEMP_FILE)
    expect(props['show-menu-by-longpress']).toBe(true)
    expect(props.mode).toBe('aspectFit')
    expect(textOf(page)).toContain('春季招生')
    expect(textOf(page)).toContain('学历提升')
  })

  it('asks for the album permission once, then saves the poster', async () => {
    await tap('.share-poster__save')
    await until(() => saved.length === 1, 3000)
    expect(authorized).toEqual(['scope.writePhotosAlbum'])
    expect(saved).toEqual([TEMP_FILE])
    await until(() => textOf(page).includes('已保存到相册'), 3000)
  })

  it('explains a refused permission and opens the settings, then saves', async () => {
    albumRefuses = true
    await tap('.share-poster__save')
    await until(() => Boolean(page.querySelector('.share-poster__denied.at-modal--active')), 3000)
    expect(textOf(page)).toContain('保存海报需要访问您的相册')
    expect(saved).toHaveLength(1)
    await tap('.share-poster__denied .app-dialog__confirm')
    await until(() => saved.length === 2, 3000)
    expect(settingsOpened).toHaveLength(1)
  })

  it('draws again with the background the partner picks', async () => {
    const before = calls.length
    const thumbs = page.querySelectorAll('.share-poster__background')
    thumbs[1].dispatchEvent('tap')
    await until(() => exported.length === 2, 5000)
    // The new background, and the same code again (asked of the back-office once).
    expect(images.map((i) => i.src).slice(2)).toEqual([POSTER.backgrounds[1]?.url, `${API_HOST}${MINI_CODE.url}`])
    expect(calls.slice(before).filter((c) => c.name === 'drawImage')[0]?.args[0]).toBe(images[2])
    expect(server.requests.filter((r) => r.path === '/api/ems/partner/partner/miniProgramCode')).toHaveLength(1)
  })
})
