import type { StateCreator } from 'zustand'
import type { RouterSnapshot } from '../session/types'

/** The page a person is on (page, path, query), kept by the page router helper. */
export interface RouterSlice {
  router: RouterSnapshot | null
  setRouter: (router: RouterSnapshot) => void
}

export const createRouterSlice: StateCreator<RouterSlice, [], [], RouterSlice> = (set) => ({
  router: null,
  setRouter: (router) => set({ router }),
})
