// The notices module's face: what other modules may use (they import nothing else from here).
export { createNoticesRepository } from './notices.repository.ts'
export { noticesRoutes } from './notices.routes.ts'
export { seedNoticesDemo } from './notices.seed.ts'
export { noticeReach, unreadNoticeCount } from './notices.service.ts'
