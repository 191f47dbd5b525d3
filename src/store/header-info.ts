import type { StateCreator } from 'zustand'
import type { HeaderInfo } from '../session/types'

/** School, major and discipline chosen on this device; prefills forms when the user has none. */
export interface HeaderInfoSlice {
  headerInfo: HeaderInfo | null
  setHeaderInfo: (info: HeaderInfo) => void
}

export const createHeaderInfoSlice: StateCreator<HeaderInfoSlice, [], [], HeaderInfoSlice> = (set) => ({
  headerInfo: null,
  setHeaderInfo: (headerInfo) => set({ headerInfo }),
})
