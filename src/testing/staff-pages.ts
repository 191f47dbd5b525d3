import Taro from '@tarojs/taro'
import { initDesignPx } from '../components/testing'
import { setApiHost } from '../request'
import { startTestServer, type TestServer } from '../request/testing/server'
import { dispatchStaff } from '../staff/events'
import type { StaffMe } from '../staff/reducer'
import { settleLaunch } from '../session/launch-state'
import { useStore } from '../store'
import { initialUi } from '../store/ui'

/**
 * The 教职工 pages' DOM tests: a real HTTP server as the back-office, an operator signed in (the
 * staff session), the page's address for its query (openAt in student-pages.ts). Navigation is
 * recorded, not followed.
 */
export function operatorOf(over: Partial<StaffMe> = {}): StaffMe {
  return {
    id: 11,
    account: 'headteacher',
    name: '王老师',
    role: '班主任',
    positionId: 3,
    rights: ['approvals.decide'],
    enabled: true,
    phone: null,
    totpEnabled: false,
    departmentId: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    ...over,
  }
}

export const HEAD_TEACHER = operatorOf()

export interface StaffPageHarness {
  server: TestServer
  navigations: string[]
}

/** Installs the hooks of a staff page test file; `h.server` and `h.navigations` are ready in each test. */
export function staffPageHarness(operator: StaffMe | null = HEAD_TEACHER): StaffPageHarness {
  const h = { navigations: [] as string[] } as StaffPageHarness
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
    useStore.setState({ ...initialUi, staff: null, staffKnown: false })
    settleLaunch(Promise.resolve())
    if (operator) dispatchStaff({ type: 'staffSignedIn', staff: operator, via: 'session' })
  })
  afterEach(() => jest.restoreAllMocks())
  return h
}
