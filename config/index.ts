import path from 'node:path'
import zlib from 'node:zlib'
import type { PluginObj, types as BabelTypes } from '@babel/core'
import { defineConfig, type UserConfigExport } from '@tarojs/cli'
import CompressionPlugin from 'compression-webpack-plugin'
import { ChunkMapPlugin } from './chunk-map-plugin'
import devConfig from './dev'
import prodConfig from './prod'

/**
 * @tarojs/taro's entry (node_modules/@tarojs/taro/index.js) reads the runtime with a destructured
 * CommonJS require, `const { hooks } = require('@tarojs/runtime')`, which webpack 5.91 cannot
 * follow: it then keeps every export of @tarojs/runtime in the mini-program builds. Rewritten as a
 * member read, `const hooks = require('@tarojs/runtime').hooks`, webpack drops the unused ones
 * (about 9 KB of the weapp taro.js, 20 KB with `runtime.enableInnerHTML: false`).
 */
function taroRuntimeRequireAsMember({ types: t }: { types: typeof BabelTypes }): PluginObj {
  const entry = /[\\/]node_modules[\\/]@tarojs[\\/]taro[\\/]index\.js$/
  return {
    visitor: {
      // On entering the program, before preset-env turns the destructuring into a whole-module read.
      Program(program, state) {
        if (!entry.test(state.filename ?? '')) return
        program.traverse({
          VariableDeclarator(declarator) {
            const { id, init } = declarator.node
            if (!t.isObjectPattern(id) || !t.isCallExpression(init) || !t.isIdentifier(init.callee, { name: 'require' })) return
            const reads = id.properties.map((p) =>
              t.isObjectProperty(p) && t.isIdentifier(p.key) && !p.computed && t.isIdentifier(p.value)
                ? t.variableDeclarator(p.value, t.memberExpression(t.cloneNode(init), p.key))
                : null,
            )
            if (reads.some((r) => r === null)) return
            declarator.replaceWithMultiple(reads as BabelTypes.VariableDeclarator[])
          },
        })
      },
    },
  }
}

/**
 * One configuration for the three builds (weapp, alipay, h5). Environment values come from
 * `.env.<mode>` (development, test, production) as TARO_APP_* variables and reach the code as
 * build-time constants; see README "Environment".
 */
