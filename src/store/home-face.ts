import type { StateCreator } from 'zustand'
import type { HomeFace } from '../session/types'

/**
 * The part of home (学员 | 合伙人) each person holding both profiles last chose, by account id:
 * kept on the device across sign-outs and restarts, so each person finds home as they left it.
 */
export interface HomeFaceSlice {
  homeFaces: Record<string, HomeFace>
  setHomeFace: (accountId: number, face: HomeFace) => void
}

export const createHomeFaceSlice: StateCreator<HomeFaceSlice, [], [], HomeFaceSlice> = (set) => ({
  homeFaces: {},
  setHomeFace: (accountId, face) => set((s) => ({ homeFaces: { ...s.homeFaces, [String(accountId)]: face } })),
})
