import { defineFamily } from '../define'

/** /api/fms/wine: accounts (balance, loan, sync), balance records, income and expense. */
export const wine = defineFamily('/api/fms/wine', {
  account: { actions: { balance: 'GET', loan: 'POST', sync: true } },
  accountBalanceRecord: {},
  incomeExpense: {},
  incomeExpenseType: {},
})
