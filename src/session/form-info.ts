import { useMemo } from 'react'
import { useStore } from '../store'
import type { HeaderInfo, UserInfo } from './types'

/**
 * The form-info prefill (SPEC.md section 4): school, major and discipline from the user, or else
 * from the header info chosen on this device. With no discipline known, the page shows the
 * header-info selector.
 */
export interface FormInfo extends HeaderInfo {
  showHeaderSelector: boolean
}

export function formInfoOf(user: UserInfo | null | undefined, headerInfo: HeaderInfo | null | undefined): FormInfo {
  const school = user?.school || headerInfo?.school || ''
  const major = user?.major || headerInfo?.major || ''
  const discipline = user?.discipline || headerInfo?.discipline || ''
  return { school, major, discipline, showHeaderSelector: !discipline }
}

export function useFormInfo(): FormInfo {
  const user = useStore((s) => s.user)
  const headerInfo = useStore((s) => s.headerInfo)
  return useMemo(() => formInfoOf(user, headerInfo), [user, headerInfo])
}
