// A WeChat mini-program host (real HTTP) for the calls that go over the wire.
import '../request/testing/weapp-host'
import { setApiHost } from '../request'
import { envelope, startTestServer, type TestServer } from '../request/testing/server'
import { BASE_CALLS, CATALOGUE_TABS, api, definedFamilies, verbByRule, type CatalogueEntry } from '.'

jest.mock('../request/cookie', () => jest.requireActual('../request/cookie.weapp'))

/** Every path family of SPEC.md section 7, as written there. */
const SPEC_FAMILIES = [
  '/api/ems/server',
  '/api/fms/finance',
  '/api/zms/point',
  '/api/ems/collect',
  '/api/ems/examination',
  '/api/cms/night',
  '/api/ems/basic',
  '/api/bms/cont',
  '/api/fms/operating',
  '/api/sms/social/question',
  '/api/ems/thesis',
  '/api/ems/partner',
  '/api/ems/education',
  '/api/bms/mentalTest',
  '/api/bms/activity',
  '/api/cms/activity',
  '/api/cms/resource',
  '/api/cms/selftaught',
  '/api/cms/exemption/degree',
  '/api/cms/exemption/studentAbsence',
  '/api/ums/enterprise/employee',
  '/api/ums/enterprise/enterpriseCompany',
  '/api/ums/enterprise/enterpriseCompanyDiscount',
  '/api/bms/statistics',
  '/api/zms/zhijiaotong',
  '/api/fms/hitech',
  '/api/bms/extension',
  '/api/ems/adultexam',
  '/api/bms/system',
  '/api/ums/user',
  '/api/bms/page/tvPage',
  '/api/sms/study',
  '/api/cms/web',
  '/api/bms/develop',
  '/api/bms/personnel',
  '/api/zms/attendance',
  '/api/zms/approval',
  '/api/fms/tuition',
  '/api/fms/cybermoney',
  '/api/fms/wine',
  '/api/ems/textbook',
  '/api/ems/siteplatform',
  '/api/cms/army',
  '/api/zms/archive',
  '/api/zms/content',
  '/api/cms/content',
  '/api/ums/promote',
  '/api/bms/asset',
]

/** SPEC.md section 7's example calls. */
const SPEC_EXAMPLES = [
  'GET /api/ems/server/classRoom/list',
  'POST /api/ems/server/complaint',
  'PUT /api/ems/server/complaint/filing',
  'GET /api/fms/finance/order/listTuitionOrder',
  'POST /api/fms/finance/order/payFee',
  'PUT /api/fms/finance/order/audit',
  'POST /api/fms/finance/payment/apply',
  'GET /api/zms/point/studentPoint/list',
  'POST /api/zms/point/studentPointRecord/applyPoint',
  'PUT /api/ems/examination/online/answerForClient',
  'PUT /api/ems/examination/studentSignature/signatureForClient',
  'GET /api/cms/night/nightClass/listForClient',
  'POST /api/cms/night/nightStudent/saveForClient',
  'POST /api/ems/basic/coupon/activateForClient',
  'GET /api/ems/basic/site/getByDomain',
  // Named in the family list.
  'POST /api/bms/cont/continueConfig/syncConfig',
  'PUT /api/bms/cont/studentVideo/progress',
  'POST /api/sms/social/question/answer',
  'PUT /api/sms/social/question/batchUpdateStatus',
  'PUT /api/ems/thesis/client/commitFile',
  'PUT /api/ems/thesis/client/commitTitle',
  'GET /api/zms/zhijiaotong/assessmentOptions/getScoreMap',
  'PUT /api/zms/zhijiaotong/assessmentOptions/setScoreMap',
  'POST /api/zms/zhijiaotong/assessmentStudent/hand',
  'PUT /api/zms/zhijiaotong/page/clearCourseMessage',
  'POST /api/zms/attendance/abnormalPunching',
  'PUT /api/sms/study/studentKnowledge/progress',
  'PUT /api/sms/study/studentLiveCourseSchedule/watchLive',
  'PUT /api/sms/study/studentLiveCourseSchedule/updatePlaybackProgress',
  'DELETE /api/ems/partner/client/signOut',
  'PUT /api/ems/partner/client/changePassword',
]

