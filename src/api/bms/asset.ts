import { defineFamily } from '../define'

/** /api/bms/asset: asset contents (assign, exports) and asset-holding employees (confirm, sync, transfer). */
export const asset = defineFamily('/api/bms/asset', {
  assetContent: { actions: { assign: true, exports: true } },
  assetEmployee: { actions: { confirm: 'PUT', sync: true, transfer: 'PUT' } },
})
