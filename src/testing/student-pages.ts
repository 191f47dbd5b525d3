import Taro from '@tarojs/taro'
import { Current } from '@tarojs/runtime'
import { initDesignPx, until } from '../components/testing'
import { setApiHost } from '../request'
import { envelope, startTestServer, type TestServer } from '../request/testing/server'
import { dispatchSession } from '../session/events'
import { settleLaunch } from '../session/launch-state'
import { useStore } from '../store'
import { initialUi } from '../store/ui'

/**
 * The student pages' DOM tests: a real HTTP server as the back-office (the far side), a signed-in
 * person, the page's address for its query. Navigation is recorded, not followed.
 */
export const STUDENT_USER = {
  id: 21,
  phone: '139****0000',
  nickname: '林小雨',
  avatar: null,
  school: '浙江工商大学',
  major: '工商管理',
  discipline: '',
}

/** 403 code 100000003: the signed-in person holds no student profile. */
export const NOT_STUDENT_REPLY = { status: 403, body: envelope(null, 100000003, '该账号没有学员身份') }

export const settle = (ms = 40) => new Promise((r) => setTimeout(r, ms))

export interface StudentPageHarness {
  server: TestServer
  navigations: string[]
}

/** Installs the hooks of a student page test file; `h.server` and `h.navigations` are ready in each test. */
export function studentPageHarness(): StudentPageHarness {
  const h = { navigations: [] as string[] } as StudentPageHarness
  beforeAll(async () => {
    initDesignPx()
    h.server = await startTestServer()
    setApiHost(h.server.url)
  })
  afterAll(() => h.server.close())
  beforeEach(() => {
    h.server.reset()
    h.navigations.length = 0
    for (const method of ['navigateTo', 'redirectTo', 'reLaunch'] as const) {
      jest.spyOn(Taro, method).mockImplementation(((options: { url: string }) => {
        h.navigations.push(options.url)
        return Promise.resolve({ errMsg: `${method}:ok` })
      }) as never)
    }
    useStore.setState({ ...initialUi })
    settleLaunch(Promise.resolve())
    dispatchSession({ type: 'signedIn', user: STUDENT_USER, via: 'smsCode' })
  })
  afterEach(() => jest.restoreAllMocks())
  return h
}

/** The page's address as Taro's router holds it. */
export function openAt(path: string, params: Record<string, string> = {}): void {
  Current.router = { path, params } as unknown as typeof Current.router
}

/** Waits (up to 5 s) until something matches `selector`: the page's answer has been drawn. */
export async function drawn(selector: string): Promise<Element> {
  await until(
    () => document.querySelector(selector) !== null,
    () => `something matches ${selector}:\n${document.body.innerHTML.slice(0, 2000)}`,
  )
  return document.querySelector(selector) as Element
}
