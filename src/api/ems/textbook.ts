import { defineFamily, uploadCall } from '../define'

/** /api/ems/textbook: textbook mailing and its records. */
export const textbook = defineFamily('/api/ems/textbook', {
  mail: { actions: { publish: true } },
  record: { actions: { commitForClient: 'PUT', uploadMailNo: uploadCall(), getExpressInfoForClient: 'GET' } },
})
