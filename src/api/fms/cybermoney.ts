import { defineFamily } from '../define'

/** /api/fms/cybermoney: points levels, ways and records, the points shop, circle shares. */
export const cybermoney = defineFamily('/api/fms/cybermoney', {
  circlePicture: {},
  circleShare: { actions: { apply: true, audit: true } },
  goodOrder: { actions: { order: 'POST', setExpressNumber: true, listForClient: true } },
  pointsLevel: {},
  pointsRecord: { actions: { listForClient: true } },
  pointsWay: {},
  shopGood: { actions: { listForClient: true, detailsForClient: true } },
})
