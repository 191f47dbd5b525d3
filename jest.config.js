// Three jest projects (README "Tests"):
//   unit  src/**/*.test.ts        node, pure logic and real-HTTP client tests
//   h5    src/**/*.dom.test.tsx   jsdom + Taro H5 runtime (@tarojs/test-utils-react)
//   mini  test/mini/*.test.ts     miniprogram-simulate over the compiled dist/weapp
const path = require('node:path')
// test-utils-react's own defaults, less the options that do not belong to a project.
const { bail, verbose, collectCoverageFrom, ...initConfig } = require('@tarojs/test-utils-react/dist/jest/initConfig.js').default

const constants = {
  API_HOST: '',
  APP_ENV: 'test',
  WEB_HOST: 'http://localhost',
  WX_APP_ID: 'wx-test-app-id',
  AMAP_KEY: 'test-amap-key',
  AMAP_BASE_URL: 'https://restapi.amap.com',
  DEFAULT_PROVINCE: '浙江',
}

// ES-module packages that jest must transform (everything else in node_modules is CommonJS).
const esm = [
  '@tarojs',
  'taro-ui',
  'swiper',
  'lodash-es',
  '@stencil',
  'query-string',
  'decode-uri-component',
  'split-on-first',
  'filter-obj',
  'universal-router',
  'path-to-regexp',
  'history',
  'mobile-detect',
  '\\.pnpm',
  'style-inject',
  'tslib',
]
const transformIgnorePatterns = [`/node_modules/(?!(${esm.join('|')})/)`]
const styleStub = path.join(__dirname, 'test/jest/style-stub.js')
// An image import is its URL text in the builds; in tests a fixed name.
const fileStub = path.join(__dirname, 'src/assets/file-stub.js')
const images = '\\.(png|jpe?g|gif|svg|webp)$'
const alias = { '^@/(.*)$': '<rootDir>/src/$1' }
// The H5 build renders with Preact (config/index.ts `framework: 'preact'`, which aliases react and
// react-dom to preact/compat) and Taro's HTML components; the H5 tests render with both too.
const preact = {
  '^react$': 'preact/compat',
  '^react-dom$': 'preact/compat',
  '^react-dom/client$': 'preact/compat/client',
  '^react-dom/test-utils$': 'preact/test-utils',
  '^react/jsx-runtime$': 'preact/jsx-runtime',
  '^react/jsx-dev-runtime$': 'preact/jsx-dev-runtime',
  // and Taro's HTML components (h5.useHtmlComponents), not its Stencil web components.
  '@tarojs/components$': path.join(__dirname, 'test/jest/taro-components.js'),
}

/** @type {import('jest').Config} */
module.exports = {
  testTimeout: 30000,
  projects: [
    {
      displayName: 'unit',
      testEnvironment: 'node',
      testMatch: ['<rootDir>/src/**/*.test.ts', '<rootDir>/packages/*/src/**/*.test.ts'],
      testPathIgnorePatterns: ['\\.dom\\.test\\.ts$'],
      transform: { '^.+\\.(js|jsx|ts|tsx|mjs)$': path.join(__dirname, 'test/jest/unit-transformer.js') },
      transformIgnorePatterns,
      moduleNameMapper: { ...alias, '\\.(css|scss|sass)$': styleStub, [images]: fileStub },
      globals: constants,
    },
    {
      ...initConfig,
      displayName: 'h5',
      testMatch: ['<rootDir>/src/**/*.dom.test.{ts,tsx}'],
      transform: { '^.+\\.(js|jsx|ts|tsx|mjs)$': require.resolve('@tarojs/test-utils-react/dist/jest/babel-transformer.js') },
      transformIgnorePatterns,
      moduleFileExtensions: ['ts', 'tsx', 'js', 'json', 'jsx', 'mjs'],
      moduleNameMapper: { ...initConfig.moduleNameMapper, ...preact, ...alias, '\\.(css|scss|sass)$': styleStub, [images]: fileStub },
      setupFiles: [...initConfig.setupFiles, path.join(__dirname, 'test/jest/h5-setup.js')],
      globals: { ...initConfig.globals, __TARO_FRAMEWORK__: 'preact', ...constants },
    },
    {
      displayName: 'mini',
      testEnvironment: 'jsdom',
      testMatch: ['<rootDir>/test/mini/**/*.test.ts'],
      setupFilesAfterEnv: [path.join(__dirname, 'test/jest/mini-setup.js')],
      transform: { '^.+\\.(js|jsx|ts|tsx|mjs)$': path.join(__dirname, 'test/jest/unit-transformer.js') },
      transformIgnorePatterns: ['/node_modules/', '/dist/'],
      globals: constants,
    },
  ],
}
