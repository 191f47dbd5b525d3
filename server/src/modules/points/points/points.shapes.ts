// How points records and applications are answered (student and console alike).
import type { PointsApplicationStatus, PointsRecordType, PointsWayKind } from '../../../wire.ts'
import { signedImages } from './points.service.ts'
import type { pointsApplications, pointsRecords } from './points.table.ts'

export const toRecord = (r: typeof pointsRecords.$inferSelect) => ({
  id: r.id,
  change: r.change,
  balanceAfter: r.balanceAfter,
  type: r.type as PointsRecordType,
  wayKind: (r.wayKind as PointsWayKind | null) ?? null,
  note: r.note,
  createdAt: r.createdAt.toISOString(),
})

export const toApplication = (a: typeof pointsApplications.$inferSelect, wayName: string, secret: string) => ({
  id: a.id,
  wayId: a.wayId,
  wayName,
  description: a.description,
  images: signedImages(secret, a.images),
  status: a.status as PointsApplicationStatus,
  points: a.points,
  note: a.note,
  reviewedAt: a.reviewedAt?.toISOString() ?? null,
  createdAt: a.createdAt.toISOString(),
})
