import { defineFamily } from '../define'

/** /api/ems/thesis: thesis batches, students, replies and scores (audit, publish, rollback). */
export const thesis = defineFamily('/api/ems/thesis', {
  client: { base: false, actions: { commitFile: 'PUT', commitTitle: 'PUT', detailsForClient: true } },
  batch: { actions: { publish: true } },
  student: { actions: { audit: true, rollbackLatest: 'PUT' } },
  reply: { actions: { confirmReply: 'PUT' } },
  teacher: {},
  collection: {},
  collectionField: {},
  score: { actions: { publishGrade: true } },
  internshipReport: {},
  peer: {},
})
