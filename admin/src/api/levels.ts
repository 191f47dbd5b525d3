/** 档位 (`/api/ems/partner/config/level`): every tier, lowest minimum first; 管理员 writes them. */
import { del, get, post, put } from './client'

export interface Level {
  id: number
  name: string
  minDeals: number
  /** fen */
  commissionPerDeal: number
}

export type LevelInput = Omit<Level, 'id'>

const base = '/api/ems/partner/config/level'

export const levelsApi = {
  list: () => get<Level[]>(`${base}/list`),
  create: (input: LevelInput) => post<Level>(base, input, { quiet: true }),
  update: (input: Level) => put<Level>(base, input, { quiet: true }),
  remove: (id: number) => del<null>(base, { id }),
}
