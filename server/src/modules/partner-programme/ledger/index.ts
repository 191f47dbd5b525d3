// The ledger module's face: what other modules may use (they import nothing else from here).
export { adjustBalance, openWallet, walletSummary } from './ledger.service.ts'
export { clawBack, type ClawbackResult, creditPayingDebt, lockWallets, UNTIL_TUITION_PAID } from './ledger.clawback.ts'
export { createLedgerRepository } from './ledger.repository.ts'
export { ledgerRoutes } from './ledger.routes.ts'
export { sweepWithdrawable } from './ledger.withdrawable.ts'

export { ledgerEntriesView, walletsView } from './ledger.views.ts'
