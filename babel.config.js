// babel-preset-taro: https://docs.taro.zone/docs/next/babel-config
// useBuiltIns stays false on every platform: 'usage' makes transform-runtime inject core-js-pure
// ponyfills for every built-in call (about 240 KB raw on H5) whatever the targets, and our
// targets (package.json browserslist: Chrome 69+, iOS 12+) have those built-ins natively.
module.exports = {
  presets: [['taro', { framework: 'preact', ts: true, compiler: 'webpack5', useBuiltIns: false }]],
}
