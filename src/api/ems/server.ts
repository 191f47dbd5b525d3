import { defineFamily } from '../define'

/** /api/ems/server: service and communication (complaints, mail, messages, contracts). */
export const server = defineFamily('/api/ems/server', {
  classRoom: {},
  complaint: { actions: { filing: 'PUT', listForClient: true, saveForClient: true } },
  complaintHandle: {},
  appraiseEmployee: { actions: { saveForClient: true } },
  mailBook: {},
  mailService: {},
  mailServiceRecord: {},
  schoolRollAppraise: {},
  serviceBack: {},
  serviceContact: {},
  serviceSchoolRoll: {},
  studentMessage: { actions: { listForClient: true, readForClient: 'PUT' } },
  discipline: {},
  contractParty: {},
  industryContract: {},
  industryCooperation: {},
})
