import Taro from '@tarojs/taro'
import { useStore } from '../../store'
import { replaceAddress as webAddress } from './address.h5'
import { makeRoute, toPageRoute } from './route'
import { currentRoute, rememberRoute, replaceQuery } from '.'

// Taro's build picks address.h5.ts for the web; jest does not know the suffixes.
jest.mock('./address', () => jest.requireActual('./address.h5'))
const noAddress = jest.requireActual<{ replaceAddress: typeof webAddress }>('./address').replaceAddress

type Router = { path: string; params: Record<string, string>; onShow?: string }

function showPage(router: Router) {
  jest.spyOn(Taro, 'getCurrentInstance').mockReturnValue({ router } as never)
}

describe('routes', () => {
  it('are read from Taro router objects: path without query, params decoded, Taro keys dropped', () => {
    const route = toPageRoute({
      path: '/pages/tabBar/clue?stamp=3&type=%E6%9C%AC%E6%9C%88',
      params: { type: '%E6%9C%AC%E6%9C%88', keyword: 'a b', stamp: '3', $taroTimestamp: '171' },
    })
    expect(route).toEqual({
      page: 'pages/tabBar/clue',
      query: { type: '本月', keyword: 'a b' },
      queryString: 'type=%E6%9C%AC%E6%9C%88&keyword=a%20b',
      fullPath: '/pages/tabBar/clue?type=%E6%9C%AC%E6%9C%88&keyword=a%20b',
    })
  })

  it('drop empty values and have no ? without a query', () => {
    expect(makeRoute('pages/partner/deal', { a: '', b: undefined, c: null })).toMatchObject({
      queryString: '',
      fullPath: '/pages/partner/deal',
    })
    expect(makeRoute('/pages/partner/deal', { n: 0, ok: false }).fullPath).toBe('/pages/partner/deal?n=0&ok=false')
  })
})

describe('the page router helper', () => {
  beforeEach(() => {
    window.history.replaceState(null, '', '/pages/tabBar/clue?type=%E6%9C%AC%E6%9C%88#top')
  })
  afterEach(() => jest.restoreAllMocks())

  it('knows the current page and its query string', () => {
    showPage({ path: '/pages/tabBar/clue', params: { type: '%E6%9C%AC%E6%9C%88', $taroTimestamp: '1' } })
    expect(currentRoute()).toMatchObject({ page: 'pages/tabBar/clue', query: { type: '本月' }, queryString: 'type=%E6%9C%AC%E6%9C%88' })
  })

  it('knows no route before any page has loaded', () => {
    jest.spyOn(Taro, 'getCurrentInstance').mockReturnValue({ router: null } as never)
    expect(currentRoute()).toBeNull()
    expect(replaceQuery({ a: 1 })).toBeNull()
  })

  it('rewrites the browser address in place when a filter changes, keeping history and the rest of the query', () => {
    const router: Router = { path: '/pages/tabBar/clue', params: { type: '%E6%9C%AC%E6%9C%88', status: '1', $taroTimestamp: '1' } }
    showPage(router)
    const before = window.history.length
    const route = replaceQuery({ type: '上周', status: undefined, page: 2 })
    expect(route?.fullPath).toBe('/pages/tabBar/clue?type=%E4%B8%8A%E5%91%A8&page=2')
    expect(window.location.pathname + window.location.search + window.location.hash).toBe(
      '/pages/tabBar/clue?type=%E4%B8%8A%E5%91%A8&page=2#top',
    )
    expect(window.history.length).toBe(before)
    // Taro's own params follow, still encoded as Taro keeps them, its keys kept.
    expect(router.params).toEqual({ type: '%E4%B8%8A%E5%91%A8', page: '2', $taroTimestamp: '1' })
    expect(currentRoute()?.query).toEqual({ type: '上周', page: '2' })
    expect(useStore.getState().router).toEqual({ page: 'pages/tabBar/clue', path: route?.fullPath, query: { type: '上周', page: '2' } })
  })

  it('replaces the whole query when told not to merge, and drops ? for an empty one', () => {
    showPage({ path: '/pages/tabBar/clue', params: { type: 'x' } })
    replaceQuery({}, { merge: false })
    expect(window.location.search).toBe('')
  })

  it('keeps the store snapshot of the page showing', () => {
    showPage({ path: '/pages/partner/deal', params: { month: '2024-05' } })
    rememberRoute()
    expect(useStore.getState().router).toEqual({
      page: 'pages/partner/deal',
      path: '/pages/partner/deal?month=2024-05',
      query: { month: '2024-05' },
    })
  })

  it('leaves the address alone outside the web', () => {
    const replace = jest.spyOn(window.history, 'replaceState')
    noAddress(makeRoute('pages/tabBar/clue', { a: 1 }))
    expect(replace).not.toHaveBeenCalled()
    webAddress(makeRoute('pages/tabBar/clue', { a: 1 }))
    expect(replace).toHaveBeenCalledTimes(1)
  })
})
