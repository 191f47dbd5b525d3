/** 订单 (`/api/fms/finance/order`): 财务/管理员 create orders for partners; the pay provider's notification marks them paid. */
import type { OrderPayStatus, Page } from '@activity/wire'
import { get, post } from './client'

export interface OrderItem {
  name: string
  quantity: number
  /** fen */
  unitPrice: number
  /** fen */
  amount: number
}

/** A pay notification received for the order (console-api.md, requests from the console). */
export interface PaymentNotification {
  id: number
  provider: string
  notificationId: string
  result: string
  /** fen */
  amount: number | null
  transactionId: string | null
  outcome: string
  createdAt: string
}

export interface Order extends Record<string, unknown> {
  id: number
  orderNo: string
  title: string
  /** fen */
  amount: number
  payStatus: OrderPayStatus
  channel: string | null
  paidAt: string | null
  failReason: string | null
  createdAt: string
  items: OrderItem[]
  partnerId: number
  partnerName: string | null
  partnerPhone: string
  provider: string | null
  transactionId: string | null
  remark: string | null
  /** Present once the back-office sends them. */
  notifications?: PaymentNotification[]
}

export interface OrderInput {
  partnerId: number
  title?: string
  /** unitPrice in fen */
  items: Array<{ name: string; quantity: number; unitPrice: number }>
  remark?: string
}

const base = '/api/fms/finance/order'

export const ordersApi = {
  list: (query: { payStatus?: string; partnerId?: string; orderNo?: string; page?: number; size?: number }) =>
    get<Page<Order>>(`${base}/listTuitionOrder`, query),
  details: (id: number) => get<Order>(`${base}/details`, { id }),
  create: (input: OrderInput) => post<Order>(base, input, { quiet: true }),
}
