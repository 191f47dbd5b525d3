// babel-jest for node-side tests: the project's TypeScript/React syntax, CommonJS modules.
const { createTransformer } = require('babel-jest')

module.exports = createTransformer({
  babelrc: false,
  configFile: false,
  presets: [
    ['@babel/preset-env', { targets: { node: 'current' }, modules: 'commonjs' }],
    ['@babel/preset-react', { runtime: 'automatic' }],
    '@babel/preset-typescript',
  ],
})