/** The session and partner calls screens use (the brief's fixed paths). */
const SESSION_AND_PARTNER_CALLS: Array<[{ method: string; path: string }, string]> = [
  [api.ums.user.user.sendVerify, 'POST /api/ums/user/user/sendVerify'],
  [api.ums.user.user.signIn, 'POST /api/ums/user/user/signIn'],
  [api.ums.user.user.checkOpenId, 'GET /api/ums/user/user/checkOpenId'],
  [api.ums.user.user.signInfo, 'GET /api/ums/user/user/signInfo'],
  [api.ums.user.user.signOut, 'DELETE /api/ums/user/user/signOut'],
  [api.ums.user.user.timestamp, 'GET /api/ums/user/user/timestamp'],
  [api.ums.user.user.signature, 'GET /api/ums/user/user/signature'],
  [api.ems.partner.client.register, 'POST /api/ems/partner/client/register'],
  [api.ems.partner.client.signIn, 'POST /api/ems/partner/client/signIn'],
  [api.ems.partner.client.signOut, 'DELETE /api/ems/partner/client/signOut'],
  [api.ems.partner.client.changePassword, 'PUT /api/ems/partner/client/changePassword'],
  [api.ems.partner.partner.resetPassword, 'PUT /api/ems/partner/partner/resetPassword'],
  [api.ems.partner.client.signInfo, 'GET /api/ems/partner/client/signInfo'],
  [api.ems.partner.client.savePersonal, 'PUT /api/ems/partner/client/savePersonal'],
  [api.ems.partner.client.saveSignUp, 'PUT /api/ems/partner/client/saveSignUp'],
  [api.ems.partner.clue.list, 'GET /api/ems/partner/clue/list'],
  [api.ems.partner.clue.save, 'POST /api/ems/partner/clue'],
  [api.ems.partner.partner.home, 'GET /api/ems/partner/partner/home'],
  [api.ems.partner.partner.position, 'GET /api/ems/partner/partner/position'],
  [api.ems.partner.partner.dealCount, 'GET /api/ems/partner/partner/dealCount'],
  [api.ems.partner.partner.dealList, 'GET /api/ems/partner/partner/dealList'],
  [api.ems.partner.withdrawalRecord.ledger, 'GET /api/ems/partner/withdrawalRecord/ledger'],
  [api.ems.partner.withdrawalRecord.apply, 'POST /api/ems/partner/withdrawalRecord/apply'],
  [api.ems.partner.withdrawalRecord.list, 'GET /api/ems/partner/withdrawalRecord/list'],
  [api.ems.partner.partner.sharePoster, 'GET /api/ems/partner/partner/sharePoster'],
  [api.ems.partner.level.listSimple, 'GET /api/ems/partner/config/level/listSimple'],
  [api.ems.partner.message.list, 'GET /api/ems/partner/message/list'],
  [api.ems.partner.message.unreadCount, 'GET /api/ems/partner/message/unreadCount'],
  [api.ems.partner.message.read, 'POST /api/ems/partner/message/read'],
  [api.ems.partner.message.readAll, 'POST /api/ems/partner/message/readAll'],
  [api.ems.partner.message.subscribeTemplates, 'GET /api/ems/partner/message/subscribeTemplates'],
  [api.ems.partner.message.subscribe, 'POST /api/ems/partner/message/subscribe'],
]

/** The student's calls of issue 22 (school roll, its corrections, notices) and 毕业照片 (with its approvers' photo). */
const STUDENT_CALLS: Array<[{ method: string; path: string }, string]> = [
  [api.ems.education.schoolRoll.detailsForClient, 'GET /api/ems/education/schoolRoll/detailsForClient'],
  [api.ems.education.schoolRollInfoModify.listForClient, 'GET /api/ems/education/schoolRollInfoModify/listForClient'],
  [api.ems.education.schoolRollInfoModify.applyForClient, 'POST /api/ems/education/schoolRollInfoModify/applyForClient'],
  [api.ems.education.notices.listForClient, 'GET /api/ems/education/notices/listForClient'],
  [api.ems.education.notices.detailsForClient, 'GET /api/ems/education/notices/detailsForClient'],
  [api.ems.education.notices.unreadCountForClient, 'GET /api/ems/education/notices/unreadCountForClient'],
  [api.ems.education.photoCollection.mine, 'GET /api/ems/education/photoCollection/mine'],
  [api.ems.education.photoCollection.upload, 'POST /api/ems/education/photoCollection/upload'],
  [api.ems.education.photoCollection.photo, 'GET /api/ems/education/photoCollection/photo'],
]

