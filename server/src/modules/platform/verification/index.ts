// The verification module's face: what other modules may use (they import nothing else from here).
export { createVerificationService, STEP_UP_CODE_TYPE, type VerificationService } from './verification.service.ts'
export { verificationRoutes } from './verification.routes.ts'
