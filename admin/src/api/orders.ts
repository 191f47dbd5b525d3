/** 订单 (`/api/fms/finance/order`): 财务/管理员 create orders for partners; the pay provider's notification marks them paid. */
import type { ApiBody, ApiData, ApiItem, ApiQueryText } from '@activity/api-types'
import type { Page } from '@activity/wire'
import { get, post } from './client'

/** One order with its items and, on the details, the pay notifications received for it. Money in fen. */
export type OrderDetail = ApiData<'/api/fms/finance/order/details', 'get'>

export type OrderItem = OrderDetail['items'][number]

/** A pay notification received for the order (oldest first). */
export type PaymentNotification = OrderDetail['notifications'][number]

/** A row of the list; the details add `notifications`. */
export type Order = ApiItem<'/api/fms/finance/order/listTuitionOrder', 'get'> & Partial<Pick<OrderDetail, 'notifications'>>

/** `items[].unitPrice` in fen. */
export type OrderInput = ApiBody<'/api/fms/finance/order', 'post'>

const base = '/api/fms/finance/order'

export const ordersApi = {
  list: (query: ApiQueryText<'/api/fms/finance/order/listTuitionOrder', 'get'>) => get<Page<Order>>(`${base}/listTuitionOrder`, query),
  details: (id: number) => get<OrderDetail>(`${base}/details`, { id }),
  create: (input: OrderInput) => post<Order>(base, input, { quiet: true }),
}
