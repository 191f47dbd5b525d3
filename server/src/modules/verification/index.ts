// The verification module's face: what other modules may use (they import nothing else from here).
export { createVerificationService, type VerificationService } from './verification.service.ts'
export { verificationRoutes } from './verification.routes.ts'
