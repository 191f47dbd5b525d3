// The fees module's face: what other modules may use (they import nothing else from here).
export { feesRoutes } from './fees.routes.ts'
export { countFeeOrders, tuitionOfStudents } from './fees.raise.ts'
export { afterFeeOrderPaid, clientOrderExtras, onFeeOrderPaid, onRefundNotice, retryStaleRefunds } from './fees.refunds.ts'
export { DEMO_COUPON, seedFeesDemo } from './fees.seed.ts'
