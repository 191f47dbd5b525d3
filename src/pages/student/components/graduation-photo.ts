import { ApprovalStatus } from '@activity/wire'
import type { PhotoCollection, PhotoMine } from '../../../api/ems/education'

// 毕业照片's page rules: what the specification card says, whether a picked file is a JPG, and why
// the latest photo was refused. The check of a picked photo itself is @activity/domain's
// photoProblem, in the server's words.

/** The specification's rows: 尺寸, 格式, 大小, 背景, 截止日期 (已截止 once the deadline passed). */
export function specRows(c: PhotoCollection): Array<{ name: string; label: string; value: string }> {
  return [
    { name: 'size', label: '尺寸', value: `${c.width}×${c.height}像素（宽×高）` },
    { name: 'format', label: '格式', value: 'JPG' },
    { name: 'bytes', label: '大小', value: `${c.minKb}KB–${c.maxKb}KB` },
    { name: 'background', label: '背景', value: c.background },
    { name: 'deadline', label: '截止日期', value: c.open ? c.deadlineDate : `${c.deadlineDate}（已截止）` },
  ]
}

/**
 * Whether a picked file is a JPG, by what the platform tells of it: its MIME type (H5's chosen
 * File), getImageInfo's `type` (the mini-programs: jpeg, png ...), else its name's extension; null
 * when nothing tells (the server decides from the bytes).
 */
export function isJpg({ mime, infoType, path }: { mime?: string | null; infoType?: string | null; path: string }): boolean | null {
  if (mime && mime.startsWith('image/')) return /^image\/p?jpe?g$/i.test(mime)
  if (infoType) return /^jpe?g$/i.test(infoType)
  const ext = /\.([a-z0-9]+)(?:[?#].*)?$/i.exec(path.split('/').pop() ?? '')?.[1]
  return ext ? /^jpe?g$/i.test(ext) : null
}

/** 驳回原因: the comment of the approver who refused the latest photo (null when it was not refused, or said nothing). */
export function refusalReason(mine: Pick<PhotoMine, 'photos' | 'approval'>): string | null {
  const latest = mine.photos[0]
  if (!latest || latest.status !== ApprovalStatus.refused || !mine.approval || mine.approval.subjectId !== latest.id) return null
  for (const step of mine.approval.steps) {
    const refused = step.approvers.find((a) => a.decision === 'refuse')
    if (refused) return refused.comment?.trim() || null
  }
  return null
}
