// Mini-program tests drive the simulator through asynchronous React renders and setData; on a
// loaded machine a tap's result can come late. A failed test is retried up to twice, its first
// errors printed, so a real failure still fails and every flake stays visible in the log.
jest.retryTimes(2, { logErrorsBeforeRetry: true })

// The tests' back-office databases (server/test/postgres-databases.ts) are made with node-postgres, which
// needs TextEncoder and TextDecoder; jest's jsdom environment leaves them out.
if (typeof globalThis.TextEncoder === 'undefined') Object.assign(globalThis, { TextEncoder: require('node:util').TextEncoder })
if (typeof globalThis.TextDecoder === 'undefined') Object.assign(globalThis, { TextDecoder: require('node:util').TextDecoder })

/* eslint-disable no-console -- this file condenses the weapp build's console warnings */
// The weapp build is minified: for a console.warn or console.error called from it, jest prints the
// bundle's whole first line (tens of thousands of characters) as the call's code frame, which
// buries the log a person reads when CI fails. Such a message is logged instead under a heading
// that names the bundle's position (`console.warn (from the build, dist/weapp/common.js:1:47859)`),
// with no code frame and each of its lines cut at 400 characters. Warnings and errors from the
// tests themselves are logged as before, with the code frame of their caller's line. Both go
// through jest's console's `_log(type, message)`, called from here at the depth `warn` calls it,
// so that jest still takes the caller as the message's origin.
const { format } = require('node:util')
const BUNDLE_FRAME = /[\\/](dist[\\/][^\\/]+[\\/].*?:\d+:\d+)/
const LONGEST = 400
if (typeof console._log === 'function') {
  for (const type of ['warn', 'error']) {
    console[type] = function condensed(...args) {
      // [0] "Error", [1] this function, [2] its caller.
      const caller = (new Error().stack ?? '').split('\n')[2] ?? ''
      const bundle = caller.match(BUNDLE_FRAME)
      if (!bundle) return console._log(type, format(...args))
      const text = format(...args)
        .split('\n')
        .map((line) => (line.length > LONGEST ? `${line.slice(0, LONGEST)}… (${line.length} characters)` : line))
        .join('\n')
      return console._log(`${type} (from the build, ${bundle[1].replace(/\\/g, '/')})`, text)
    }
  }
}
