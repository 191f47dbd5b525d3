import { envelope, startTestServer, type TestServer } from '../../src/request/testing/server'
import { hasWeappBuild, installMiniGlobals, loadApp, networkedHost, renderPage, storeSignedIn, textOf, until } from './harness'

/**
 * 确认收款 on the withdrawal page (pages/partner/withdrawal) in the compiled WeChat mini-program:
 * finance paid a withdrawal by WeChat transfer, so the record is 待确认收款 with the bill's
 * confirm parameters; tapping 确认收款 hands wx.requestMerchantTransfer exactly the server's
 * mchId, appId and package, and the record is not shown paid until the server says so (WeChat's
 * notification). A local server stands in for the back-office; wx.requestMerchantTransfer is the
 * fake far side (the partner confirms on WeChat's page).
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- the simulator's components and globals are untyped */
let server: TestServer
let page: any
const transfers: Array<Record<string, unknown>> = []

const USER = { id: 402, phone: '138****0002', nickname: '林小雨', avatar: null, school: '', major: '', discipline: '' }
/** As GET /api/ems/partner/withdrawalRecord/list answers a 待确认收款 record (the server's confirm block, verbatim). */
const CONFIRM = { mchId: '1900000109', appId: 'wx-mini-program', package: 'ABBQO+oYAAABAAAAAAAkAZsFx0sAAAAOO4ikN7w4jbi84JmzN2e==' }
const record = (status: string, extra: Record<string, unknown> = {}) => ({
  id: 31,
  amount: 52_000,
  status,
  payoutType: '微信',
  payoutAccount: 'lin****yu',
  payoutName: '林小雨',
  transactionNo: null,
  refuseReason: null,
  transferFailReason: null,
  confirm: null,
  createdAt: '2026-11-24T02:00:00.000Z',
  handledAt: null,
  ...extra,
})
const listAnswers = [
  [record('待确认收款', { confirm: CONFIRM })],
  [record('已打款', { transactionNo: '1330000071100999991182020050700019480001', handledAt: '2026-11-24T03:00:00.000Z' })],
]
let listCalls = 0

beforeAll(async () => {
  if (!hasWeappBuild()) throw new Error('no weapp build: run `npx taro build --type weapp --mode test` (WEAPP_DIR for another output)')
  server = await startTestServer('127.0.0.1')
  server.on('GET /api/ums/user/user/timestamp', { body: envelope(1_795_900_000_000) })
  server.on('GET /api/ums/user/user/checkOpenId', { body: envelope('是') })
  server.on('GET /api/ems/partner/partner/home', {
    body: envelope({
      balance: 0,
      frozen: 0,
      withdrawable: 0,
      tier: null,
      dealsThisCycle: 0,
      nextTier: null,
      dealsToNext: null,
      newClues: 0,
      status: '正常',
      missing: { personal: false, signUp: false, payoutAccount: false },
    }),
  })
  server.on('GET /api/ems/partner/client/signInfo', {
    body: envelope({
      id: 402,
      code: 'P402',
      phone: '138****0002',
      status: '正常',
      rejectReason: null,
      nickname: '林小雨',
      avatar: null,
      personal: { realName: '林小雨', payoutType: '微信', payoutAccount: 'lin****yu', payoutName: '林小雨' },
      signUp: null,
      missing: { personal: false, signUp: false, payoutAccount: false },
      shareLink: '',
    }),
  })
  server.on('GET /api/ems/partner/withdrawalRecord/list', () => {
    const list = listAnswers[Math.min(listCalls++, listAnswers.length - 1)]!
    return { body: envelope({ list, total: list.length, page: 1, size: 20 }) }
  })
  const networked = networkedHost(server.url)
  storeSignedIn(networked.host.storage, { jar: { sid: 'weapp-partner' }, user: USER, mini: true })
  installMiniGlobals({
    ...networked.overrides,
    // WeChat's confirm-receipt page: the partner confirms; WeChat reports success to the page.
    requestMerchantTransfer(options: Record<string, unknown> & { success?: (r: unknown) => void }) {
      const { success, fail: _fail, complete: _complete, ...args } = options
      transfers.push(args)
      setTimeout(() => success?.({ errMsg: 'requestMerchantTransfer:ok' }), 0)
    },
  })
  loadApp()
  page = await renderPage('pages/partner/withdrawal')
  await until(() => textOf(page).includes('待确认收款'), 5000)
})
afterAll(() => server.close())

describe('confirming a WeChat transfer in the mini-program', () => {
  it('shows the record 待确认收款 with 确认收款', () => {
    const text = textOf(page)
    expect(text).toContain('¥520.00')
    expect(text).toContain('财务已通过微信转账打款，请确认收款')
    expect(page.querySelector('.withdrawal-item__confirm-button')).toBeTruthy()
  })

  it("hands requestMerchantTransfer exactly the server's mchId, appId and package", async () => {
    page.querySelector('.withdrawal-item__confirm-button').dispatchEvent('tap')
    await until(() => transfers.length === 1, 5000)
    expect(transfers[0]).toEqual(CONFIRM)
  })

  it("reads the record again and shows it paid only when the server says so, with WeChat's bill number", async () => {
    await until(() => textOf(page).includes('已打款'), 5000)
    expect(listCalls).toBeGreaterThanOrEqual(2)
    expect(textOf(page)).toContain('1330000071100999991182020050700019480001')
    expect(page.querySelector('.withdrawal-item__confirm-button')).toBeFalsy()
  })
})
