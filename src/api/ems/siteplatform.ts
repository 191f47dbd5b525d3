import { defineFamily } from '../define'

/** /api/ems/siteplatform: records of the outside study platforms and their sync endpoints. */
export const siteplatform = defineFamily('/api/ems/siteplatform', {
  beijingOpen: { actions: { sync: true } },
  gongshang: { actions: { sync: true } },
  hsyWorkRecord: { actions: { sync: true } },
  jiliang: { actions: { sync: true } },
  jingjiPaper: { actions: { sync: true } },
  jingjiWork: { actions: { sync: true } },
  siteStudy: { actions: { sync: true } },
})
