/**
 * 缴费 (`/api/fms/finance/feeStandard`, `feeOrder`, `receipt`, `/api/ems/basic/coupon`): fee standards,
 * fee orders raised for students (singly or in bulk from a standard), refunds through the pay
 * provider, receipts (void, reissue) and coupon codes. 财务 and 管理员 write; every role reads.
 * Money in fen.
 */
import type { ApiBody, ApiData, ApiItem, ApiQueryText } from '@activity/api-types'
import type { Page } from '@activity/wire'
import { del, get, post, put } from './client'

export type FeeStandard = ApiItem<'/api/fms/finance/feeStandard/list', 'get'>
export type FeeStandardInput = ApiBody<'/api/fms/finance/feeStandard', 'post'>
export type FeeOrder = ApiItem<'/api/fms/finance/feeOrder/list', 'get'>
export type FeeOrderDetail = ApiData<'/api/fms/finance/feeOrder/details', 'get'>
export type FeeRefund = FeeOrderDetail['refunds'][number]
export type FeeReceipt = FeeOrderDetail['receipts'][number]
export type FeeOrderInput = ApiBody<'/api/fms/finance/feeOrder', 'post'>
export type FeeOrderQuery = ApiQueryText<'/api/fms/finance/feeOrder/list', 'get'>
export type Coupon = ApiItem<'/api/ems/basic/coupon/list', 'get'>
export type CouponInput = ApiBody<'/api/ems/basic/coupon', 'post'>
export type ClueTuition = ApiData<'/api/fms/finance/feeOrder/tuitionOfClue', 'get'>

const std = '/api/fms/finance/feeStandard'
const fee = '/api/fms/finance/feeOrder'
const coupon = '/api/ems/basic/coupon'
const receipt = '/api/fms/finance/receipt'

export const FEE_ORDERS_EXPORT = `${fee}/export`

export const feesApi = {
  standards: (query: ApiQueryText<'/api/fms/finance/feeStandard/list', 'get'>) => get<Page<FeeStandard>>(`${std}/list`, query),
  createStandard: (input: FeeStandardInput) => post<FeeStandard>(std, input, { quiet: true }),
  updateStandard: (input: FeeStandardInput & { id: number }) => put<FeeStandard>(std, input, { quiet: true }),
  removeStandard: (id: number) => del<null>(std, { id }),

  orders: (query: FeeOrderQuery) => get<Page<FeeOrder>>(`${fee}/list`, query),
  order: (id: number) => get<FeeOrderDetail>(`${fee}/details`, { id }),
  raise: (input: FeeOrderInput) => post<FeeOrderDetail>(fee, input, { quiet: true }),
  bulkRaise: (feeStandardId: number) => post<{ created: number; skipped: number }>(`${fee}/bulk`, { feeStandardId }, { quiet: true }),
  cancel: (id: number, reason: string) => put<FeeOrderDetail>(`${fee}/cancel`, { id, reason }, { quiet: true }),
  refund: (id: number, amount: number, reason: string) => post<FeeRefund>(`${fee}/refund`, { id, amount, reason }, { quiet: true }),
  retryRefund: (refundId: number) => post<FeeRefund>(`${fee}/refundRetry`, { refundId }),
  tuitionOfClue: (clueId: number) => get<ClueTuition>(`${fee}/tuitionOfClue`, { clueId }),

  voidReceipt: (id: number, reason: string) => put<FeeReceipt>(`${receipt}/void`, { id, reason }, { quiet: true }),
  reissueReceipt: (id: number) => post<FeeReceipt>(`${receipt}/reissue`, { id }),

  coupons: (query: ApiQueryText<'/api/ems/basic/coupon/list', 'get'>) => get<Page<Coupon>>(`${coupon}/list`, query),
  createCoupons: (input: CouponInput) => post<Coupon[]>(coupon, input, { quiet: true }),
  voidCoupon: (id: number, reason: string) => put<Coupon>(`${coupon}/void`, { id, reason }, { quiet: true }),
}
