import { defineFamily } from '../define'

/** /api/ems/adultexam: adult-exam records, fees, major codes, score lines, volunteers. */
export const adultexam = defineFamily('/api/ems/adultexam', {
  emptyRecord: {},
  fee: {},
  majorCode: {},
  scoreLine: {},
  studentExamInfo: { actions: { syncOfficialInfo: true, volunteerTransfer: 'PUT', searchVolunteer: true } },
})
