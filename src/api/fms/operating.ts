import { defineFamily } from '../define'

/**
 * /api/fms/operating: reimbursement (initiate and withdraw approval, preliminary review, pay,
 * batch pay, closing date), invoices, destinations, profit centres.
 */
export const operating = defineFamily('/api/fms/operating', {
  destination: {},
  invoice: { actions: { countByNo: 'GET', sumAmount: 'GET' } },
  profitCenter: {},
  reimbursement: {
    actions: {
      initiateApproval: 'PUT',
      withdrawApproval: 'PUT',
      preliminaryReview: 'PUT',
      pay: 'PUT',
      batchPay: 'PUT',
      setClosingDate: true,
      listCostType: true,
      listPaymentOrg: true,
    },
  },
  reimbursementMember: {},
})
