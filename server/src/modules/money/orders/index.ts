// The orders module's face: what other modules may use (they import nothing else from here).
export { ordersRoutes } from './orders.routes.ts'
export { type AfterOrderPaid, newOrderNo, openCourseOrder, payableOf, pendingCourseOrderId, type OnOrderPaid } from './orders.service.ts'
export { createOrdersRepository, type OrderItemRow, type OrderRow } from './orders.repository.ts'
export { createOrderNotFoundError } from './orders.errors.ts'
export type { ClientOrderExtras } from './orders.schemas.ts'

export { seedOrdersDemo } from './orders.seed.ts'
export { orderItemsView, ordersView } from './orders.views.ts'
