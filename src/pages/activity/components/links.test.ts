import { detailQuery, detailUrl, mainUrl, refOf, shareImage } from './links'

describe("the activity links keep the partner's ref", () => {
  it('from the list to the detail, and into shares', () => {
    expect(detailUrl(3, 'DEMO01')).toBe('/pages/activity/detail?id=3&ref=DEMO01')
    expect(detailQuery(3, 'DEMO01')).toBe('id=3&ref=DEMO01')
    expect(mainUrl('DEMO01')).toBe('/pages/activity/main?ref=DEMO01')
  })

  it('and leave it out when there is none', () => {
    expect(detailUrl(3, null)).toBe('/pages/activity/detail?id=3')
    expect(mainUrl(null)).toBe('/pages/activity/main')
  })

  it('ignore a ref that is not a share code', () => {
    expect(refOf(' DEMO01 ')).toBe('DEMO01')
    expect(refOf('')).toBeNull()
    expect(refOf(undefined)).toBeNull()
    expect(refOf('<script>')).toBeNull()
    expect(refOf('A'.repeat(17))).toBeNull()
  })

  it('share only http(s) pictures', () => {
    expect(shareImage('https://cdn.example.com/a.png')).toBe('https://cdn.example.com/a.png')
    expect(shareImage('data:image/png;base64,AAAA')).toBeUndefined()
    expect(shareImage('/uploads/a.png')).toBeUndefined()
    expect(shareImage(null)).toBeUndefined()
  })
})
