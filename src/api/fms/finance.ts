import type { ApiBody, ApiData, ApiQuery } from '@activity/api-types'
import { call, defineFamily, type NoPayload } from '../define'

/** /api/fms/finance: fee notes, orders, payments, receipts, rebates, invoices, accounts. */

/** A partner's own order (detailsForClient, listForClient). Money in fen, times ISO. */
export type Order = ApiData<'/api/fms/finance/order/detailsForClient', 'get'>

/** `amount` fen: quantity × unitPrice. */
export type OrderItem = Order['items'][number]

export type OrderQuery = ApiQuery<'/api/fms/finance/order/listForClient', 'get'>

export type PayFeePayload = ApiBody<'/api/fms/finance/order/payFee', 'post'>

/**
 * The pay parameters of payFee; the order is paid only when the provider notifies the server.
 * `provider` sandbox: skip the platform call and poll payStatus.
 */
export type PayFeeResult = ApiData<'/api/fms/finance/order/payFee', 'post'>

/** What Taro.requestPayment takes in the WeChat mini-program (chooseWXPay's `timestamp` is `timeStamp`). */
export type WechatPayParams = NonNullable<PayFeeResult['wechat']>

/** payStatus: what to poll after paying. */
export type OrderPayState = ApiData<'/api/fms/finance/order/payStatus', 'get'>

/** A fee order of mine (listFeeForClient): unpaid first, then paid; `payAmount` = amount − discount (fen). */
export type FeeOrder = ApiData<'/api/fms/finance/order/listFeeForClient', 'get'>['list'][number]
export type FeeOrderQuery = ApiQuery<'/api/fms/finance/order/listFeeForClient', 'get'>

/** A refund of a fee order, as the detail shows it. */
export type OrderRefund = Order['refunds'][number]

/** An electronic receipt (收据) of a paid fee order: number, payer, items, amount and its capitals, payee and seal. */
export type Receipt = ApiData<'/api/fms/finance/receipt/detailsForClient', 'get'>

export const finance = defineFamily('/api/fms/finance', {
  feeNote: {},
  order: {
    actions: {
      listTuitionOrder: true,
      listPhotoOrder: true,
      listNightOrder: true,
      listHitechOrder: true,
      listCkbdCourseOrder: true,
      listCkbdVipOrder: true,
      listStudentFeeOrder: true,
      listForClient: call<OrderQuery, ApiData<'/api/fms/finance/order/listForClient', 'get'>>('GET'),
      listFeeForClient: call<FeeOrderQuery, ApiData<'/api/fms/finance/order/listFeeForClient', 'get'>>('GET'),
      unpaidCountForClient: call<NoPayload, ApiData<'/api/fms/finance/order/unpaidCountForClient', 'get'>>('GET'),
      detailsForClient: call<ApiQuery<'/api/fms/finance/order/detailsForClient', 'get'>, Order>('GET'),
      payFee: call<PayFeePayload, PayFeeResult>('POST'),
      payStatus: call<ApiQuery<'/api/fms/finance/order/payStatus', 'get'>, OrderPayState>('GET'),
      audit: true,
    },
  },
  payment: { actions: { apply: true, audit: true } },
  receipt: { actions: { detailsForClient: call<{ id: number }, Receipt>('GET') } },
  rebatePlan: {},
  peerRebate: {},
  discountConfig: {},
  invoiceUnit: {},
  studentFees: {},
  studentFeesStandard: {},
  account: {},
  accountBalanceRecord: {},
  transactionConfig: {},
  coupon: {},
})
