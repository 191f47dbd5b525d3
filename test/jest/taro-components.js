// '@tarojs/components' in the H5 tests: Taro's HTML components (@tarojs/components-react), as the
// H5 build ships them (h5.useHtmlComponents). Their Button, Picker and Refresher import View and
// ScrollView back from '@tarojs/components' while the package's index is still loading; webpack's
// live bindings allow that, CommonJS does not, so those two are exported before the index loads.
exports.__esModule = true
exports.View = require('@tarojs/components-react/dist/components/view/index.js').default
exports.ScrollView = require('@tarojs/components-react/dist/components/scroll-view/index.js').default
Object.assign(exports, require('@tarojs/components-react'))
