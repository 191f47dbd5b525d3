import type { ApproverPhoto, GraduationPhoto, PhotoCollection, PhotoMine } from '../api/ems/education'
import { PHOTO_SPEC_DEFAULTS } from '@activity/domain'
import { stepOf, SUBMITTED } from './approvals'

/** Test-only: 毕业照片's server answers, to the student (/mine) and to an approver (/photo): the student's page and 审批详情 share them. */
export const MINE = 'GET /api/ems/education/photoCollection/mine'
export const UPLOAD = '/api/ems/education/photoCollection/upload'
export const PHOTO = 'GET /api/ems/education/photoCollection/photo'

/** 2026年1期's collection, open until 2026-06-30: 480×640 JPG, 10-100KB, 浅蓝色. */
export function collectionOf(over: Partial<PhotoCollection> = {}): PhotoCollection {
  return {
    id: 4,
    title: '2026年1期毕业照片采集',
    batchYear: 2026,
    batch: 1,
    deadlineDate: '2026-06-30',
    open: true,
    ...PHOTO_SPEC_DEFAULTS,
    createdBy: '张教务',
    createdAt: '2026-03-01T02:00:00.000Z',
    ...over,
  }
}

export function photoOf(over: Partial<GraduationPhoto> = {}): GraduationPhoto {
  return {
    id: 12,
    url: '/files/graduation-photos/2026/03/s3-b.jpg?e=1&s=x',
    bytes: 51_200,
    width: 480,
    height: 640,
    status: '审批中',
    uploadedAt: '2026-03-05T02:00:00.000Z',
    ...over,
  }
}

const HEAD_TEACHER = stepOf({ name: '班主任审核' })
const OFFICE = stepOf({
  id: 2,
  seq: 2,
  name: '教务处审核',
  status: '未开始',
  startedAt: null,
  approvers: [{ adminId: 12, name: '李主任', decision: null, decisionName: null, comment: null, actedAt: null }],
})
const decided = (decision: 'approve' | 'refuse', comment: string | null, actedAt: string) => ({
  decision,
  decisionName: decision === 'approve' ? '同意' : '驳回',
  comment,
  actedAt,
})

function approvalOf(photo: GraduationPhoto, over: Partial<NonNullable<PhotoMine['approval']>> = {}): NonNullable<PhotoMine['approval']> {
  return {
    id: 41,
    kind: 'graduationPhoto',
    kindName: '毕业照片',
    subjectId: photo.id,
    title: '林小雨的毕业照片',
    fields: [],
    applicantName: '林小雨',
    submittedByName: null,
    status: photo.status,
    createdAt: photo.uploadedAt,
    decidedAt: null,
    steps: [HEAD_TEACHER, OFFICE],
    timeline: [SUBMITTED],
    can: { decide: false, withdraw: false, revoke: false, resubmit: false },
    ...over,
  }
}

/** The student's photo in each state the page draws differently. */
export const PHOTO_STATES = {
  /** Their batch has no collection yet. */
  notOpened: (): PhotoMine => ({
    collection: null,
    photos: [],
    approval: null,
    canUpload: false,
    refusal: '你所在的批次还没有开始毕业照片采集',
  }),
  /** Open, nothing uploaded yet. */
  none: (): PhotoMine => ({ collection: collectionOf(), photos: [], approval: null, canUpload: true, refusal: null }),
  /** Uploaded, waiting for the head teacher. */
  pending: (): PhotoMine => {
    const photo = photoOf()
    return {
      collection: collectionOf(),
      photos: [photo],
      approval: approvalOf(photo),
      canUpload: false,
      refusal: '照片正在审核中，审核结束后才能重新上传',
    }
  },
  /** The head teacher refused the first photo (背景不是浅蓝色): upload again. */
  refused: (): PhotoMine => {
    const photo = photoOf({ status: '已驳回' })
    return {
      collection: collectionOf(),
      photos: [photo],
      approval: approvalOf(photo, {
        status: '已驳回',
        decidedAt: '2026-03-05T03:00:00.000Z',
        steps: [
          stepOf({
            name: '班主任审核',
            status: '已驳回',
            decidedAt: '2026-03-05T03:00:00.000Z',
            approvers: [{ ...HEAD_TEACHER.approvers[0]!, ...decided('refuse', '背景不是浅蓝色，请重新拍摄', '2026-03-05T03:00:00.000Z') }],
          }),
          { ...OFFICE, status: '已取消' },
        ],
      }),
      canUpload: true,
      refusal: null,
    }
  },
  /** The second photo approved by both steps; the refused first one in the history. */
  approved: (): PhotoMine => {
    const photo = photoOf({ id: 13, status: '已通过', uploadedAt: '2026-03-06T02:00:00.000Z' })
    return {
      collection: collectionOf(),
      photos: [photo, photoOf({ status: '已驳回' })],
      approval: approvalOf(photo, {
        status: '已通过',
        decidedAt: '2026-03-06T05:00:00.000Z',
        steps: [
          stepOf({
            name: '班主任审核',
            status: '已通过',
            approvers: [{ ...HEAD_TEACHER.approvers[0]!, ...decided('approve', null, '2026-03-06T03:00:00.000Z') }],
          }),
          {
            ...OFFICE,
            status: '已通过',
            approvers: [{ ...OFFICE.approvers[0]!, ...decided('approve', '合格', '2026-03-06T05:00:00.000Z') }],
          },
        ],
      }),
      canUpload: false,
      refusal: '照片已审核通过，不能再更换',
    }
  },
}

/** The photo as its approver opens it. */
export function approverPhotoOf(): ApproverPhoto {
  return { photo: photoOf(), studentName: '林小雨', collection: collectionOf() }
}
