import type { ApiBody, ApiData, ApiQuery } from '@activity/api-types'
import { call, defineFamily } from '../define'

/** /api/bms/activity: the operator's side of activities (publish, assess, targets). */

export type AdminActivityQuery = ApiQuery<'/api/bms/activity/activity/list', 'get'>

/** What an operator writes; times as `yyyy-MM-dd HH:mm:ss` (Asia/Shanghai) or ISO 8601; `body` HTML, sanitised on save. */
export type ActivityInput = ApiBody<'/api/bms/activity/activity', 'post'>

/** An activity as operators see it, published or not. */
export type AdminActivity = ApiData<'/api/bms/activity/activity/details', 'get'>

export const activity = defineFamily('/api/bms/activity', {
  activity: {
    base: {
      list: call<AdminActivityQuery, ApiData<'/api/bms/activity/activity/list', 'get'>>(),
      details: call<{ id: number }, AdminActivity>(),
      save: call<ActivityInput, AdminActivity>(),
      update: call<ApiBody<'/api/bms/activity/activity', 'put'>, AdminActivity>(),
      remove: call<{ id: number }, null>(),
    },
    // The back-office publishes and unpublishes in place: PUT, not the rule's POST for publish.
    actions: { publish: call<{ id: number }, AdminActivity>('PUT'), unpublish: call<{ id: number }, AdminActivity>('PUT') },
  },
  assess: {},
  target: {},
})
