// Stands in for polyfills Taro's H5 runtime imports unconditionally (whatwg-fetch,
// abortcontroller-polyfill): every browser of our browserslist (Chrome 69+, iOS 12+) has fetch
// and AbortController natively.
module.exports = {}
