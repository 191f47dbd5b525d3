/** SPEC.md section 9: request, socket, upload and download time-outs are 60 seconds each. */
export const NETWORK_TIMEOUT_MS = 60_000

/** The app config's `networkTimeout` (mini-programs apply it to every call of each kind). */
export const NETWORK_TIMEOUT = {
  request: NETWORK_TIMEOUT_MS,
  connectSocket: NETWORK_TIMEOUT_MS,
  uploadFile: NETWORK_TIMEOUT_MS,
  downloadFile: NETWORK_TIMEOUT_MS,
} as const
