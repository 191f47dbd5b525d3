// The sign-in-records module's face: what other modules may use (they import nothing else from here).
// Sign-in calls record through `app.signInRecorder` (decorated in modules/index.ts), so the modules
// that sign people in do not import this one.
import type { SignInRecorder } from './sign-in-records.service.ts'

declare module 'fastify' {
  interface FastifyInstance {
    /** Records every sign-in attempt (登录记录) of the call it wraps. */
    signInRecorder: SignInRecorder
  }
}

export { createSignInRecorder, pruneSignInRecords, reasonOf, type SignInAttempt, type SignInRecorder } from './sign-in-records.service.ts'
export { signInRecordsRoutes } from './sign-in-records.routes.ts'
