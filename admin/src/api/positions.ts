/** 岗位 (`/api/bms/system/position`): positions and the rights they grant. */
import type { ApiBody, ApiData } from '@activity/api-types'
import { del, get, post, put } from './client'

export type Position = ApiData<'/api/bms/system/position/list', 'get'>[number]
export type RightCatalogue = ApiData<'/api/bms/system/position/rights', 'get'>

const base = '/api/bms/system/position'

export const positionsApi = {
  list: () => get<Position[]>(`${base}/list`),
  rights: () => get<RightCatalogue>(`${base}/rights`),
  create: (body: ApiBody<'/api/bms/system/position', 'post'>) => post<Position>(base, body, { quiet: true }),
  update: (body: ApiBody<'/api/bms/system/position', 'put'>) => put<Position>(base, body, { quiet: true }),
  remove: (id: number) => del<null>(base, { id }),
}
