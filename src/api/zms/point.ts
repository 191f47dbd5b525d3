import { call, defineFamily, type NoPayload, uploadCall } from '../define'
import type {
  ApplyPointBody,
  CheckInAnswer,
  PageQuery,
  PointsApplication,
  PointsApplicationPage,
  PointsImage,
  PointsSummary,
} from './points-types'

export type * from './points-types'

/** /api/zms/point: point configuration, students' points (我的积分, 签到) and applications (积分申请). */
export const point = defineFamily('/api/zms/point', {
  pointConfig: {},
  studentPoint: {
    actions: {
      listForClient: call<NoPayload, PointsSummary>('GET'),
      checkIn: call<NoPayload, CheckInAnswer>('POST'),
    },
  },
  // A photo is uploaded first (its key goes in `images`); then the application (待审核).
  studentPointRecord: {
    base: { upload: uploadCall<PointsImage>() },
    actions: {
      applyPoint: call<ApplyPointBody, PointsApplication>(),
      listForClient: call<PageQuery, PointsApplicationPage>(),
      audit: true,
    },
  },
})
