// The sign-in-guard module's face: what other modules may use (they import nothing else from here).
export { createSignInGuard } from './sign-in-guard.service.ts'
