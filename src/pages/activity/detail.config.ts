import { pageConfigOf } from '../../routes'

// Shared to friends and the timeline (the mini-programs need the two flags for the page's share hooks).
export default definePageConfig({ ...pageConfigOf('pages/activity/detail'), enableShareAppMessage: true, enableShareTimeline: true })
