import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import type { InjectOptions } from 'fastify'
import { COOKIE_NAMES } from '../../src/modules/platform/sessions/sessions.service.ts'
import type { RouteEntry } from '../../src/plugins/route-table.ts'
import { ALL_RIGHTS } from '@activity/domain'
import { ADMIN_ROLES, Code } from '../../src/wire.ts'
import { adminClient, insertPosition, partnerClient } from '../fixtures.ts'
import { buildTestApp, POSTGRES_RUN_ONLY, type TestApp } from '../helper.ts'
import { appRoutes, concreteUrl, watchWrites, envelopeProblems } from './support.ts'

/**
 * Every protected route, enumerated from the app, refuses the wrong caller before it reads its
 * input: no session, a partner on an operator route, an operator on a partner's, a student's or a
 * person's route (401 with code 100000004), an operator whose position lacks the route's right (a
 * position holding every other right) and a partner who is not a student on a student's route
 * (403); each refusal is a Chinese envelope and writes nothing.
 */

/** The operator routes any signed-in operator may call: their own session, password, step-up and sign-ins. */
const ANY_OPERATOR = new Set([
  'GET /api/bms/system/admin/signInfo',
  'PUT /api/bms/system/admin/updatePassword',
  'GET /api/bms/system/stepUp/methods',
  ...['password', 'sendSms', 'sms', 'totp', 'totp/setup', 'totp/enable', 'totp/disable'].map(
    (path) => `POST /api/bms/system/stepUp/${path}`,
  ),
  // 登录记录: one's own, or everyone's with signInRecords.view
  'GET /api/ums/user/loginRecord/list',
  'GET /api/ums/user/loginRecord/failedIps',
  'GET /api/ums/user/loginRecord/export',
  // 审批: an approver needs no right, being the step's approver is the check (its services refuse the rest);
  // a head teacher's leave calls check they head the student's class.
  ...['list', 'count', 'details'].map((path) => `GET /api/zms/approval/approval/${path}`),
  ...['audit', 'batchAudit', 'withdraw'].map((path) => `PUT /api/zms/approval/approval/${path}`),
  'POST /api/zms/approval/approval/cc',
  ...['uploadForTeacher', 'applyForHeaderTeacher'].map((path) => `POST /api/zms/approval/leave/${path}`),
  'PUT /api/zms/approval/leave/destroyForTeacher',
  'GET /api/zms/approval/approval/messages',
  'PUT /api/zms/approval/approval/messages/read',
  // 审批提醒: any operator accepts the approval template for themselves.
  'GET /api/zms/approval/subscribeTemplates',
  'POST /api/zms/approval/subscribe',
  // 教职工 in the app: any operator binds their own open id and reads their own workbench.
  'POST /api/bms/system/admin/bindOpenId',
  'POST /api/bms/system/admin/unbindOpenId',
  'GET /api/zms/zhijiaotong/page/homePageForHeaderTeacher',
  'GET /api/zms/approval/leave/detailsForTeacher',
  // 毕业照片: the photo an approver decides on (its approvers, or 毕业 · 查看).
  'GET /api/ems/education/photoCollection/photo',
  // 课表与考勤: a session's teacher and its class's head teacher need no right (the service checks
  // them); 查看全部 widens what the rest see, 排课与点名 lets the office mark any session.
  ...['attendanceCourse/options', 'attendance/lists', 'attendance/open', 'attendanceRecord/list'].map(
    (path) => `GET /api/zms/attendance/${path}`,
  ),
  ...['attendanceRecord/statistics', 'attendanceRecord/atRisk', 'attendanceRecord/board'].map((path) => `GET /api/zms/attendance/${path}`),
  'PUT /api/zms/attendance/attendanceRecord/changeStatus',
])

