/**
 * The client's one way to write to the developer console. Outcomes that no person needs to see
 * (the WeChat JS-SDK's init, a background login that did not happen) are logged here, never
 * shown; keeping it in one module keeps `no-console` meaningful everywhere else.
 */
/* eslint-disable no-console -- this module is the console's only door (see above) */
export const logger = {
  info: (message: string, ...details: unknown[]) => console.info(`[activity_mobile] ${message}`, ...details),
  warn: (message: string, ...details: unknown[]) => console.warn(`[activity_mobile] ${message}`, ...details),
}
