/**
 * The player (pages/study/section) in the compiled weapp against the real back-office (its own
 * process, a fresh embedded database with the demo data, its generated test videos): the demo
 * student studied part of a section of the course the school granted them on another device (the
 * heartbeat H5 sends); opened in the weapp, the section resumes at the position the server gives
 * (the video's initial-time, and a seek once it has loaded), and the player's reports carry that
 * section and the player's positions, which the server then gives back to any device.
 * Build first: `npm run build:weapp -- --mode test` (or set WEAPP_DIR).
 */
import fs from 'node:fs'
import path from 'node:path'
import { type BackOffice, sessionCall, studentOnBackOffice } from './back-office'
import { WEAPP_DIR, installMiniGlobals, loadApp, networkedHost, renderPage, textOf, until, withQuery } from './harness'

/* eslint-disable @typescript-eslint/no-explicit-any -- the simulator's components and data are untyped */
const OPEN_ID_CODE = 'fake:weapp-study-open-id'
const GRANTED_COURSE = '高等数学（一）'

let office: BackOffice | undefined
let backend = ''
let cookie = ''
let page: any
const seeks: number[] = []
/** The progress reports the weapp sent, as their form bodies. */
const reports: string[] = []
/** How many of them the server has answered (and so kept). */
let answered = 0
let section: { id: number; title: string; url: string; position: number }

const call = <T>(method: string, pathAndQuery: string, form?: Record<string, string>) =>
  sessionCall<T>(backend, cookie, method, pathAndQuery, form)

/** The Taro data key the weapp's video template reads an attribute from (base.wxml: src="{{i.pN}}", initial-time="{{xs.b(i.pN,0)}}"). */
function videoKey(attribute: string): string {
  const base = fs.readFileSync(path.join(WEAPP_DIR, 'base.wxml'), 'utf8')
  const key = new RegExp(`<video [^>]*\\b${attribute}="\\{\\{(?:xs\\.b\\()?i\\.(p\\d+)`).exec(base)?.[1]
  if (!key) throw new Error(`no ${attribute} in the video template of base.wxml`)
  return key
}

/** The page's rendered tree node with this uid (Taro's setData tree). */
function nodeWithUid(node: any, uid: string): any {
  if (!node || typeof node !== 'object') return undefined
  if (node.uid === uid) return node
  for (const child of [...(node.cn ?? []), ...Object.values(node.root ?? {})].flat()) {
    const found = nodeWithUid(child, uid)
    if (found) return found
  }
  return undefined
}

beforeAll(async () => {
  ;({ office, backend, cookie } = await studentOnBackOffice(OPEN_ID_CODE))

  // Another device (H5) played the course's first video section up to 3.5 s.
  const mine = await call<{ list: Array<{ courseId: number; title: string }> }>(
    'GET',
    '/api/sms/study/join/listStudentOnlineCourseForClient',
  )
  const course = mine.list.find((c) => c.title === GRANTED_COURSE)
  if (!course) throw new Error(`${GRANTED_COURSE} is not among the demo student's courses`)
  const detail = await call<{ chapters: Array<{ sections: Array<{ id: number; kind: string; locked: boolean }> }> }>(
    'GET',
    `/api/bms/cont/continueCourse/detailsForClient?id=${course.courseId}`,
  )
  const first = detail.chapters.flatMap((c) => c.sections).find((s) => s.kind === '视频' && !s.locked)
  if (!first) throw new Error(`${GRANTED_COURSE} has no video section`)
  await call('PUT', '/api/sms/study/studentKnowledge/progress', { sectionId: String(first.id), position: '0' })
  await call('PUT', '/api/sms/study/studentKnowledge/progress', { sectionId: String(first.id), position: '3.5' })
  section = await call('GET', `/api/sms/study/studentKnowledge/sectionForClient?id=${first.id}`)

  // A fresh weapp device: wx.login hands out the bound open id's code; the video context records seeks.
  const networked = networkedHost(backend)
  networked.host.loginCodes.push(OPEN_ID_CODE)
  const request = networked.overrides.request as (options: never) => unknown
  installMiniGlobals({
    ...networked.overrides,
    request(options: { url: string; method?: string; data?: unknown; success?: (res: unknown) => void }) {
      if (options.method !== 'PUT' || !options.url.endsWith('/api/sms/study/studentKnowledge/progress')) return request(options as never)
      reports.push(String(options.data))
      return request({
        ...options,
        success: (res: unknown) => {
          answered += 1
          options.success?.(res)
        },
      } as never)
    },
    createVideoContext: () => ({ seek: (to: number) => void seeks.push(to), play() {}, pause() {} }),
  })
  jest.spyOn(console, 'warn').mockImplementation(() => {})
  withQuery({ id: String(section.id) })
  loadApp()
  await until(() => {
    const saved = networked.host.storage.get('activity_mobile_userInfo')
    return typeof saved === 'string' && Boolean(JSON.parse(saved).state?.person)
  }, 30_000)
  page = await renderPage('pages/study/section')
  await until(() => textOf(page).includes(section.title), 15_000)
}, 240_000)

afterAll(async () => {
  jest.restoreAllMocks()
  await office?.stop()
})

describe('the weapp player with the server’s parameters', () => {
  it('was given the position studied elsewhere by the server', () => {
    expect(section.position).toBe(3.5)
  })

  it('plays the signed video the server gave, from that position (initial-time), and seeks there once loaded', async () => {
    const video = nodeWithUid(page.instance.data, 'study-video')
    expect(video).toBeTruthy()
    expect(video[videoKey('initial-time')]).toBe(3.5)
    // The build's API host, then the server's signed path and query.
    const src = new URL(video[videoKey('src')])
    const signed = new URL(section.url, backend)
    expect(`${src.pathname}${src.search}`).toBe(`${signed.pathname}${signed.search}`)
    page.querySelector('.section-video').dispatchEvent('loadedmetadata', { detail: { duration: 20 } })
    await until(() => seeks.length > 0, 5000)
    expect(seeks).toEqual([3.5])
  })

  it('reports this section and the player’s position when it plays and when it pauses; the server keeps it for every device', async () => {
    const video = page.querySelector('.section-video')
    video.dispatchEvent('play', { detail: {} })
    await until(() => answered === 1, 10_000, 'the server’s answer to the report at play')
    expect(reports[0]).toBe(`sectionId=${section.id}&position=3.5`)
    video.dispatchEvent('timeupdate', { detail: { currentTime: 3.75, duration: 20 } })
    video.dispatchEvent('timeupdate', { detail: { currentTime: 4, duration: 20 } })
    video.dispatchEvent('pause', { detail: {} })
    // Answered, the report is kept: asked again, the server gives it back.
    await until(() => answered === 2, 10_000, 'the server’s answer to the report at pause')
    expect(reports[1]).toBe(`sectionId=${section.id}&position=4`)
    const again = await call<{ position: number }>('GET', `/api/sms/study/studentKnowledge/sectionForClient?id=${section.id}`)
    expect(again.position).toBe(4)
  })
})
