import { defineFamily } from '../define'

/** /api/bms/mentalTest: mental-health test papers and employees' answers. */
export const mentalTest = defineFamily('/api/bms/mentalTest', {
  paper: { actions: { detailsForClient: true } },
  employeeAnswer: { actions: { saveForClient: true } },
})
