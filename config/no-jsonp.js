// Stands in for jsonp-retry, which Taro.request uses only with `jsonp: true`; this app never asks
// for JSONP, so the call fails loudly instead of shipping 12 KB for it.
module.exports = function jsonpRetry() {
  return Promise.reject(new Error('JSONP requests are not supported by this app'))
}
