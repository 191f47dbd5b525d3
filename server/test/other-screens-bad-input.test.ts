import assert from 'node:assert/strict'
import { test } from 'node:test'
import { adminClient, partnerClient } from './fixtures.ts'
import { buildTestApp, POSTGRES_RUN_ONLY } from './helper.ts'

/**
 * Every field of the other screens' routes (activities, contents, orders, app versions, volunteer
 * query, public config) with hostile values: each answer is an envelope, a refusal is a 4xx with a
 * Chinese message, never a 500.
 */
test('no value of any field makes the routes of the other screens answer 500', { skip: POSTGRES_RUN_ONLY }, async () => {
  const t = await buildTestApp()
  const { client: admin } = await adminClient(t.app)
  const { client: partner } = await partnerClient(t.app)
  const nasty: unknown[] = [
    '',
    ' ',
    'null',
    '[]',
    '{}',
    '-1',
    '0',
    '1e309',
    '9'.repeat(30),
    'x'.repeat(5000),
    '\u0000',
    '%',
    "'; drop table x;--",
    '2147483648',
    '[{"name":1}]',
    '[1,2]',
    'NaN',
    '2026-13-40',
    '<script>',
  ]
  const routes: Array<[string, string, string[], 'q' | 'b', typeof admin]> = [
    ['GET', '/api/bms/activity/activity/list', ['keyword', 'type', 'status', 'state', 'page', 'size'], 'q', admin],
    ['POST', '/api/bms/activity/activity', ['title', 'cover', 'summary', 'body', 'type', 'startAt', 'endAt'], 'b', admin],
    ['PUT', '/api/bms/activity/activity', ['id', 'title', 'body', 'type', 'startAt', 'endAt'], 'b', admin],
    ['PUT', '/api/bms/activity/activity/publish', ['id'], 'b', admin],
    ['DELETE', '/api/bms/activity/activity', ['id'], 'q', admin],
    ['GET', '/api/cms/activity/activity/listForClient', ['type', 'state', 'page', 'size'], 'q', admin],
    ['GET', '/api/cms/activity/activity/detailsForClient', ['id'], 'q', admin],
    ['GET', '/api/cms/web/siteContent/detailsForClient', ['id', 'key'], 'q', admin],
    ['POST', '/api/cms/web/siteContent', ['key', 'title', 'body', 'images'], 'b', admin],
    ['GET', '/api/cms/web/siteContent/list', ['keyword', 'page', 'size'], 'q', admin],
    ['POST', '/api/fms/finance/order', ['partnerId', 'title', 'items', 'remark'], 'b', admin],
    ['GET', '/api/fms/finance/order/listTuitionOrder', ['payStatus', 'partnerId', 'orderNo', 'page'], 'q', admin],
    ['POST', '/api/fms/finance/order/payFee', ['id', 'channel'], 'b', partner],
    ['GET', '/api/fms/finance/order/payStatus', ['id'], 'q', partner],
    [
      'POST',
      '/api/bms/develop/appVersion',
      ['platform', 'version', 'buildNumber', 'downloadUrl', 'releaseNotes', 'forceUpdate', 'releasedAt'],
      'b',
      admin,
    ],
    ['GET', '/api/bms/develop/appVersion/latest', ['platform'], 'q', admin],
    ['GET', '/api/ems/adultexam/studentExamInfo/list', ['year', 'batch', 'keyword', 'page'], 'q', admin],
    ['GET', '/api/ems/adultexam/volunteer/query', ['name', 'examNo'], 'q', admin],
    ['GET', '/api/bms/develop/config/getByKey', ['key'], 'q', admin],
    ['POST', '/api/dev/payments/complete', ['orderNo', 'result'], 'q', admin],
  ]
  const valid: Record<string, string> = {
    title: 't',
    body: '<p>x</p>',
    type: '招生活动',
    startAt: '2026-01-01',
    endAt: '2027-01-01',
    id: '1',
    partnerId: '1',
    items: '[{"name":"a","quantity":1,"unitPrice":1}]',
    channel: 'wechat-mini',
    platform: 'android',
    version: '1.0.0',
    buildNumber: '1',
    downloadUrl: 'https://a.example/x',
    releaseNotes: 'x',
    name: '张三',
    examNo: '2026330100001',
    key: 'webAllowedHosts',
    orderNo: '1',
  }
  const bad: string[] = []
  let n = 0
  for (const [method, url, fields, where, client] of routes) {
    for (const field of fields) {
      for (const value of nasty) {
        const data: Record<string, unknown> = {}
        for (const f of fields) if (valid[f] !== undefined) data[f] = valid[f]
        data[field] = value
        n++
        const res =
          where === 'q'
            ? await client.inject({ method: method as 'GET', url: `${url}?${new URLSearchParams(data as Record<string, string>)}` })
            : await client.inject({
                method: method as 'POST',
                url,
                headers: { 'content-type': 'application/x-www-form-urlencoded' },
                payload: new URLSearchParams(data as Record<string, string>).toString(),
              })
        const json = res.json()
        if (res.statusCode >= 500 || typeof json.message !== 'string' || (res.statusCode >= 400 && !/[\u4e00-\u9fff]/.test(json.message))) {
          bad.push(`${res.statusCode} ${method} ${url} ${field}=${JSON.stringify(value).slice(0, 40)} -> ${res.body.slice(0, 160)}`)
        }
      }
    }
  }
  await t.close()
  assert.ok(n > 1000)
  assert.deepEqual(bad, [])
})
