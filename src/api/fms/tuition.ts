import { defineFamily } from '../define'

/** /api/fms/tuition: tuition, hand-over to schools, settlement and rebate standards, refunds. */
export const tuition = defineFamily('/api/fms/tuition', {
  handSchool: {},
  handSchoolDingtalk: { actions: { pay: 'PUT', batchPay: 'PUT', mark: 'PUT' } },
  handSettlementStandard: {},
  rebateStandard: {},
  studentCost: {},
  tuition: {},
  tuitionFeeConfig: {},
  tuitionPayment: { actions: { audit: true, pay: 'PUT', createRefundPayment: 'POST' } },
  tuitionPaymentOrder: { actions: { audit: true, pay: 'PUT', restore: 'PUT' } },
  refund: { actions: { audit: true } },
})
