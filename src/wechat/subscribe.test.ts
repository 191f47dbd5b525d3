// The WeChat mini-program host must exist before anything loads Taro.
import { weappHost } from '../request/testing/weapp-host'
import Taro from '@tarojs/taro'
import { SubscribeTemplate } from '@activity/wire'
import { setApiHost } from '../request'
import { COOKIE_STORAGE_KEY } from '../request/cookie-jar'
import { envelope, startTestServer, type TestServer } from '../request/testing/server'
import { dispatchSession } from '../session/events'
import { dispatchStaff } from '../staff/events'
import { useStore } from '../store'
import { initialUi } from '../store/ui'
import { askSubscribe, prefetchSubscribeTemplates } from '../staff/subscribe'
import { operatorOf } from '../testing/operator'
import { resetSubscribeTemplates } from './subscribe.weapp'

jest.mock('../request/cookie', () => jest.requireActual('../request/cookie.weapp'))
jest.mock('../platform/build', () => jest.requireActual('../platform/build.weapp'))
// The weapp's subscribe module, which the staff pages' calls are brought to.
jest.mock('./subscribe', () => jest.requireActual('./subscribe.weapp'))

/**
 * 审批提醒 in the weapp: the staff audience asks WeChat for the approval template id the server
 * configured, and sends the accepted id back, both in the operator session (a refused session
 * ends the operator's, not the student's signed in on the same phone).
 */
const TEMPLATES = 'GET /api/zms/approval/subscribeTemplates'
const SUBSCRIBE = 'POST /api/zms/approval/subscribe'
const OPERATOR = operatorOf({ rights: [] })
const STUDENT = { id: 21, phone: '139****0000', nickname: '林小雨', avatar: null, school: '', major: '', discipline: '' }

let server: TestServer
/** What WeChat's subscribe dialog was asked, and how the operator answers it. */
let asked: string[][]
let answer: 'accept' | 'reject'

beforeAll(async () => {
  server = await startTestServer()
})
afterAll(() => server.close())
beforeEach(() => {
  server.reset()
  weappHost.reset()
  resetSubscribeTemplates()
  setApiHost(server.url)
  asked = []
  answer = 'accept'
  Object.assign(Taro, {
    requestSubscribeMessage: async ({ tmplIds }: { tmplIds: string[] }) => {
      asked.push(tmplIds)
      return { errMsg: 'requestSubscribeMessage:ok', ...Object.fromEntries(tmplIds.map((id) => [id, answer])) }
    },
  })
  useStore.setState({ ...initialUi, staff: null, staffKnown: false })
  weappHost.storage.set(COOKIE_STORAGE_KEY, JSON.stringify({ sid: 'stu-1', asid: 'op-1' }))
  dispatchSession({ type: 'signedIn', user: STUDENT, via: 'miniProgram' })
  dispatchStaff({ type: 'staffSignedIn', staff: OPERATOR, via: 'session' })
  server.on(TEMPLATES, { body: envelope({ templates: [{ template: 'approval', templateId: 'tpl-approval' }] }) })
  server.on(SUBSCRIBE, { body: envelope({ subscriptions: [{ template: 'approval', remaining: 1 }] }) })
})

/** Fetches the staff templates and waits until they arrived. */
async function prefetched() {
  prefetchSubscribeTemplates('staff')
  for (let i = 0; i < 100 && !server.last(TEMPLATES); i++) await new Promise((r) => setTimeout(r, 10))
  await new Promise((r) => setTimeout(r, 20))
}

describe('subscribe messages of the staff (审批提醒)', () => {
  it("asks WeChat for the server's approval template id and sends the accepted id in the operator session", async () => {
    await prefetched()
    await askSubscribe([SubscribeTemplate.approval], 'staff')
    expect(asked).toEqual([['tpl-approval']])
    expect(server.last(SUBSCRIBE)?.form).toEqual({ templateIds: 'tpl-approval' })
    expect(server.last(SUBSCRIBE)?.headers.cookie).toContain('asid=op-1')
    // The partner's and the student's template calls were not asked.
    expect(server.requests.map((r) => `${r.method} ${r.path}`)).toEqual([TEMPLATES, SUBSCRIBE])
  })

  it('sends nothing when the operator declines, and asks nothing before the ids arrived', async () => {
    await askSubscribe([SubscribeTemplate.approval], 'staff')
    expect(asked).toEqual([])
    await prefetched()
    answer = 'reject'
    await askSubscribe([SubscribeTemplate.approval], 'staff')
    expect(asked).toEqual([['tpl-approval']])
    expect(server.last(SUBSCRIBE)).toBeUndefined()
  })

  it("an expired operator session ends the operator's session only: the student stays signed in", async () => {
    await prefetched()
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => {})
    server.on(SUBSCRIBE, { status: 401, body: envelope(null, 100000004, '请先登录') })
    await expect(askSubscribe([SubscribeTemplate.approval], 'staff')).resolves.toBeUndefined()
    expect(useStore.getState()).toMatchObject({ staff: null, user: STUDENT })
    warn.mockRestore()
  })
})
