// The notices module's face: what other modules may use (they import nothing else from here).
export { createNoticesRepository } from './notices.repository.ts'
export { noticesRoutes } from './notices.routes.ts'
export { seedNoticesDemo } from './notices.seed.ts'
export { noticeReach, unreadNoticeCount } from './notices.service.ts'
// The audience of a notice is the rule of "which students" that a mailing of textbooks follows too.
export { studentsAddressedBy, type NoticeTarget } from './notices.repository.ts'
export { targetFields } from './notices.schemas.ts'
export { targetLabel } from './notices.service.ts'