/** The student's study calls of issue 23 (catalogue, buying, my courses, the player, live classes). */
const STUDY_CALLS: Array<[{ method: string; path: string }, string]> = [
  [api.bms.cont.continueCourse.listForClient, 'GET /api/bms/cont/continueCourse/listForClient'],
  [api.bms.cont.continueCourse.detailsForClient, 'GET /api/bms/cont/continueCourse/detailsForClient'],
  [api.bms.cont.continueConfig.courseCategoryForClient, 'GET /api/bms/cont/continueConfig/courseCategoryForClient'],
  [api.sms.study.join.join, 'POST /api/sms/study/join/join'],
  [api.sms.study.join.listStudentOnlineCourseForClient, 'GET /api/sms/study/join/listStudentOnlineCourseForClient'],
  [api.sms.study.join.listStudentLiveCourseForClient, 'GET /api/sms/study/join/listStudentLiveCourseForClient'],
  [api.sms.study.studentKnowledge.latestCourseId, 'GET /api/sms/study/studentKnowledge/latestCourseId'],
  [api.sms.study.studentKnowledge.current, 'PUT /api/sms/study/studentKnowledge/current'],
  [api.sms.study.studentKnowledge.sectionForClient, 'GET /api/sms/study/studentKnowledge/sectionForClient'],
  [api.sms.study.studentKnowledge.progress, 'PUT /api/sms/study/studentKnowledge/progress'],
  [api.sms.study.studentKnowledge.studyTimeForClient, 'GET /api/sms/study/studentKnowledge/studyTimeForClient'],
  [api.sms.study.collect.save, 'POST /api/sms/study/collect'],
  [api.sms.study.collect.remove, 'DELETE /api/sms/study/collect'],
  [api.sms.study.collect.listForClient, 'GET /api/sms/study/collect/listForClient'],
  [api.sms.study.courseClick.save, 'POST /api/sms/study/courseClick'],
  [api.sms.study.studentLiveCourseSchedule.listByStudent, 'GET /api/sms/study/studentLiveCourseSchedule/listByStudent'],
  [api.sms.study.studentLiveCourseSchedule.enterForClient, 'GET /api/sms/study/studentLiveCourseSchedule/enterForClient'],
  [api.sms.study.studentLiveCourseSchedule.watchLive, 'PUT /api/sms/study/studentLiveCourseSchedule/watchLive'],
  [api.sms.study.studentLiveCourseSchedule.playbackForClient, 'GET /api/sms/study/studentLiveCourseSchedule/playbackForClient'],
  [api.sms.study.studentLiveCourseSchedule.updatePlaybackProgress, 'PUT /api/sms/study/studentLiveCourseSchedule/updatePlaybackProgress'],
]

const entries: CatalogueEntry[] = definedFamilies().flatMap((f) => f.entries)
const keyOf = (e: { method: string; path: string }) => `${e.method} ${e.path}`

describe('the API catalogue', () => {
  it('has every path family of SPEC.md section 7', () => {
    const missing = SPEC_FAMILIES.filter((family) => !entries.some((e) => e.path.startsWith(`${family}/`) || e.path === family))
    expect(missing).toEqual([])
  })

  it("has SPEC.md section 7's example calls with their verbs", () => {
    const have = new Set(entries.map(keyOf))
    expect(SPEC_EXAMPLES.filter((call) => !have.has(call))).toEqual([])
  })

  it('has the session and partner calls at their fixed verbs and paths', () => {
    expect(SESSION_AND_PARTNER_CALLS.map(([call]) => keyOf(call))).toEqual(SESSION_AND_PARTNER_CALLS.map(([, want]) => want))
  })

  it("has the student's roll and notice calls at their fixed verbs and paths", () => {
    expect(STUDENT_CALLS.map(([call]) => keyOf(call))).toEqual(STUDENT_CALLS.map(([, want]) => want))
  })

  it("has the student's study calls at their fixed verbs and paths", () => {
    expect(STUDY_CALLS.map(([call]) => keyOf(call))).toEqual(STUDY_CALLS.map(([, want]) => want))
  })

  it('is grouped by service, with the tabs bms, ums and cms', () => {
    expect(CATALOGUE_TABS).toEqual(['bms', 'ums', 'cms'])
    expect(Object.keys(api).sort()).toEqual(['bms', 'cms', 'ems', 'fms', 'sms', 'ums', 'zms'])
    for (const family of definedFamilies()) {
      const service = family.basePath.split('/')[2] as keyof typeof api
      expect(Object.keys(api)).toContain(service)
    }
  })

  it('never declares one verb and path twice', () => {
    const seen = entries.map(keyOf)
    expect(seen.filter((k, i) => seen.indexOf(k) !== i)).toEqual([])
  })

  it('gives every resource with base calls the standard verbs and paths', () => {
    const byResource = new Map<string, CatalogueEntry[]>()
    for (const e of entries.filter((x) => x.base))
      byResource.set(`${e.family}|${e.resource}`, [...(byResource.get(`${e.family}|${e.resource}`) ?? []), e])
    expect(byResource.size).toBeGreaterThan(300)
    for (const calls of byResource.values()) {
      const root = calls.find((c) => c.name === 'save')!.path
      expect(calls.map((c) => `${c.name} ${c.method} ${c.path.slice(root.length)} ${c.kind}`)).toEqual([
        'save POST  request',
        'update PUT  request',
        'remove DELETE  request',
        'list GET /list request',
        'listSimple GET /listSimple request',
        'details GET /details request',
        'export GET /export download',
        'upload POST /upload upload',
        'downloadMould GET /downloadMould download',
      ])
    }
    expect(Object.keys(BASE_CALLS)).toHaveLength(9)
  })

  it('gives each named action the verb of its name unless the table overrides it', () => {
    const byRule = entries.filter((e) => !e.base && !e.verbGiven)
    expect(byRule.length).toBeGreaterThan(100)
    expect(byRule.filter((e) => e.method !== verbByRule(e.name)).map((e) => `${e.method} ${e.path}`)).toEqual([])
  })
})

