// Load Taro's H5 runtime once before any test module: importing the router first hits the
// router <-> taro-h5 import cycle ("Cannot read properties of undefined (reading 'history')").
require('@tarojs/taro')

// test-utils-react still calls react-dom/test-utils' act; React 18.3 warns on every mount.
/* eslint-disable no-console -- this file filters one known warning out of console.error */
const originalError = console.error
console.error = (...args) => {
  if (typeof args[0] === 'string' && args[0].includes('ReactDOMTestUtils.act')) return
  originalError(...args)
}
