import { DEFAULT_TITLE, HOME_PATH, MAIN_PACKAGE_AREA, ROUTES, areaOf } from './routes'

const mainPages = ROUTES.filter((r) => areaOf(r.path) === MAIN_PACKAGE_AREA).map((r) => r.path)
const subAreas = [...new Set(ROUTES.map((r) => areaOf(r.path)).filter((a) => a !== MAIN_PACKAGE_AREA))]

export default defineAppConfig({
  entryPagePath: HOME_PATH,
  pages: [HOME_PATH, ...mainPages.filter((p) => p !== HOME_PATH)],
  subPackages: subAreas.map((root) => ({
    root,
    pages: ROUTES.filter((r) => areaOf(r.path) === root).map((r) => r.path.slice(root.length + 1)),
  })),
  window: {
    navigationStyle: 'custom',
    navigationBarTitleText: DEFAULT_TITLE,
    navigationBarBackgroundColor: '#ffffff',
    navigationBarTextStyle: 'black',
    backgroundColor: '#f8f8fa',
    backgroundTextStyle: 'dark',
  },
  tabBar: {
    color: '#000',
    selectedColor: '#007AFF',
    backgroundColor: '#ffffff',
    list: [],
  },
  requiredPrivateInfos: ['getLocation'],
  permission: {
    'scope.userLocation': { desc: '用于为您推荐附近的校区与活动' },
  },
  animation: false,
})
