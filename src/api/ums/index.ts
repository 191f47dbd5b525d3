/** The ums service: users (and the session calls), enterprise users, promotion. */
export { user } from './user'
export { enterprise } from './enterprise'
export { promote } from './promote'
