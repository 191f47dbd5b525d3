import { jumpTarget } from './target'

const h5 = { valuesDecoded: true }
const mini = { valuesDecoded: false }

describe('the jump target', () => {
  it('goes to a known page with the rest of the query', () => {
    expect(jumpTarget({ page: 'pages/activity/detail', id: '3', ref: 'DEMO01' }, h5)).toEqual({
      kind: 'page',
      path: 'pages/activity/detail',
      query: { id: '3', ref: 'DEMO01' },
      url: '/pages/activity/detail?id=3&ref=DEMO01',
    })
  })

  it('takes the page with or without its leading slash', () => {
    expect(jumpTarget({ page: '/pages/partner/position' }, h5)).toMatchObject({ kind: 'page', url: '/pages/partner/position' })
    expect(jumpTarget({ page: 'pages/partner/position/' }, h5)).toMatchObject({ kind: 'page', url: '/pages/partner/position' })
  })

  it('reads an encoded page that carries its own query, and the outer parameters win', () => {
    const page = encodeURIComponent('/pages/activity/detail?id=3&ref=OLD')
    expect(jumpTarget({ page, ref: 'DEMO01' }, h5)).toMatchObject({
      kind: 'page',
      query: { id: '3', ref: 'DEMO01' },
      url: '/pages/activity/detail?id=3&ref=DEMO01',
    })
  })

  it('decodes values a mini-program hands over encoded, and re-encodes them once', () => {
    expect(jumpTarget({ page: 'pages%2FtabBar%2Fclue', status: '%E5%BE%85%E8%B7%9F%E8%BF%9B' }, mini)).toEqual({
      kind: 'page',
      path: 'pages/tabBar/clue',
      query: { status: '待跟进' },
      url: `/pages/tabBar/clue?status=${encodeURIComponent('待跟进')}`,
    })
  })

  it('keeps a decoded value with a percent sign as it is on H5', () => {
    expect(jumpTarget({ page: 'pages/main/content', key: '100%25' }, h5)).toMatchObject({ query: { key: '100%25' } })
  })

  it("drops Taro's own parameters", () => {
    expect(jumpTarget({ page: 'pages/main/pay', id: '7', $taroTimestamp: '1700000000000', stamp: '1', __key_: 'x' }, mini)).toMatchObject({
      url: '/pages/main/pay?id=7',
    })
  })

  it('sends no page, an empty one or the home page home', () => {
    expect(jumpTarget({}, h5)).toEqual({ kind: 'home', url: '/pages/tabBar/home' })
    expect(jumpTarget({ page: '/' }, h5)).toEqual({ kind: 'home', url: '/pages/tabBar/home' })
    expect(jumpTarget({ page: 'pages/tabBar/home', x: '1' }, h5)).toEqual({ kind: 'home', url: '/pages/tabBar/home?x=1' })
  })

  it('sends an unknown page home and says so', () => {
    expect(jumpTarget({ page: 'pages/nope/index', id: '1' }, h5)).toEqual({
      kind: 'unknown',
      asked: 'pages/nope/index',
      url: '/pages/tabBar/home',
    })
    expect(jumpTarget({ page: 'https://evil.example.com/pages/tabBar/clue' }, h5)).toMatchObject({ kind: 'unknown' })
    expect(jumpTarget({ page: '//evil.example.com' }, h5)).toMatchObject({ kind: 'unknown' })
  })

  it('does not jump to itself', () => {
    expect(jumpTarget({ page: 'pages/jump/index', page2: 'x' }, h5)).toMatchObject({ kind: 'unknown' })
  })

  it("reads a poster's mini-program code: the scene's partner code and activity, as WeChat hands them over", () => {
    expect(jumpTarget({ scene: encodeURIComponent('r=DEMO01&a=3') }, mini)).toEqual({
      kind: 'page',
      path: 'pages/activity/detail',
      query: { id: '3', ref: 'DEMO01' },
      url: '/pages/activity/detail?id=3&ref=DEMO01',
    })
    expect(jumpTarget({ scene: 'r=DEMO01', $taroTimestamp: '1' }, mini)).toEqual({
      kind: 'page',
      path: 'pages/activity/main',
      query: { ref: 'DEMO01' },
      url: '/pages/activity/main?ref=DEMO01',
    })
    // Not one of ours: the ordinary rules (home).
    expect(jumpTarget({ scene: encodeURIComponent('x=1') }, mini)).toEqual({ kind: 'home', url: '/pages/tabBar/home' })
    expect(jumpTarget({ scene: encodeURIComponent('r=<script>&a=3') }, mini)).toMatchObject({ kind: 'home' })
    expect(jumpTarget({ scene: encodeURIComponent('r=DEMO01&a=0') }, mini)).toMatchObject({ url: '/pages/activity/main?ref=DEMO01' })
  })

  it('reads a scanned plain link (q): its page and query, or the jump it names', () => {
    const q = encodeURIComponent('https://partner.example.com/pages/activity/main?ref=DEMO01')
    expect(jumpTarget({ q, scancode_time: '1700000000' }, mini)).toEqual({
      kind: 'page',
      path: 'pages/activity/main',
      query: { ref: 'DEMO01' },
      url: '/pages/activity/main?ref=DEMO01',
    })
    const viaJump = encodeURIComponent('https://partner.example.com/pages/jump/index?page=pages%2Factivity%2Fdetail&id=5&ref=AB12')
    expect(jumpTarget({ q: viaJump }, mini)).toMatchObject({ url: '/pages/activity/detail?id=5&ref=AB12' })
    expect(jumpTarget({ q: encodeURIComponent('https://x.example.com/pages/nope') }, mini)).toMatchObject({ kind: 'unknown' })
    expect(jumpTarget({ q: 'not a link' }, mini)).toEqual({ kind: 'home', url: '/pages/tabBar/home' })
  })
})
