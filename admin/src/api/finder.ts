/** 快速查找 (`/api/bms/system/finder/search`): students, partners and clues by a part of the name or a whole phone. */
import type { ApiData } from '@activity/api-types'
import { get } from './client'

export type Findings = ApiData<'/api/bms/system/finder/search', 'get'>

export const finderApi = {
  /** Quiet: the finder shows a refusal in its own list, not as a toast. */
  search: (q: string, signal?: AbortSignal) => get<Findings>('/api/bms/system/finder/search', { q }, { quiet: true, signal }),
}
