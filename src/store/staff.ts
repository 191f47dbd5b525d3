import type { StateCreator } from 'zustand'
import { STAFF_SIGNED_OUT, type StaffState } from '../staff/reducer'

/**
 * The 教职工 session's state (src/staff): changed only through staff events (src/staff/events.ts).
 * Not persisted: each run asks the server once (signInfo), the cookie being the session.
 */
export type StaffSlice = StaffState

export const createStaffSlice: StateCreator<StaffSlice, [], [], StaffSlice> = () => ({ ...STAFF_SIGNED_OUT })
