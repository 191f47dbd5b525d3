import path from 'node:path'
import { defineConfig, type UserConfigExport } from '@tarojs/cli'
import { ChunkMapPlugin } from './chunk-map-plugin'
import devConfig from './dev'
import prodConfig from './prod'

/**
 * One configuration for the three builds (weapp, alipay, h5). Environment values come from
 * `.env.<mode>` (development, test, production) as TARO_APP_* variables and reach the code as
 * build-time constants; see README "Environment".
 */
export default defineConfig<'webpack5'>(async (merge, { mode }) => {
  const appEnv = process.env.TARO_APP_ENV || (mode === 'production' ? 'production' : mode === 'test' ? 'test' : 'development')
  const isH5 = process.env.TARO_ENV === 'h5'
  // H5 is served by the back-office itself, so it calls the API on its own origin unless told otherwise.
  const apiHost = isH5 ? process.env.TARO_APP_H5_API_HOST || '' : process.env.TARO_APP_API_HOST || 'http://127.0.0.1:3000'

  const baseConfig: UserConfigExport<'webpack5'> = {
    projectName: 'activity-mobile',
    date: '2026-11-21',
    designWidth: 750,
    deviceRatio: { 640: 2.34 / 2, 750: 1, 375: 2, 828: 1.81 / 2 },
    sourceRoot: 'src',
    // TARO_OUTPUT_ROOT builds elsewhere (parallel builds must not share dist/ or the webpack cache).
    outputRoot: process.env.TARO_OUTPUT_ROOT || `dist/${process.env.TARO_ENV}`,
    plugins: [],
    defineConstants: {
      API_HOST: JSON.stringify(apiHost),
      APP_ENV: JSON.stringify(appEnv),
      WEB_HOST: JSON.stringify(process.env.TARO_APP_WEB_HOST || ''),
      WX_APP_ID: JSON.stringify(process.env.TARO_APP_WX_APP_ID || ''),
      AMAP_KEY: JSON.stringify(process.env.TARO_APP_AMAP_KEY || ''),
      AMAP_BASE_URL: JSON.stringify(process.env.TARO_APP_AMAP_BASE_URL || 'https://restapi.amap.com'),
      // SPEC.md section 4: a location lookup that fails or takes over 1000 ms falls back to this province.
      DEFAULT_PROVINCE: JSON.stringify(process.env.TARO_APP_DEFAULT_PROVINCE || '浙江'),
    },
    alias: {
      '@': path.resolve(__dirname, '..', 'src'),
    },
    copy: { patterns: [], options: {} },
    framework: 'react',
    compiler: 'webpack5',
    // The cache key must include the environment: Taro's default key ignores TARO_APP_ENV, and a
    // production build after a test build then reused the test app config (with the gallery).
    cache: { enable: !process.env.TARO_OUTPUT_ROOT, name: `${appEnv}-${process.env.TARO_ENV}` },
    sass: {},
    mini: {
      postcss: {
        pxtransform: { enable: true, config: {} },
        cssModules: { enable: false, config: { namingPattern: 'module', generateScopedName: '[name]__[local]___[hash:base64:5]' } },
      },
      sassLoaderOption: {
        sassOptions: { silenceDeprecations: ['legacy-js-api', 'import', 'global-builtin', 'slash-div', 'color-functions'] },
      },
      optimizeMainPackage: { enable: true },
    },
    h5: {
      publicPath: '/',
      staticDirectory: 'static',
      // taro-ui ships ES modules that must go through the H5 transform, or it renders twice too large.
      esnextModules: ['taro-ui'],
      router: { mode: 'browser' },
      output: {
        filename: 'js/[name].[contenthash:8].js',
        chunkFilename: 'js/[name].[contenthash:8].js',
        // SPEC.md section 9: the script chunk load time-out is 120 seconds.
        chunkLoadTimeout: 120000,
      },
      miniCssExtractPluginOption: {
        ignoreOrder: true,
        filename: 'css/[name].[contenthash:8].css',
        chunkFilename: 'css/[name].[contenthash:8].css',
      },
      sassLoaderOption: {
        sassOptions: { silenceDeprecations: ['legacy-js-api', 'import', 'global-builtin', 'slash-div', 'color-functions'] },
      },
      postcss: {
        autoprefixer: { enable: true, config: {} },
        cssModules: { enable: false, config: { namingPattern: 'module', generateScopedName: '[name]__[local]___[hash:base64:5]' } },
      },
      webpackChain(chain) {
        chain.plugin('chunk-map').use(ChunkMapPlugin)
        // Polyfills for browsers older than our browserslist, and JSONP we never use (about 46 KB raw).
        chain.resolve.alias
          .set('whatwg-fetch$', path.resolve(__dirname, 'no-polyfill.js'))
          .set('abortcontroller-polyfill/dist/abortcontroller-polyfill-only$', path.resolve(__dirname, 'no-polyfill.js'))
          .set('jsonp-retry$', path.resolve(__dirname, 'no-jsonp.js'))
      },
      devServer: {
        port: 10086,
        proxy: [{ context: ['/api', '/uploads', '/docs'], target: 'http://127.0.0.1:3000', changeOrigin: true }],
      },
    },
  }

  return merge({}, baseConfig, process.env.NODE_ENV === 'development' ? devConfig : prodConfig)
})
