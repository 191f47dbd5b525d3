import { createErrorFactory } from '../../../lib/errors.ts'
import { Code } from '../../../wire.ts'

export const createInsufficientBalanceError = createErrorFactory({
  key: 'ledger.insufficient',
  code: Code.ruleRefused,
  message: '余额不足',
})