/** The workspace packages' sources (packages/<name>/src), compiled like src/. */
const packages = path.resolve(__dirname, '..', 'packages')

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
    // Preact behind React's API (react and react-dom resolve to preact/compat) on all three builds
    // (issue 21): H5 entry JS 138.9 -> 104.6 KB gzip before the other levers, and in the
    // mini-programs Preact renders into Taro's DOM itself instead of React's reconciler
    // (@tarojs/react): weapp main package 398.3 -> 314.5 KB, alipay 346.4 -> 263.7 KB.
    framework: 'preact',
    compiler: 'webpack5',
    // No persistent webpack cache: Taro's restored stale output when the app's pages changed (the
    // new pages of a subpackage rendered empty on H5; in the weapp a subpackage's sub-common copy
    // named modules of an earlier build), and before that it ignored TARO_APP_ENV. CI builds from a
    // clean clone anyway; a build here takes about 35 s instead of 20.
    cache: { enable: false },
    sass: {},
    // Mini-programs only: H5 keeps Taro's own minifier settings. Taro's mini-program defaults switch
    // off most of terser's compress passes; terser's own defaults (what webpack uses everywhere
    // else) make the weapp main package about 5 KB smaller. Output stays ES5.
    ...(isH5
      ? {}
      : {
          terser: {
            enable: true,
            config: {
              compress: {
                collapse_vars: true,
                comparisons: true,
                computed_props: true,
                hoist_props: true,
                inline: true,
                loops: true,
                negate_iife: true,
                properties: true,
                reduce_funcs: true,
                reduce_vars: true,
                switches: true,
                typeofs: true,
              },
              // Chinese text as UTF-8 (3 bytes a character) instead of \uXXXX escapes (6): about 3 KB.
              output: { ascii_only: false },
            },
          },
        }),
    mini: {
      // The workspace packages (@activity/wire, money, domain) are TypeScript sources outside src/.
      compile: { include: [packages] },
      postcss: {
        pxtransform: { enable: true, config: {} },
        cssModules: { enable: false, config: { namingPattern: 'module', generateScopedName: '[name]__[local]___[hash:base64:5]' } },
      },
      sassLoaderOption: {
        sassOptions: { silenceDeprecations: ['legacy-js-api', 'import', 'global-builtin', 'slash-div', 'color-functions'] },
      },
      optimizeMainPackage: { enable: true },
      // Every stylesheet styles its own BEM block (.home-entries, .notice-item…), so the order in
      // which a shared chunk's stylesheets are joined changes nothing: no "Conflicting order" noise.
      miniCssExtractPluginOption: { ignoreOrder: true },
      // The weapp main package has a 400 KB budget (bench/budgets.ts). Each setting below removes
      // dead code or bytes and changes nothing a page renders; sizes measured on the production
      // weapp build.
      // No code of ours sets innerHTML or dangerouslySetInnerHTML (RichText takes `nodes`), so the
      // runtime's HTML parser can go: about 10 KB of taro.js (with the require rewrite below). With
      // it off, dangerouslySetInnerHTML shows nothing in the mini-programs: use RichText.
      runtime: { enableInnerHTML: false },
      // Not `minifyXML: { collapseWhitespace: true }` (1.7 KB less): html-minifier drops `</input>`
      // as if it were HTML, and the WXML compiler then rejects base.wxml ("expect end-tag input").
      webpackChain(chain) {
        // Taro's mini-program app entry hands the renderer `import ReactDOM from 'react-dom'`, which
        // is preact/compat without createRoot, while preact/compat says it is React 18, so the app
        // calls ReactDOM.createRoot and stops before the first page (NervJS/taro#17641, open). The
        // entry gets the client module with the batching the runtime's events use, as on H5.
        chain.plugin('miniPlugin').tap((args: Array<{ loaderMeta?: { importFrameworkStatement?: string } }>) => {
          const meta = args[0]?.loaderMeta
          if (meta?.importFrameworkStatement?.includes("import ReactDOM from 'react-dom'")) {
            meta.importFrameworkStatement = meta.importFrameworkStatement.replace(
              "import ReactDOM from 'react-dom'",
              "import * as ReactDOMClient from 'react-dom/client'\nimport { unstable_batchedUpdates } from 'react-dom'\nconst ReactDOM = { ...ReactDOMClient, unstable_batchedUpdates }",
            )
          }
          return args
        })
        chain.module
          .rule('script')
          .use('babelLoader')
          .tap((options) => ({ ...options, plugins: [...(options?.plugins ?? []), taroRuntimeRequireAsMember] }))
      },
    },
    h5: {
      publicPath: '/',
      compile: { include: [packages] },
      // Taro's React components (plain elements) instead of its Stencil web components: no custom
      // elements to define and hydrate before the first paint (issue 21).
      useHtmlComponents: true,
      // H5_SOURCE_MAP=1: hidden source maps, for bench/attribution.ts (which package the bytes come from).
      ...(process.env.H5_SOURCE_MAP ? { enableSourceMap: true, sourceMapType: 'hidden-source-map' } : {}),
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
      // Data URIs (the icon font in Taro's components CSS) stay in the CSS: made modules, they land
      // in the app's JS as well, 6 KB of base64 nobody reads.
      cssLoaderOption: { url: { filter: (url: string) => !url.startsWith('data:') } },
      sassLoaderOption: {
        sassOptions: { silenceDeprecations: ['legacy-js-api', 'import', 'global-builtin', 'slash-div', 'color-functions'] },
      },
      postcss: {
        autoprefixer: { enable: true, config: {} },
        cssModules: { enable: false, config: { namingPattern: 'module', generateScopedName: '[name]__[local]___[hash:base64:5]' } },
      },
      webpackChain(chain) {
        // The page wrapper for pull-down refresh: Taro's own one never tells the page (see the file).
        chain.plugin('mainPlugin').tap((args: Array<{ loaderMeta?: { extraImportForWeb?: string; execBeforeCreateWebApp?: string } }>) => {
          const meta = args[0]?.loaderMeta
          if (meta) {
            const wrapper = JSON.stringify(path.resolve(__dirname, '..', 'src', 'platform', 'pull-down-refresh.tsx'))
            meta.extraImportForWeb = `${meta.extraImportForWeb ?? ''}import withPageRefresh from ${wrapper}\n`
            meta.execBeforeCreateWebApp = `${meta.execBeforeCreateWebApp ?? ''}config.PullDownRefresh = withPageRefresh(config.PullDownRefresh)\n`
          }
          return args
        })
        // The entry page is src/routes.ts's HOME_PATH (Taro loads this file alone, so it cannot import it;
        // the plugin fails the build if the page does not exist).
        chain.plugin('chunk-map').use(ChunkMapPlugin, [{ entryPage: 'pages/tabBar/home' }])
        // Polyfills for browsers older than our browserslist, and JSONP we never use (about 46 KB raw).
        chain.resolve.alias
          .set('whatwg-fetch$', path.resolve(__dirname, 'no-polyfill.js'))
          .set('abortcontroller-polyfill/dist/abortcontroller-polyfill-only$', path.resolve(__dirname, 'no-polyfill.js'))
          .set('jsonp-retry$', path.resolve(__dirname, 'no-jsonp.js'))
        // Text assets compressed once, at build time, beside the originals (x.js.br, x.js.gz): the
        // back-office serves them to browsers that accept them (static-h5.ts, preCompressed).
        if (process.env.NODE_ENV !== 'development') {
          const precompressed = { test: /\.(js|css|html|svg)$/, threshold: 1024, minRatio: 0.9 }
          chain.plugin('brotli').use(CompressionPlugin, [
            {
              ...precompressed,
              filename: '[path][base].br',
              algorithm: 'brotliCompress',
              compressionOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY } },
            },
          ])
          chain.plugin('gzip').use(CompressionPlugin, [
            {
              ...precompressed,
              filename: '[path][base].gz',
              algorithm: 'gzip',
              compressionOptions: { level: zlib.constants.Z_BEST_COMPRESSION },
            },
          ])
        }
      },
      devServer: {
        port: 10086,
        proxy: [{ context: ['/api', '/uploads', '/docs'], target: 'http://127.0.0.1:3000', changeOrigin: true }],
      },
    },
  }

  return merge({}, baseConfig, process.env.NODE_ENV === 'development' ? devConfig : prodConfig)
})
