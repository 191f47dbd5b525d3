// Load Taro's H5 runtime once before any test module: importing the router first hits the
// router <-> taro-h5 import cycle ("Cannot read properties of undefined (reading 'history')").
require('@tarojs/taro')

// test-utils-react still calls react-dom/test-utils' act; React 18.3 warns on every mount.
/* eslint-disable no-console -- this file filters known messages out of console.error and console.warn */
const originalError = console.error
console.error = (...args) => {
  if (typeof args[0] === 'string' && args[0].includes('ReactDOMTestUtils.act')) return
  originalError(...args)
}

// The H5 Picker measures its rows from the column's scrollHeight, which jsdom (no layout) leaves
// at 0; it warns and keeps its 34 px rows, on every column it draws.
const originalWarn = console.warn
console.warn = (...args) => {
  if (args[0] === 'Height measurement anomaly') return
  originalWarn(...args)
}
