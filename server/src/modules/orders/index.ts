// The orders module's face: what other modules may use (they import nothing else from here).
export { ordersRoutes } from './orders.routes.ts'
export { openCourseOrder, pendingCourseOrderId, type OnOrderPaid } from './orders.service.ts'
export { seedOrdersDemo } from './orders.seed.ts'
