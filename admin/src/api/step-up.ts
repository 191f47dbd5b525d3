/** 身份验证 (二次验证, `/api/bms/system/stepUp`): the operator confirms who they are before a high-risk action. */
import type { ApiBody, ApiData } from '@activity/api-types'
import { get, post } from './client'

const base = '/api/bms/system/stepUp'

export type StepUpState = ApiData<'/api/bms/system/stepUp/methods', 'get'>
export type StepUp = ApiData<'/api/bms/system/stepUp/password', 'post'>
export type TotpSetup = ApiData<'/api/bms/system/stepUp/totp/setup', 'post'>

/** The confirmations are quiet: the dialog shows a refusal (wrong password, locked) in place. */
export const stepUpApi = {
  state: () => get<StepUpState>(`${base}/methods`, undefined, { quiet: true }),
  password: (body: ApiBody<'/api/bms/system/stepUp/password', 'post'>) => post<StepUp>(`${base}/password`, body, { quiet: true }),
  sendSms: () => post<ApiData<'/api/bms/system/stepUp/sendSms', 'post'>>(`${base}/sendSms`, undefined, { quiet: true }),
  sms: (body: ApiBody<'/api/bms/system/stepUp/sms', 'post'>) => post<StepUp>(`${base}/sms`, body, { quiet: true }),
  totp: (body: ApiBody<'/api/bms/system/stepUp/totp', 'post'>) => post<StepUp>(`${base}/totp`, body, { quiet: true }),
  /** Needs a step-up: the client opens the dialog first when there is none; quiet, the page shows a refusal. */
  setupTotp: () => post<TotpSetup>(`${base}/totp/setup`, undefined, { quiet: true }),
  enableTotp: (body: ApiBody<'/api/bms/system/stepUp/totp/enable', 'post'>) => post<null>(`${base}/totp/enable`, body, { quiet: true }),
  disableTotp: () => post<null>(`${base}/totp/disable`),
}
