import { partner } from '../api/ems/partner'
import type { PosterSource } from '../components/share-poster/poster-code'
import { asStaff } from './session'

/**
 * The 招生老师's own share poster (the workbench's 我的推广海报): their share code, made on first
 * use, on the operator's backgrounds; a prospect who leaves details through it becomes their clue.
 */
export const STAFF_POSTER: PosterSource = {
  load: async () => (await partner.partner.sharePosterForEnroll(undefined, asStaff())).data,
  miniCode: async () => (await partner.partner.miniProgramCodeForEnroll({}, asStaff())).data,
}
