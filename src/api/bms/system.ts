import type { ApiBody, ApiData, ApiQuery } from '@activity/api-types'
import { call, defineFamily, type NoPayload } from '../define'

// 教职工 in the app (src/staff): an operator's session is the `asid` cookie, beside the person's.
// Every one of these calls runs with `{ session: 'staff' }` (src/staff/session.ts `asStaff`).

/** The signed-in operator: id, account, name, role (the position's name), rights and the rest. */
export type Operator = ApiData<'/api/bms/system/admin/signInfo', 'get'>

/** signInByOpenId: `bound` 是 with the operator (signed in), or 否 alone (sign in with a password, then bind). */
export type OperatorOpenIdSignIn = ApiData<'/api/bms/system/admin/signInByOpenId', 'post'>

/** The console's 工作台 figures: overdue next contacts, this month's numbers (dashboard.view). */
export type OperatorDashboard = ApiData<'/api/bms/system/dashboard', 'get'>

/** /api/bms/system: administrators, departments, menus and permissions, approval configuration. */
export const system = defineFamily('/api/bms/system', {
  admin: {
    actions: {
      signIn: call<ApiBody<'/api/bms/system/admin/signIn', 'post'>, Operator>('POST'),
      signOut: call<NoPayload, unknown>('DELETE'),
      signInfo: call<NoPayload, Operator>('GET'),
      signInByOpenId: call<ApiBody<'/api/bms/system/admin/signInByOpenId', 'post'>, OperatorOpenIdSignIn>('POST'),
      bindOpenId: call<ApiBody<'/api/bms/system/admin/bindOpenId', 'post'>, ApiData<'/api/bms/system/admin/bindOpenId', 'post'>>('POST'),
      unbindOpenId: call<ApiBody<'/api/bms/system/admin/unbindOpenId', 'post'>, ApiData<'/api/bms/system/admin/unbindOpenId', 'post'>>(
        'POST',
      ),
      updatePassword: true,
      resetPassword: 'PUT',
      listForSelect: true,
    },
  },
  adminView: {},
  approvalConfig: {},
  approvalFlow: {},
  attendance: {},
  bluetoothDevice: {},
  // GET /api/bms/system/dashboard: the resource's own path.
  dashboard: { base: false, actions: { overview: call<ApiQuery<'/api/bms/system/dashboard', 'get'>, OperatorDashboard>('GET', '') } },
  department: {},
  menu: {},
  positionMenu: {},
  question: {},
  temporaryAdmin: {},
  toDoMatter: {},
  desensitisedExport: { actions: { authorize: 'PUT' } },
})
