import Taro from '@tarojs/taro'
import { Current } from '@tarojs/runtime'
import { initDesignPx, until } from '../components/testing'
import { setApiHost } from '../request'
import { startTestServer, type TestServer } from '../request/testing/server'
import { useStore } from '../store'
import { initialUi } from '../store/ui'

/**
 * Any page's DOM tests: a real HTTP server as the back-office (the far side), someone signed in,
 * the page's address for its query. Navigation is recorded, not followed. Who is signed in is
 * the caller's: studentPageHarness (student-pages.ts), staffPageHarness (staff-pages.ts).
 */
export interface PageHarness {
  server: TestServer
  navigations: string[]
}

export const settle = (ms = 40) => new Promise((r) => setTimeout(r, ms))

/**
 * Installs the hooks of a page test file; `h.server` and `h.navigations` are ready in each test.
 * `signIn` runs before each test, once the server and the store's interface state are reset.
 */
export function pageHarness(signIn: () => void): PageHarness {
  const h = { navigations: [] as string[] } as PageHarness
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
    signIn()
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