describe('who may call what, on every route', { skip: POSTGRES_RUN_ONLY }, () => {
  let t: TestApp
  let partnerCookie: string
  const operatorCookies = new Map<string, string>()

  before(async () => {
    t = await buildTestApp()
    const { client } = await partnerClient(t.app)
    partnerCookie = `${COOKIE_NAMES.user}=${client.jar.get(COOKIE_NAMES.user)}`
    for (const role of ADMIN_ROLES) {
      const { client: operator } = await adminClient(t.app, role)
      operatorCookies.set(role, `${COOKIE_NAMES.admin}=${operator.jar.get(COOKIE_NAMES.admin)}`)
    }
  })
  after(async () => t?.close())

  /** A signed-in operator whose position holds every right but `rights` (one per set, made once). */
  const lacking = new Map<string, string>()
  async function operatorLacking(rights: readonly string[]) {
    const key = [...rights].sort().join(',')
    if (!lacking.has(key)) {
      const position = await insertPosition(
        t.app,
        ALL_RIGHTS.filter((r) => !rights.includes(r)),
      )
      const { client } = await adminClient(t.app, '管理员', { positionId: position.id })
      lacking.set(key, `${COOKIE_NAMES.admin}=${client.jar.get(COOKIE_NAMES.admin)}`)
    }
    return lacking.get(key)!
  }

  function call(route: RouteEntry, cookie?: string): InjectOptions {
    const headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded' }
    if (cookie) headers.cookie = cookie
    return { method: route.method as InjectOptions['method'], url: concreteUrl(route.url), headers, payload: 'id=1' }
  }

  test('every protected route refuses the wrong caller, in Chinese, without writing', async () => {
    const writes = await watchWrites(t.app)
    const problems: string[] = []
    let checked = 0
    const routes = appRoutes(t.app).filter((r) => r.access)
    assert.ok(routes.length >= 60, `${routes.length} protected routes`)
    for (const route of routes) {
      const access = route.access!
      const cases: Array<{ who: string; cookie?: string; status: number; code: number }> = [
        { who: 'nobody', status: 401, code: Code.sessionInvalid },
        {
          who: 'a forged cookie',
          cookie: `${COOKIE_NAMES.user}=forged; ${COOKIE_NAMES.admin}=forged`,
          status: 401,
          code: Code.sessionInvalid,
        },
      ]
      if (access.kind === 'partner' || access.kind === 'student' || access.kind === 'person') {
        for (const [role, cookie] of operatorCookies)
          cases.push({ who: `operator ${role}`, cookie, status: 401, code: Code.sessionInvalid })
        // A student's call refuses a signed-in person who holds no student profile (a partner only).
        if (access.kind === 'student')
          cases.push({ who: 'a partner who is not a student', cookie: partnerCookie, status: 403, code: Code.forbidden })
      } else {
        cases.push({ who: 'a partner', cookie: partnerCookie, status: 401, code: Code.sessionInvalid })
        // A route needs a right: a position holding every other one is refused. The few routes any
        // operator may call are listed above.
        if (access.rights.length > 0)
          cases.push({
            who: `a position without ${access.rights.join(' / ')}`,
            cookie: await operatorLacking(access.rights),
            status: 403,
            code: Code.forbidden,
          })
        else if (!ANY_OPERATOR.has(`${route.method} ${route.url}`)) problems.push(`${route.method} ${route.url}: needs no right`)
      }
      for (const c of cases) {
        await writes()
        const res = await t.app.inject(call(route, c.cookie))
        checked++
        const where = `${route.method} ${route.url} as ${c.who} -> ${res.statusCode} ${res.body.slice(0, 120)}`
        problems.push(...envelopeProblems(res).map((p) => `${where}: ${p}`))
        if (res.statusCode !== c.status || res.json().code !== c.code) problems.push(`${where}: expected ${c.status}/${c.code}`)
        const written = await writes()
        if (written.length) problems.push(`${where}: wrote ${written.join(', ')}`)
      }
    }
    assert.deepEqual(problems, [])
    assert.ok(checked > 200, `${checked} calls`)
  })

  test('the access of each route matches what its OpenAPI entry declares', () => {
    for (const route of appRoutes(t.app).filter((r) => r.url.startsWith('/api/'))) {
      const security = JSON.stringify((route.schema as { security?: unknown } | undefined)?.security ?? [])
      if (route.access?.kind === 'partner') assert.match(security, /partnerSession/, `${route.method} ${route.url}`)
      if (route.access?.kind === 'student') assert.match(security, /studentSession/, `${route.method} ${route.url}`)
      if (route.access?.kind === 'person') assert.match(security, /personSession/, `${route.method} ${route.url}`)
      if (route.access?.kind === 'admin') assert.match(security, /adminSession/, `${route.method} ${route.url}`)
    }
  })
})
