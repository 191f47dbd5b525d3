// The clues module's face: what other modules may use (they import nothing else from here).
export {
  addFollowUp,
  clueForConversion,
  countConsoleClues,
  createActivityClue,
  createPartnerClue,
  followClue,
  invalidateClue,
  partnerClueCounts,
  quickFindClues,
  seesClue,
} from './clues.service.ts'
export { clawBackTuitionCommission, recordDeal, releaseTuitionCommission } from './deals.service.ts'
export { releaseClues, takeClue } from './clues.pool.ts'
export { createCluesRepository, OPEN_STATUSES } from './clues.repository.ts'
export { cluesRoutes } from './clues.routes.ts'

export { clueFollowUpsView, cluesView } from './clues.views.ts'
