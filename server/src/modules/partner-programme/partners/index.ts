// The partners module's face: what other modules may use (they import nothing else from here).
export { findPartner, missingInfo, quickFindPartners, shareLink, toUser } from './partners.service.ts'
export { createDisabledError, createNotActiveError, createPartnerNotFoundError } from './partners.errors.ts'
export { createPartnersRepository } from './partners.repository.ts'
export { partnersRoutes } from './partners.routes.ts'
export { userSchema } from './partners.schemas.ts'

export { partnersView } from './partners.views.ts'
