import type { ApiBody, ApiData, ApiItem, ApiQuery, WithText } from '@activity/api-types'

// The student's points and points shop calls of issue 25, named from the server's own types
// (@activity/api-types, `npm run api:types`). Points are integers; times ISO text.

type Point<N extends string> = `/api/zms/point/${N}`
type Cyber<N extends string> = `/api/fms/cybermoney/${N}`

/** 我的积分: balance, lifetime points, level and the next, today's check-in and ways (done today of each). */
export type PointsSummary = ApiData<Point<'studentPoint/listForClient'>, 'get'>
export type PointsWayToday = PointsSummary['ways'][number]
export type PointsLevelCard = NonNullable<PointsSummary['level']>
export type CheckInAnswer = ApiData<Point<'studentPoint/checkIn'>, 'post'>

export type PointsRecordQuery = ApiQuery<Cyber<'pointsRecord/listForClient'>, 'get'>
export type PointsRecordPage = ApiData<Cyber<'pointsRecord/listForClient'>, 'get'>
export type PointsRecordItem = ApiItem<Cyber<'pointsRecord/listForClient'>, 'get'>

/** An uploaded photo: its `key` goes in the application's images. */
export type PointsImage = ApiData<Point<'studentPointRecord/upload'>, 'post'>
/** `images` as the JSON text of the keys (a form body). */
export type ApplyPointBody = WithText<ApiBody<Point<'studentPointRecord/applyPoint'>, 'post'>, 'images'>
export type PointsApplication = ApiData<Point<'studentPointRecord/applyPoint'>, 'post'>
export type PointsApplicationPage = ApiData<Point<'studentPointRecord/listForClient'>, 'get'>
export type PageQuery = ApiQuery<Point<'studentPointRecord/listForClient'>, 'get'>

export type ShopGoodQuery = ApiQuery<Cyber<'shopGood/listForClient'>, 'get'>
export type ShopGoodPage = ApiData<Cyber<'shopGood/listForClient'>, 'get'>
export type ShopGood = ApiItem<Cyber<'shopGood/listForClient'>, 'get'>
export type ShopGoodRef = ApiQuery<Cyber<'shopGood/detailsForClient'>, 'get'>

/** The exchange: `address` ({name, phone, address}) as its JSON text, required for 教材 and 实物. */
export type ExchangeBody = WithText<ApiBody<Cyber<'goodOrder/order'>, 'post'>, 'address'>
export type ExchangeAddress = NonNullable<ApiBody<Cyber<'goodOrder/order'>, 'post'>['address']>
export type ExchangeAnswer = ApiData<Cyber<'goodOrder/order'>, 'post'>
export type GoodOrderQuery = ApiQuery<Cyber<'goodOrder/listForClient'>, 'get'>
export type GoodOrderPage = ApiData<Cyber<'goodOrder/listForClient'>, 'get'>
export type GoodOrder = ApiItem<Cyber<'goodOrder/listForClient'>, 'get'>
export type CancelOrderBody = ApiBody<Cyber<'goodOrder/cancelForClient'>, 'put'>
/** A shipped exchange's id: its parcel with the timeline (查看物流), its 确认收货 (the order 已完成). */
export type GoodOrderRef = ApiBody<Cyber<'goodOrder/confirmForClient'>, 'put'>
export type GoodOrderExpress = ApiData<Cyber<'goodOrder/expressForClient'>, 'get'>
