/**
 * Reading an address handed over in a page's query (`?url=`, `?redirect_uri=`): H5 hands query
 * values over decoded, mini-programs as they were in the address, so a value that is still
 * percent-encoded (it does not start with a scheme) is decoded once more.
 */
export function addressParam(value: string | undefined): string {
  let v = (value ?? '').trim()
  for (let i = 0; i < 2 && v !== '' && !/^[a-z][a-z0-9+.-]*:/i.test(v) && /%[0-9A-Fa-f]{2}/.test(v); i += 1) {
    try {
      v = decodeURIComponent(v).trim()
    } catch {
      break
    }
  }
  return v
}
