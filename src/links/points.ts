/** The points pages' addresses (issue 25), for home's entries (the lead adds them) and the points pages themselves. */
export const POINTS_LINKS = [
  { path: '/pages/points/index', title: '我的积分' },
  { path: '/pages/points/shop', title: '积分商城' },
] as const

export const POINTS_PAGES = {
  index: '/pages/points/index',
  shop: '/pages/points/shop',
  orders: '/pages/points/orders',
  apply: '/pages/points/apply',
} as const

export const goodUrl = (id: number) => `/pages/points/good?id=${id}`