describe('the verb rule of SPEC.md section 7', () => {
  it.each([
    [
      'GET',
      [
        'list',
        'listSimple',
        'listName',
        'details',
        'search',
        'export',
        'downloadMould',
        'listForClient',
        'listTuitionOrder',
        'detailsForClient',
        'exports',
      ],
    ],
    ['POST', ['save', 'apply', 'upload', 'publish', 'init', 'saveForClient', 'applyPoint', 'uploadByExcel', 'publishGrade']],
    [
      'PUT',
      [
        'update',
        'audit',
        'pass',
        'sync',
        'assign',
        'set',
        'batchAudit',
        'auditByEducation',
        'passByEnroll',
        'setScoreMap',
        'updatePlaybackProgress',
        'batchUpdateStatus',
      ],
    ],
    ['DELETE', ['remove', 'batchRemove', 'removeSection']],
  ] as const)('%s for %j', (verb, names) => {
    expect(names.map((n) => verbByRule(n))).toEqual(names.map(() => verb))
  })

  it('says nothing for names outside it, which the table must then give a verb', () => {
    expect(['signIn', 'settle', 'passwordReset', 'listen', 'getByDomain', 'filing', 'payFee'].map((n) => verbByRule(n))).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
    ])
  })
})

describe('catalogue calls over the wire', () => {
  let server: TestServer
  beforeAll(async () => {
    server = await startTestServer()
    setApiHost(server.url)
  })
  afterAll(() => server.close())

  it('send their payload by their verb to their path', async () => {
    server.on('PUT /api/ems/server/complaint/filing', { body: envelope(null) })
    server.on('GET /api/cms/night/nightClass/listForClient', { body: envelope([]) })
    server.on('DELETE /api/ums/promote/clue/batchRemove', { body: envelope(null) })
    server.on('POST /api/ems/partner/clue', { body: envelope({ id: 5 }) })
    server.on('GET /api/ems/partner/config/level/listSimple', { body: envelope([]) })
    await api.ems.server.complaint.filing({ id: 9, remark: '已归档' })
    await api.cms.night.nightClass.listForClient({ page: 2 })
    await api.ums.promote.clue.batchRemove({ ids: [1, 2] })
    const created = await api.ems.partner.clue.save({ name: '赵六', phone: '13700001111', contactMethod: '电话' })
    await api.ems.partner.level.listSimple()
    expect(created.data.id).toBe(5)
    expect(server.requests.map((r) => `${r.method} ${r.path} q=${r.rawQuery} b=${r.body}`)).toEqual([
      'PUT /api/ems/server/complaint/filing q= b=id=9&remark=%E5%B7%B2%E5%BD%92%E6%A1%A3',
      'GET /api/cms/night/nightClass/listForClient q=page=2 b=',
      'DELETE /api/ums/promote/clue/batchRemove q=ids=1&ids=2 b=',
      'POST /api/ems/partner/clue q= b=name=%E8%B5%B5%E5%85%AD&phone=13700001111&contactMethod=%E7%94%B5%E8%AF%9D',
      'GET /api/ems/partner/config/level/listSimple q= b=',
    ])
  })
})
