import type { StateCreator } from 'zustand'

/** SPEC.md section 9: the server clock ticks locally every 1000 ms. */
export const SERVER_CLOCK_TICK_MS = 1000

/**
 * The server's clock: fetched once (GET timestamp), then ticked locally. The offset from the
 * device clock is kept so a tick that runs late (a backgrounded app) does not drift.
 */
export interface ServerTimeSlice {
  /** The server's time in ms, or null before the first answer. */
  serverNow: number | null
  /** serverNow minus the device clock, or null before the first answer. */
  serverOffsetMs: number | null
  setServerTime: (serverMs: number, deviceMs?: number) => void
  tickServerTime: (deviceMs?: number) => void
}

export const createServerTimeSlice: StateCreator<ServerTimeSlice, [], [], ServerTimeSlice> = (set, get) => ({
  serverNow: null,
  serverOffsetMs: null,
  setServerTime: (serverMs, deviceMs = Date.now()) => set({ serverNow: serverMs, serverOffsetMs: serverMs - deviceMs }),
  tickServerTime: (deviceMs = Date.now()) => {
    const offset = get().serverOffsetMs
    if (offset !== null) set({ serverNow: deviceMs + offset })
  },
})
