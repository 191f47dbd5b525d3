import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { fakeWechatApi } from '../../test/pay-fixtures.ts'
import { createWechatSubscribeMessageGateway, SubscribeMessageError } from './subscribe-message.ts'
import { createWechatAccessToken } from './wechat-token.ts'

/** WeChat's API played by a local HTTP server: stable tokens, and subscribe messages that need a live one. */
async function fakeWechat() {
  /** open ids that accepted nothing (WeChat answers 43101). */
  const refusing = new Set<string>()
  const api = await fakeWechatApi(({ path, body, tokenLive, json, res }) => {
    if (path !== '/cgi-bin/message/subscribe/send') res.writeHead(404).end()
    else if (!tokenLive) json({ errcode: 42001, errmsg: 'access_token expired' })
    else if (refusing.has(String(body.touser))) json({ errcode: 43101, errmsg: 'user refuse to accept the msg' })
    else json({ errcode: 0, errmsg: 'ok', msgid: 1 })
  })
  return { ...api, refusing }
}

describe('WeChat subscribe messages', () => {
  let wx: Awaited<ReturnType<typeof fakeWechat>>
  before(async () => {
    wx = await fakeWechat()
  })
  after(async () => wx.close())

  const message = {
    openId: 'o-partner-1',
    templateId: 'TPL-clue',
    page: 'pages/partner/message',
    data: { thing1: { value: '线索成交' }, thing2: { value: '您推荐的「张三」已成交' }, time3: { value: '2026-11-25 10:00' } },
  }

  test('a message is sent with the cached stable token, to the open id, with the template, page, data and version', async () => {
    const token = createWechatAccessToken({ appId: 'wx-mini', secret: 'mini-secret', apiUrl: wx.apiUrl })
    const gateway = createWechatSubscribeMessageGateway({ apiUrl: wx.apiUrl, token, state: 'trial' })
    wx.seen.length = 0
    await gateway.send(message)
    await gateway.send({ ...message, openId: 'o-partner-2' })
    assert.deepEqual(
      wx.seen.map((s) => s.path),
      ['/cgi-bin/stable_token', '/cgi-bin/message/subscribe/send', '/cgi-bin/message/subscribe/send'],
      'one token for both sends',
    )
    const sent = wx.seen[1]!
    assert.equal(sent.query.get('access_token'), 'TOKEN-1')
    assert.deepEqual(sent.body, {
      touser: 'o-partner-1',
      template_id: 'TPL-clue',
      page: 'pages/partner/message',
      data: message.data,
      miniprogram_state: 'trial',
      lang: 'zh_CN',
    })
    assert.equal(wx.seen[0]!.body.force_refresh, false)
  })

  test('a token WeChat says expired is refreshed once (force_refresh) and the message sent again', async () => {
    const token = createWechatAccessToken({ appId: 'wx-mini', secret: 'mini-secret', apiUrl: wx.apiUrl })
    const gateway = createWechatSubscribeMessageGateway({ apiUrl: wx.apiUrl, token })
    await gateway.send(message)
    wx.expireAll()
    wx.seen.length = 0
    await gateway.send(message)
    assert.deepEqual(
      wx.seen.map((s) => `${s.path} ${s.path === '/cgi-bin/stable_token' ? String(s.body.force_refresh) : ''}`),
      ['/cgi-bin/message/subscribe/send ', '/cgi-bin/stable_token true', '/cgi-bin/message/subscribe/send '],
    )
    assert.equal(wx.seen[2]!.body.miniprogram_state, 'formal')
  })

  test('a refusal, a wrong secret or an unreachable WeChat is an error naming the cause (the caller logs it)', async () => {
    const token = createWechatAccessToken({ appId: 'wx-mini', secret: 'mini-secret', apiUrl: wx.apiUrl })
    wx.refusing.add('o-refusing')
    await assert.rejects(
      createWechatSubscribeMessageGateway({ apiUrl: wx.apiUrl, token }).send({ ...message, openId: 'o-refusing' }),
      (error: unknown) => error instanceof SubscribeMessageError && error.errcode === 43101,
    )
    const wrong = createWechatAccessToken({ appId: 'wx-mini', secret: 'wrong', apiUrl: wx.apiUrl })
    await assert.rejects(createWechatSubscribeMessageGateway({ apiUrl: wx.apiUrl, token: wrong }).send(message), /40125/)
    const downToken = createWechatAccessToken({ appId: 'wx-mini', secret: 'mini-secret', apiUrl: 'http://127.0.0.1:9', timeoutMs: 2000 })
    await assert.rejects(
      createWechatSubscribeMessageGateway({ apiUrl: 'http://127.0.0.1:9', token: downToken }).send(message),
      /unreachable/,
    )
  })
})
