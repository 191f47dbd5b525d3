import { defineFamily } from '../define'

/** /api/bms/develop: app versions, callbacks, configuration, data repair, feedback, requirements. */
export const develop = defineFamily('/api/bms/develop', {
  appVersion: { actions: { latest: 'GET' } },
  callback: { actions: { getBlackPhone: 'GET', setBlackPhone: true, handle: 'POST' } },
  config: { actions: { getByKey: 'GET', refreshCache: 'PUT', restore: 'PUT' } },
  dataRepair: {},
  dynamicCode: { actions: { testEval: 'POST' } },
  feedback: { actions: { saveForClient: true } },
  requirement: {},
  requirementConfig: {},
})
