import { defineFamily } from '../define'

/** /api/bms/activity: the operator's side of activities (publish, assess, targets). */
export const activity = defineFamily('/api/bms/activity', {
  // The back-office publishes and unpublishes in place: PUT, not the rule's POST for publish.
  activity: { actions: { publish: 'PUT', unpublish: 'PUT' } },
  assess: {},
  target: {},
})
