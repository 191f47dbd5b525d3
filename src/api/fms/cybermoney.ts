import { call, defineFamily } from '../define'
import type {
  CancelOrderBody,
  ExchangeAnswer,
  ExchangeBody,
  GoodOrder,
  GoodOrderExpress,
  GoodOrderPage,
  GoodOrderQuery,
  GoodOrderRef,
  PointsRecordPage,
  PointsRecordQuery,
  ShopGood,
  ShopGoodPage,
  ShopGoodQuery,
  ShopGoodRef,
} from '../zms/points-types'

/** /api/fms/cybermoney: points levels, ways and records, the points shop, circle shares. */
export const cybermoney = defineFamily('/api/fms/cybermoney', {
  circlePicture: {},
  circleShare: { actions: { apply: true, audit: true } },
  goodOrder: {
    actions: {
      order: call<ExchangeBody, ExchangeAnswer>('POST'),
      setExpressNumber: true,
      listForClient: call<GoodOrderQuery, GoodOrderPage>(),
      cancelForClient: call<CancelOrderBody, ExchangeAnswer>('PUT'),
      expressForClient: call<GoodOrderRef, GoodOrderExpress>('GET'),
      confirmForClient: call<GoodOrderRef, GoodOrder>('PUT'),
    },
  },
  pointsLevel: {},
  pointsRecord: { actions: { listForClient: call<PointsRecordQuery, PointsRecordPage>() } },
  pointsWay: {},
  shopGood: {
    actions: {
      listForClient: call<ShopGoodQuery, ShopGoodPage>(),
      detailsForClient: call<ShopGoodRef, ShopGood>(),
    },
  },
})
