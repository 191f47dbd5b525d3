// The withdrawals module's face: what other modules may use (they import nothing else from here).
export { applyWithdrawal, finishPay, withdrawalTotals } from './withdrawals.service.ts'
export { withdrawalsRoutes } from './withdrawals.routes.ts'

export { withdrawalsView } from './withdrawals.views.ts'
