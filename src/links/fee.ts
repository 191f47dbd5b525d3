/** The fee pages the student's home links to (the lead adds the home entry at merge). */
export const FEE_LINKS = [{ path: '/pages/fee/index', title: '我的缴费' }] as const

export const FEE_DETAIL_PATH = '/pages/fee/detail'
export const FEE_RECEIPT_PATH = '/pages/fee/receipt'
export const feeDetailUrl = (id: number) => `${FEE_DETAIL_PATH}?id=${id}`
export const receiptUrl = (id: number) => `${FEE_RECEIPT_PATH}?id=${id}`
