import { defineFamily } from '../define'

/** /api/ems/collect: information collection (fields, records, students). */
export const collect = defineFamily('/api/ems/collect', {
  collectionField: {},
  collectionRecord: { actions: { saveForClient: true, detailsForClient: true, audit: true } },
  collectionStudent: { actions: { listForClient: true } },
})
