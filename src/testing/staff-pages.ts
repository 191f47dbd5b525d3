import { dispatchStaff } from '../staff/events'
import type { StaffMe } from '../staff/reducer'
import { HEAD_TEACHER } from './operator'
import { settleLaunch } from '../session/launch-state'
import { useStore } from '../store'
import { pageHarness, type PageHarness } from './pages'

export { HEAD_TEACHER, operatorOf } from './operator'

/** A staff page test file's harness (pages.ts), an operator signed in (the staff session). */
export type StaffPageHarness = PageHarness

/** Installs the hooks of a staff page test file, `operator` signed in (none: null); `h.server` and `h.navigations` are ready in each test. */
export function staffPageHarness(operator: StaffMe | null = HEAD_TEACHER): StaffPageHarness {
  return pageHarness(() => {
    useStore.setState({ staff: null, staffKnown: false })
    settleLaunch(Promise.resolve())
    if (operator) dispatchStaff({ type: 'staffSignedIn', staff: operator, via: 'session' })
  })
}
