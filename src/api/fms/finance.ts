import type { OrderPayStatus, Page, PayChannel } from '@activity/wire'
import type { PageQuery } from '../ems/partner'
import { call, defineFamily } from '../define'

/** /api/fms/finance: fee notes, orders, payments, receipts, rebates, invoices, accounts. */

export interface OrderItem {
  name: string
  quantity: number
  /** Fen. */
  unitPrice: number
  /** Fen: quantity × unitPrice. */
  amount: number
}

/** A partner's own order (detailsForClient, listForClient). Money in fen, times ISO. */
export interface Order {
  id: number
  orderNo: string
  title: string
  /** Fen: the sum of the items. */
  amount: number
  payStatus: OrderPayStatus
  channel: PayChannel | null
  paidAt: string | null
  failReason: string | null
  createdAt: string
  items: OrderItem[]
}

export interface OrderQuery extends PageQuery {
  payStatus?: OrderPayStatus
}

export interface PayFeePayload {
  id: number
  channel: PayChannel
}

/** What Taro.requestPayment takes in the WeChat mini-program (chooseWXPay's `timestamp` is `timeStamp`). */
export interface WechatPayParams {
  appId: string
  timeStamp: string
  nonceStr: string
  package: string
  signType: 'RSA'
  paySign: string
}

/** The pay parameters of payFee; the order is paid only when the provider notifies the server. */
export interface PayFeeResult {
  orderId: number
  orderNo: string
  /** Fen. */
  amount: number
  payStatus: OrderPayStatus
  /** `sandbox`: skip the platform call and poll payStatus (the sandbox completes the payment itself). */
  provider: 'sandbox' | 'wechatpay' | (string & {})
  channel: PayChannel
  /** wechat-mini and wechat-jsapi. */
  wechat: WechatPayParams | null
  /** alipay-mini: my.tradePay({ tradeNO }). */
  alipay: { tradeNO: string } | null
}

/** payStatus: what to poll after paying. */
export interface OrderPayState {
  id: number
  orderNo: string
  payStatus: OrderPayStatus
  paidAt: string | null
  failReason: string | null
}

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
      listForClient: call<OrderQuery, Page<Order>>('GET'),
      detailsForClient: call<{ id: number }, Order>('GET'),
      payFee: call<PayFeePayload, PayFeeResult>('POST'),
      payStatus: call<{ id: number }, OrderPayState>('GET'),
      audit: true,
    },
  },
  payment: { actions: { apply: true, audit: true } },
  receipt: {},
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
