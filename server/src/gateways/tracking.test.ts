import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { loadConfig } from '../config.ts'
import { createTrackingGateway, kuaidi100PushForm, parseKuaidi100Push, PushRejectedError, signPush } from './tracking/index.ts'

const config = {
  provider: 'kuaidi100' as const,
  callbackUrl: 'https://school.example.com/api/ems/express/notify/kuaidi100',
  kuaidi100: { key: 'KEY123', salt: 'salt-of-ours', apiUrl: 'https://poll.example.com/poll' },
}

/** The kuaidi100 provider's side of tracking: its subscription call and its signed pushes (the far side is faked). */
describe('tracking gateway (kuaidi100)', () => {
  test('subscribes a waybill with our callback and salt; a repeated subscription (501) is fine; a refusal throws', async () => {
    const calls: Array<{ url: string; body: URLSearchParams }> = []
    let answer: Record<string, unknown> = { result: true, returnCode: '200', message: '提交成功' }
    const fetchImpl = (async (url: string, init: RequestInit) => {
      calls.push({ url, body: new URLSearchParams(String(init.body)) })
      return new Response(JSON.stringify(answer), { headers: { 'content-type': 'application/json' } })
    }) as unknown as typeof fetch
    const gateway = createTrackingGateway({ config, secret: 's', deliver: async () => ({ statusCode: 200, body: '' }), fetchImpl })
    await gateway.subscribe({ carrier: 'shunfeng', number: 'SF1000000001' })
    assert.equal(calls[0]!.url, 'https://poll.example.com/poll')
    assert.equal(calls[0]!.body.get('schema'), 'json')
    assert.deepEqual(JSON.parse(calls[0]!.body.get('param')!), {
      company: 'shunfeng',
      number: 'SF1000000001',
      key: 'KEY123',
      parameters: { callbackurl: config.callbackUrl, salt: 'salt-of-ours', resultv2: '1' },
    })
    answer = { result: false, returnCode: '501', message: '重复订阅' }
    await gateway.subscribe({ carrier: 'shunfeng', number: 'SF1000000001' })
    answer = { result: false, returnCode: '700', message: '不支持的快递公司' }
    await assert.rejects(gateway.subscribe({ carrier: 'x', number: 'SF1000000001' }), /kuaidi100 subscribe refused: 700/)
  })

  test('reads a push signed MD5(param + salt); refuses another salt, a missing sign, a malformed body', () => {
    const time = new Date('2026-12-05T02:20:30Z')
    const form = kuaidi100PushForm(
      {
        carrier: 'shunfeng',
        number: 'SF1000000001',
        state: '5',
        tracks: [{ time, context: '派件中', status: '派件', areaName: '杭州市' }],
      },
      'salt-of-ours',
    )
    assert.equal(form.sign, signPush(form.param, 'salt-of-ours'))
    assert.match(form.param, /"time":"2026-12-05 10:20:30"/, 'Beijing time on the wire')
    const push = parseKuaidi100Push(form, 'salt-of-ours')
    assert.deepEqual(push, {
      carrier: 'shunfeng',
      number: 'SF1000000001',
      status: 'polling',
      state: '5',
      message: '',
      tracks: [{ time, context: '派件中', status: '派件', areaName: '杭州市' }],
    })
    assert.deepEqual(parseKuaidi100Push({ ...form, sign: form.sign.toLowerCase() }, 'salt-of-ours').state, '5')
    assert.throws(() => parseKuaidi100Push(form, 'another-salt'), PushRejectedError)
    assert.throws(() => parseKuaidi100Push({ param: form.param }, 'salt-of-ours'), PushRejectedError)
    const broken = '{"lastResult":{"com":"shunfeng"}}'
    assert.throws(() => parseKuaidi100Push({ param: broken, sign: signPush(broken, 'salt-of-ours') }, 'salt-of-ours'), /nu are required/)
  })

  test('configuration: the sandbox outside production; kuaidi100 in production when its key is set, else none; sandbox refused there', () => {
    const base = { NODE_ENV: 'test', APP_SECRET: 'x'.repeat(32), SMS_PROVIDER: 'local' }
    assert.equal(loadConfig(base).tracking.provider, 'sandbox')
    assert.equal(loadConfig({ ...base, NODE_ENV: 'production' }).tracking.provider, 'none')
    assert.throws(
      () => loadConfig({ ...base, NODE_ENV: 'production', TRACKING_PROVIDER: 'sandbox' }),
      /TRACKING_PROVIDER=sandbox is not allowed/,
    )
    assert.throws(
      () => loadConfig({ ...base, TRACKING_PROVIDER: 'kuaidi100', KUAIDI100_KEY: 'k' }),
      /needs KUAIDI100_KEY and KUAIDI100_SALT/,
    )
    const real = loadConfig({
      ...base,
      NODE_ENV: 'production',
      KUAIDI100_KEY: 'k',
      KUAIDI100_SALT: 's',
      PUBLIC_ORIGIN: 'https://school.example.com',
    }).tracking
    assert.deepEqual(real, {
      provider: 'kuaidi100',
      callbackUrl: 'https://school.example.com/api/ems/express/notify/kuaidi100',
      kuaidi100: { key: 'k', salt: 's', apiUrl: 'https://poll.kuaidi100.com/poll' },
    })
  })
})
