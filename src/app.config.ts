import { NETWORK_TIMEOUT } from './request/constants'
import { DEFAULT_TITLE, DEV_AREA, DEV_ROUTES, HOME_PATH, MAIN_PACKAGE_AREA, PRELOAD_NEXT, ROUTES, areaOf } from './routes'

const mainPages = ROUTES.filter((r) => areaOf(r.path) === MAIN_PACKAGE_AREA).map((r) => r.path)
const subAreas = [...new Set(ROUTES.map((r) => areaOf(r.path)).filter((a) => a !== MAIN_PACKAGE_AREA))]
// The component gallery ships only in development and test builds (TARO_APP_ENV from .env.<mode>);
// anything else, production included and an unset value, leaves it out.
const withDevPages = process.env.TARO_APP_ENV === 'development' || process.env.TARO_APP_ENV === 'test'
const devPackages = withDevPages ? [{ root: DEV_AREA, pages: DEV_ROUTES.map((r) => r.path.slice(DEV_AREA.length + 1)) }] : []

export default defineAppConfig({
  entryPagePath: HOME_PATH,
  pages: [HOME_PATH, ...mainPages.filter((p) => p !== HOME_PATH)],
  subPackages: [
    ...subAreas.map((root) => ({
      root,
      pages: ROUTES.filter((r) => areaOf(r.path) === root).map((r) => r.path.slice(root.length + 1)),
    })),
    ...devPackages,
  ],
  // WeChat injects only the components a page uses when it opens, not every one the package
  // declares (a WeChat setting; Alipay's app.json has no such key).
  ...(process.env.TARO_ENV === 'weapp' ? { lazyCodeLoading: 'requiredComponents' } : {}),
  preloadRule: Object.fromEntries(Object.entries(PRELOAD_NEXT).map(([page, packages]) => [page, { network: 'all', packages }])),
  window: {
    navigationStyle: 'custom',
    navigationBarTitleText: DEFAULT_TITLE,
    navigationBarBackgroundColor: '#ffffff',
    navigationBarTextStyle: 'black',
    backgroundColor: '#f8f8fa',
    backgroundTextStyle: 'dark',
  },
  // The tab bar list is empty (SPEC.md section 2), so no tabBar is declared: WeChat rejects a
  // tabBar with fewer than two items and Taro's H5 router crashes on an empty one. Its colours
  // are kept as TAB_BAR_STYLE in routes.ts for when tabs are added.
  requiredPrivateInfos: ['getLocation'],
  permission: {
    'scope.userLocation': { desc: '用于为您推荐附近的校区与活动' },
  },
  animation: false,
  // SPEC.md section 9: request, socket, upload and download time-outs, 60 s each.
  networkTimeout: NETWORK_TIMEOUT,
})
