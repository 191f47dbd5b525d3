/** 档位 (`/api/ems/partner/config/level`): every tier, lowest minimum first; 管理员 writes them. */
import type { ReferralBonusMode } from '@activity/wire'
import { del, get, post, put } from './client'

export interface Level {
  id: number
  name: string
  minDeals: number
  /** fen */
  commissionPerDeal: number
}

export type LevelInput = Omit<Level, 'id'>

/** The referral bonus per deal of a directly referred partner; 关闭 by default. */
export interface ReferralBonus {
  mode: ReferralBonusMode
  /** fen per deal (固定金额); 0 otherwise */
  amount: number
  /** whole % of the deal's commission (佣金比例); 0 otherwise */
  percent: number
}

const base = '/api/ems/partner/config/level'

export const levelsApi = {
  list: () => get<Level[]>(`${base}/list`),
  create: (input: LevelInput) => post<Level>(base, input, { quiet: true }),
  update: (input: Level) => put<Level>(base, input, { quiet: true }),
  remove: (id: number) => del<null>(base, { id }),
  referralBonus: () => get<ReferralBonus>(`${base}/referralBonus`),
  /** 管理员; only the field of the chosen mode is sent. */
  saveReferralBonus: (input: { mode: ReferralBonusMode; amount?: number; percent?: number }) =>
    put<ReferralBonus>(`${base}/referralBonus`, input, { quiet: true }),
}
