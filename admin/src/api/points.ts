/**
 * 积分 (`/api/fms/cybermoney/*`, `/api/zms/point/studentPointRecord/*`): points ways, levels,
 * records (+ 人工调整), applications, shop goods and exchange orders. Every role reads; 管理员 writes.
 */
import type { ApiBody, ApiData, ApiItem, ApiQueryText } from '@activity/api-types'
import type { Page } from '@activity/wire'
import { del, get, post, put, upload } from './client'

const cyber = '/api/fms/cybermoney'
const apply = '/api/zms/point/studentPointRecord'

export type PointsWay = ApiItem<'/api/fms/cybermoney/pointsWay/list', 'get'>
export type PointsWayInput = ApiBody<'/api/fms/cybermoney/pointsWay/save', 'post'>
export type PointsLevel = ApiItem<'/api/fms/cybermoney/pointsLevel/list', 'get'>
export type PointsLevelInput = ApiBody<'/api/fms/cybermoney/pointsLevel/save', 'post'>
export type PointsRecordRow = ApiItem<'/api/fms/cybermoney/pointsRecord/list', 'get'>
export type StudentPointsRow = ApiItem<'/api/zms/point/studentPoint/list', 'get'>
export type PointsAdjust = ApiBody<'/api/fms/cybermoney/pointsRecord/adjust', 'post'>
export type PointsApplicationRow = ApiItem<'/api/zms/point/studentPointRecord/list', 'get'>
export type Good = ApiItem<'/api/fms/cybermoney/shopGood/list', 'get'>
export type GoodInput = ApiBody<'/api/fms/cybermoney/shopGood/save', 'post'>
export type GoodOrderRow = ApiItem<'/api/fms/cybermoney/goodOrder/list', 'get'>
/** An uploaded picture: `key` goes in the good's cover, `url` shows it now. */
export type StoredImage = ApiData<'/api/fms/cybermoney/shopGood/upload', 'post'>

export const pointsApi = {
  ways: () => get<Page<PointsWay>>(`${cyber}/pointsWay/list`),
  createWay: (input: PointsWayInput) => post<PointsWay>(`${cyber}/pointsWay/save`, input, { quiet: true }),
  updateWay: (input: PointsWayInput & { id: number }) => put<PointsWay>(`${cyber}/pointsWay/update`, input, { quiet: true }),
  removeWay: (id: number) => del<{ id: number }>(`${cyber}/pointsWay/delete`, { id }),

  levels: () => get<Page<PointsLevel>>(`${cyber}/pointsLevel/list`),
  createLevel: (input: PointsLevelInput) => post<PointsLevel>(`${cyber}/pointsLevel/save`, input, { quiet: true }),
  updateLevel: (input: PointsLevelInput & { id: number }) => put<PointsLevel>(`${cyber}/pointsLevel/update`, input, { quiet: true }),
  removeLevel: (id: number) => del<{ id: number }>(`${cyber}/pointsLevel/delete`, { id }),

  students: (query: ApiQueryText<'/api/zms/point/studentPoint/list', 'get'>) =>
    get<Page<StudentPointsRow>>('/api/zms/point/studentPoint/list', query),
  records: (query: ApiQueryText<'/api/fms/cybermoney/pointsRecord/list', 'get'>) =>
    get<Page<PointsRecordRow>>(`${cyber}/pointsRecord/list`, query),
  adjust: (input: PointsAdjust) =>
    post<ApiData<'/api/fms/cybermoney/pointsRecord/adjust', 'post'>>(`${cyber}/pointsRecord/adjust`, input, { quiet: true }),

  applications: (query: ApiQueryText<'/api/zms/point/studentPointRecord/list', 'get'>) =>
    get<Page<PointsApplicationRow>>(`${apply}/list`, query),
  approve: (input: { id: number; note?: string }) => put<unknown>(`${apply}/approve`, input, { quiet: true }),
  refuse: (input: { id: number; note: string }) => put<unknown>(`${apply}/refuse`, input, { quiet: true }),

  goods: (query: ApiQueryText<'/api/fms/cybermoney/shopGood/list', 'get'>) => get<Page<Good>>(`${cyber}/shopGood/list`, query),
  upload: (file: File) => upload<StoredImage>(`${cyber}/shopGood/upload`, file, { quiet: true }),
  createGood: (input: GoodInput) => post<Good>(`${cyber}/shopGood/save`, input, { quiet: true }),
  updateGood: (input: GoodInput & { id: number }) => put<Good>(`${cyber}/shopGood/update`, input, { quiet: true }),
  setGoodStatus: (input: ApiBody<'/api/fms/cybermoney/shopGood/updateStatus', 'put'>) => put<Good>(`${cyber}/shopGood/updateStatus`, input),
  removeGood: (id: number) => del<{ id: number }>(`${cyber}/shopGood/delete`, { id }),

  orders: (query: ApiQueryText<'/api/fms/cybermoney/goodOrder/list', 'get'>) => get<Page<GoodOrderRow>>(`${cyber}/goodOrder/list`, query),
  ship: (input: ApiBody<'/api/fms/cybermoney/goodOrder/setExpressNumber', 'put'>) =>
    put<GoodOrderRow>(`${cyber}/goodOrder/setExpressNumber`, input, { quiet: true }),
  cancel: (input: ApiBody<'/api/fms/cybermoney/goodOrder/cancel', 'put'>) =>
    put<GoodOrderRow>(`${cyber}/goodOrder/cancel`, input, { quiet: true }),
}
