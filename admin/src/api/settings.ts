/** 设置 (`/api/bms/develop/config/settings`): the office's settings by SettingKey; 管理员 only. */
import type { ApiBody, ApiData } from '@activity/api-types'
import { get, put } from './client'

export type Settings = ApiData<'/api/bms/develop/config/settings', 'get'>
export type SettingsInput = ApiBody<'/api/bms/develop/config/settings', 'put'>

const base = '/api/bms/develop/config/settings'

export const settingsApi = {
  get: () => get<Settings>(base),
  save: (input: SettingsInput) => put<Settings>(base, input, { quiet: true }),
}
