/** 档位 (`/api/ems/partner/config/level`): every tier, lowest minimum first; 管理员 writes them. */
import type { ApiBody, ApiData, ApiItem } from '@activity/api-types'
import { del, get, post, put } from './client'

/** A tier: `commissionPerDeal` in fen. */
export type Level = ApiItem<'/api/ems/partner/config/level/list', 'get'>

export type LevelInput = ApiBody<'/api/ems/partner/config/level', 'post'>

/** The referral bonus per deal of a directly referred partner (关闭 by default): `amount` fen (固定金额), `percent` whole % (佣金比例). */
export type ReferralBonus = ApiData<'/api/ems/partner/config/level/referralBonus', 'get'>

const base = '/api/ems/partner/config/level'

export const levelsApi = {
  list: () => get<Level[]>(`${base}/list`),
  create: (input: LevelInput) => post<Level>(base, input, { quiet: true }),
  update: (input: ApiBody<'/api/ems/partner/config/level', 'put'>) => put<Level>(base, input, { quiet: true }),
  remove: (id: number) => del<null>(base, { id }),
  referralBonus: () => get<ReferralBonus>(`${base}/referralBonus`),
  /** 管理员; only the field of the chosen mode is sent. */
  saveReferralBonus: (input: ApiBody<'/api/ems/partner/config/level/referralBonus', 'put'>) =>
    put<ReferralBonus>(`${base}/referralBonus`, input, { quiet: true }),
}
