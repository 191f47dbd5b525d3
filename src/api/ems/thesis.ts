import type { ApiBody, ApiData } from '@activity/api-types'
import { call, defineFamily, type NoPayload, uploadCall } from '../define'

// The student's 论文 (the thesis module's student routes). Times are ISO text, days yyyy-MM-dd.
// The types are the back-office's own (@activity/api-types, `npm run api:types`).

/**
 * 我的论文 as the student sees it: the batch's windows (null: no thesis work for their batch yet),
 * their topic (or the topics to choose and why not, `topicRefusal`), each stage's versions
 * (latest first) and why the next may not be submitted (`refusal`), the defence, and the score
 * once published. commitTitle and commitFile answer the same.
 */
export type ThesisMine = ApiData<'/api/ems/thesis/client/detailsForClient', 'get'>

export type ThesisBatch = NonNullable<ThesisMine['batch']>

/** An offered topic (or the student's own, `proposedByStudent`) with its places left. */
export type ThesisTopic = ThesisMine['topics'][number]

/** The student's choice: 待确认 until the advisor decides, 已拒绝 with their reason. */
export type ThesisSelection = NonNullable<ThesisMine['selection']>

/** One stage (开题报告, 初稿, 定稿, 实习报告): its last day, an extension, its versions. */
export type ThesisStageState = ThesisMine['stages'][number]

/** One submitted version: `url` and `commentUrl` signed. */
export type ThesisFile = ThesisStageState['versions'][number]

export type ThesisDefence = NonNullable<ThesisMine['session']>

export type ThesisScore = NonNullable<ThesisMine['score']>

/** `topicId` to choose an offered topic; or `title` (and `description`) with `advisorId` to propose one's own. */
export type CommitTitlePayload = ApiBody<'/api/ems/thesis/client/commitTitle', 'put'>

/** /api/ems/thesis: thesis batches, students, replies and scores (audit, publish, rollback). */
export const thesis = defineFamily('/api/ems/thesis', {
  // The student's own calls. commitFile is the specification's PUT; the platforms' upload APIs
  // (Taro.uploadFile, wx.uploadFile, my.uploadFile) send POST only, so the app uploads through
  // `uploadFile`, the same address as a POST (`stage`, then `file`, PDF or Word up to 20 MB).
  client: {
    base: false,
    actions: {
      detailsForClient: call<NoPayload, ThesisMine>('GET'),
      commitTitle: call<CommitTitlePayload, ThesisMine>('PUT'),
      commitFile: 'PUT',
      uploadFile: uploadCall<ThesisMine>('commitFile'),
    },
  },
  batch: { actions: { publish: true } },
  student: { actions: { audit: true, rollbackLatest: 'PUT' } },
  reply: { actions: { confirmReply: 'PUT' } },
  teacher: {},
  collection: {},
  collectionField: {},
  score: { actions: { publishGrade: true } },
  internshipReport: {},
  peer: {},
})
