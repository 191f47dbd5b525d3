import { defineFamily } from '../define'

/** /api/ums/enterprise: enterprise companies, their employees and discounts. */
export const enterprise = defineFamily('/api/ums/enterprise', {
  employee: {},
  enterpriseCompany: {},
  enterpriseCompanyDiscount: {},
})
