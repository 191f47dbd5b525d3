import { defineFamily } from '../define'

/** /api/fms/finance: fee notes, orders, payments, receipts, rebates, invoices, accounts. */
export const finance = defineFamily('/api/fms/finance', {
  feeNote: {},
  order: {
    actions: {
      listTuitionOrder: true,
      listPhotoOrder: true,
      listNightOrder: true,
      listHitechOrder: true,
      listCkbdCourseOrder: true,
      listCkbdVipOrder: true,
      listStudentFeeOrder: true,
      listForClient: true,
      detailsForClient: true,
      payFee: 'POST',
      payStatus: 'GET',
      audit: true,
    },
  },
  payment: { actions: { apply: true, audit: true } },
  receipt: {},
  rebatePlan: {},
  peerRebate: {},
  discountConfig: {},
  invoiceUnit: {},
  studentFees: {},
  studentFeesStandard: {},
  account: {},
  accountBalanceRecord: {},
  transactionConfig: {},
  coupon: {},
})
