import { defineFamily } from '../define'

/** /api/bms/page: the TV page's broadcast. */
export const page = defineFamily('/api/bms/page', {
  tvPage: { base: false, actions: { broadcastInfo: 'GET', getCatch: 'GET' } },
})
