/**
 * Textbooks by mail and the parcels that carry them (教材邮寄, 运单, 物流): a module of their own,
 * so only the pages that use them load them.
 */
import { values } from './values'

/** A mailing of textbooks (教材邮寄): a draft the office edits, then published to its students. */
export const MailingStatus = { draft: '草稿', published: '已发布' } as const
export type MailingStatus = (typeof MailingStatus)[keyof typeof MailingStatus]
export const MAILING_STATUSES = /*#__PURE__*/ values(MailingStatus)

/** Where one student's textbooks are: address to confirm, confirmed, shipped, signed for, received. */
export const MailRecordState = {
  toConfirm: '待确认',
  confirmed: '已确认',
  shipped: '已发货',
  signed: '已签收',
  received: '已收货',
} as const
export type MailRecordState = (typeof MailRecordState)[keyof typeof MailRecordState]
export const MAIL_RECORD_STATES = /*#__PURE__*/ values(MailRecordState)

/**
 * A parcel's state, which only moves forward: 待揽收 (waybill entered, no track yet), 揽收, 在途,
 * 派件, 签收.
 */
export const ParcelState = {
  waiting: '待揽收',
  collected: '揽收',
  inTransit: '在途',
  delivering: '派件',
  signed: '签收',
} as const
export type ParcelState = (typeof ParcelState)[keyof typeof ParcelState]
export const PARCEL_STATES = /*#__PURE__*/ values(ParcelState)

/**
 * What puts a parcel in the office's exceptions queue: the carrier's 退签 (returned or refused),
 * 疑难 (a problem), 无记录 (the carrier has no record of the number), or 停滞 (no new track for
 * days, computed when read).
 */
export const ParcelException = { returned: '退签', trouble: '疑难', noRecord: '无记录', stuck: '停滞' } as const
export type ParcelException = (typeof ParcelException)[keyof typeof ParcelException]
export const PARCEL_EXCEPTIONS = /*#__PURE__*/ values(ParcelException)

/** What a parcel carries: a mailing's textbooks or a points-shop exchange. */
export const ParcelSource = { textbook: '教材', goodOrder: '积分商城' } as const
export type ParcelSource = (typeof ParcelSource)[keyof typeof ParcelSource]
export const PARCEL_SOURCES = /*#__PURE__*/ values(ParcelSource)

/** The carriers a waybill may name, by the tracking provider's code (kuaidi100's `com`). */
export const CARRIERS = [
  { code: 'shunfeng', name: '顺丰速运' },
  { code: 'zhongtong', name: '中通快递' },
  { code: 'yuantong', name: '圆通速递' },
  { code: 'yunda', name: '韵达快递' },
  { code: 'shentong', name: '申通快递' },
  { code: 'jtexpress', name: '极兔速递' },
  { code: 'youzhengguonei', name: '邮政快递包裹' },
  { code: 'ems', name: 'EMS' },
  { code: 'jd', name: '京东物流' },
  { code: 'debangkuaidi', name: '德邦快递' },
] as const
export type CarrierCode = (typeof CARRIERS)[number]['code']
export const CARRIER_CODES = CARRIERS.map((c) => c.code) as unknown as readonly [CarrierCode, ...CarrierCode[]]

/** The carrier's name for its code (the code itself when unknown). */
export const carrierName = (code: string): string => CARRIERS.find((c) => c.code === code)?.name ?? code
