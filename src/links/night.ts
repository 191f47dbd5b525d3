/** The night-class pages' addresses (issue 25), for home's entries (the lead adds them) and the pages themselves. */
export const NIGHT_LINKS = [{ path: '/pages/night/index', title: '夜校' }] as const

export const NIGHT_INDEX_URL = '/pages/night/index'
export const nightDetailUrl = (id: number) => `/pages/night/detail?id=${id}`
