// The step-up module's face: what other modules and the step-up plugin use (they import nothing else from here).
export { findValidStepUp, STEP_UP_TTL_MS } from './step-up.service.ts'
export { createStepUpRequiredError } from './step-up.errors.ts'
export { stepUpRoutes } from './step-up.routes.ts'
