import type { ActivityState, ActivityStatus, ActivityType, Page } from '@activity/wire'
import type { ActivityDetail } from '../cms/activity'
import type { PageQuery } from '../ems/partner'
import { call, defineFamily } from '../define'

/** /api/bms/activity: the operator's side of activities (publish, assess, targets). */

export interface AdminActivityQuery extends PageQuery {
  keyword?: string
  type?: ActivityType
  status?: ActivityStatus
  state?: ActivityState
}

/** What an operator writes; times as `yyyy-MM-dd HH:mm:ss` (Asia/Shanghai) or ISO 8601. */
export interface ActivityInput {
  title: string
  /** http(s) URL, an /uploads/... path or a base64 image data URI. */
  cover?: string
  summary?: string
  /** HTML; sanitised on save. */
  body: string
  type: ActivityType
  startAt: string
  endAt: string
}

/** An activity as operators see it, published or not. */
export interface AdminActivity extends ActivityDetail {
  status: ActivityStatus
  publishedAt: string | null
  createdAt: string
  updatedAt: string
}

export const activity = defineFamily('/api/bms/activity', {
  activity: {
    base: {
      list: call<AdminActivityQuery, Page<AdminActivity>>(),
      details: call<{ id: number }, AdminActivity>(),
      save: call<ActivityInput, AdminActivity>(),
      update: call<ActivityInput & { id: number }, AdminActivity>(),
      remove: call<{ id: number }, null>(),
    },
    // The back-office publishes and unpublishes in place: PUT, not the rule's POST for publish.
    actions: { publish: call<{ id: number }, AdminActivity>('PUT'), unpublish: call<{ id: number }, AdminActivity>('PUT') },
  },
  assess: {},
  target: {},
})
