// The users module's face: what other modules may use (they import nothing else from here).
export { startPartnerSession, startPersonSession } from './users.service.ts'
export { usersRoutes } from './users.routes.ts'
