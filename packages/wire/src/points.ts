/**
 * The enumerations of points and the points shop, in a module of their own: only the pages that use them load them
 * (the H5 entry's shared chunk carries enums.ts).
 */
import { values } from './values'

/** How a student earns points; each way the office configures has its points and a daily cap. */
export const PointsWayKind = {
  checkIn: '每日签到',
  studyTime: '学习时长',
  examPassed: '考试通过',
  referral: '推荐入学',
  offline: '线下活动',
} as const
export type PointsWayKind = (typeof PointsWayKind)[keyof typeof PointsWayKind]
export const POINTS_WAY_KINDS = /*#__PURE__*/ values(PointsWayKind)

/** One line of the points ledger: earned, spent on an exchange, returned by a cancelled one, or adjusted by the office. */
export const PointsRecordType = { earn: '获得', exchange: '兑换', returned: '兑换退回', adjust: '人工调整' } as const
export type PointsRecordType = (typeof PointsRecordType)[keyof typeof PointsRecordType]
export const POINTS_RECORD_TYPES = /*#__PURE__*/ values(PointsRecordType)

/** A student's application for points from an offline action (applyPoint), reviewed by the office. */
export const PointsApplicationStatus = { pending: '待审核', approved: '已通过', refused: '已驳回' } as const
export type PointsApplicationStatus = (typeof PointsApplicationStatus)[keyof typeof PointsApplicationStatus]
export const POINTS_APPLICATION_STATUSES = /*#__PURE__*/ values(PointsApplicationStatus)

/** What the points shop sells: a textbook or physical goods (shipped), or a course voucher (opens a course). */
export const GoodKind = { textbook: '教材', courseVoucher: '课程券', physical: '实物' } as const
export type GoodKind = (typeof GoodKind)[keyof typeof GoodKind]
export const GOOD_KINDS = /*#__PURE__*/ values(GoodKind)
/** Kinds that are shipped to an address (the office sets the express number). */
export const SHIPPED_GOOD_KINDS: readonly GoodKind[] = [GoodKind.textbook, GoodKind.physical]

/** Whether students see a good in the shop. */
export const GoodStatus = { listed: '上架', unlisted: '下架' } as const
export type GoodStatus = (typeof GoodStatus)[keyof typeof GoodStatus]
export const GOOD_STATUSES = /*#__PURE__*/ values(GoodStatus)

/** An exchange (兑换订单): 待发货 -> 已发货 for shipped goods, 已完成 at once for a voucher; 已取消 returns points and stock. */
export const GoodOrderStatus = { toShip: '待发货', shipped: '已发货', done: '已完成', cancelled: '已取消' } as const
export type GoodOrderStatus = (typeof GoodOrderStatus)[keyof typeof GoodOrderStatus]
export const GOOD_ORDER_STATUSES = /*#__PURE__*/ values(GoodOrderStatus)
