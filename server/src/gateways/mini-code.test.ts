import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import QRCode from 'qrcode'
import { fakeWechatApi } from '../../test/pay-fixtures.ts'
import { createLocalMiniCodeGateway, createWechatMiniCodeGateway, localCodeText, MiniCodeError } from './mini-code.ts'

/** WeChat's API played by a local HTTP server: stable tokens, and codes that need a live token. */
function fakeWechat() {
  return fakeWechatApi(({ path, body, tokenLive, json, res }) => {
    if (path !== '/wxa/getwxacodeunlimit') res.writeHead(404).end()
    else if (!tokenLive) json({ errcode: 42001, errmsg: 'access_token expired' })
    else if (String(body.scene).length > 32) json({ errcode: 40169, errmsg: 'invalid length for scene' })
    else
      void QRCode.toBuffer(`wx:${String(body.page)}?${String(body.scene)}`, { type: 'png' }).then((png) =>
        res.writeHead(200, { 'content-type': 'image/png' }).end(png),
      )
  })
}

describe('WeChat mini-program codes', () => {
  let wx: Awaited<ReturnType<typeof fakeWechat>>
  before(async () => {
    wx = await fakeWechat()
  })
  after(async () => wx.close())

  test('an unlimited code is asked with the cached stable token, the scene, the page and the version', async () => {
    const gateway = createWechatMiniCodeGateway({ appId: 'wx-mini', secret: 'mini-secret', apiUrl: wx.apiUrl, envVersion: 'trial' })
    const first = await gateway.unlimited({ scene: 'r=DEMO01&a=3', page: 'pages/jump/index' })
    assert.equal(first.contentType, 'image/png')
    assert.equal(first.bytes.subarray(1, 4).toString('ascii'), 'PNG')
    await gateway.unlimited({ scene: 'r=DEMO01', page: 'pages/jump/index' })
    const tokens = wx.seen.filter((s) => s.path === '/cgi-bin/stable_token')
    assert.equal(tokens.length, 1)
    assert.deepEqual(tokens[0]!.body, { grant_type: 'client_credential', appid: 'wx-mini', secret: 'mini-secret', force_refresh: false })
    const codes = wx.seen.filter((s) => s.path === '/wxa/getwxacodeunlimit')
    assert.deepEqual(codes[0]!.body, {
      scene: 'r=DEMO01&a=3',
      page: 'pages/jump/index',
      check_path: false,
      env_version: 'trial',
      width: 430,
    })
    assert.equal(codes[0]!.query.get('access_token'), 'TOKEN-1')
    assert.equal(gateway.cacheKey, 'wx-mini:trial')
  })

  test('a token WeChat says expired is refreshed once and the code asked again', async () => {
    const gateway = createWechatMiniCodeGateway({ appId: 'wx-mini', secret: 'mini-secret', apiUrl: wx.apiUrl })
    await gateway.unlimited({ scene: 'r=A', page: 'pages/jump/index' })
    wx.expireAll()
    const before = wx.seen.length
    const image = await gateway.unlimited({ scene: 'r=B', page: 'pages/jump/index' })
    assert.equal(image.contentType, 'image/png')
    const after = wx.seen.slice(before).map((s) => `${s.path} ${String(s.body.force_refresh ?? '')}`)
    assert.deepEqual(after, ['/wxa/getwxacodeunlimit ', '/cgi-bin/stable_token true', '/wxa/getwxacodeunlimit '])
    assert.equal(wx.seen.at(-1)!.body.check_path, true)
  })

  test("WeChat's refusals become MiniCodeError", async () => {
    const gateway = createWechatMiniCodeGateway({ appId: 'wx-mini', secret: 'mini-secret', apiUrl: wx.apiUrl })
    await assert.rejects(gateway.unlimited({ scene: 'x'.repeat(33), page: 'pages/jump/index' }), /40169/)
    const wrong = createWechatMiniCodeGateway({ appId: 'wx-mini', secret: 'wrong', apiUrl: wx.apiUrl })
    await assert.rejects(wrong.unlimited({ scene: 'r=A', page: 'pages/jump/index' }), MiniCodeError)
    const down = createWechatMiniCodeGateway({ appId: 'wx-mini', secret: 'mini-secret', apiUrl: 'http://127.0.0.1:9', timeoutMs: 2000 })
    await assert.rejects(down.unlimited({ scene: 'r=A', page: 'pages/jump/index' }), MiniCodeError)
  })

  test('the local gateway draws a green QR code of the page and scene the mini-program would open', async () => {
    const image = await createLocalMiniCodeGateway().unlimited({ scene: 'r=DEMO01&a=3', page: 'pages/jump/index' })
    assert.equal(localCodeText({ scene: 'r=DEMO01&a=3', page: 'pages/jump/index' }), 'pages/jump/index?scene=r%3DDEMO01%26a%3D3')
    const expected = await QRCode.toBuffer('pages/jump/index?scene=r%3DDEMO01%26a%3D3', {
      type: 'png',
      errorCorrectionLevel: 'M',
      margin: 2,
      width: 430,
      color: { dark: '#07c160ff', light: '#ffffffff' },
    })
    assert.ok(image.bytes.equals(expected))
    // IHDR: 430 pixels wide, WeChat's size for a poster code.
    assert.equal(image.bytes.readUInt32BE(16), 430)
  })
})
