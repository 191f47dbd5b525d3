import { defineFamily } from '../define'

/** /api/fms/hitech: hi-tech fee configuration, fee notes and payments. */
export const hitech = defineFamily('/api/fms/hitech', {
  hitechFeeConfig: {},
  hitechFeeNote: {},
  hitechPayment: { actions: { pay: 'PUT' } },
})
