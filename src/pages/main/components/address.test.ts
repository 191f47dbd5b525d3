import { addressParam } from './address'

describe('an address from the query', () => {
  it('is taken as it is when the host already decoded it (H5)', () => {
    expect(addressParam('https://example.com/a?b=1&c=%E4%B8%AD')).toBe('https://example.com/a?b=1&c=%E4%B8%AD')
  })

  it('is decoded once when it is still encoded (mini-programs)', () => {
    expect(addressParam(encodeURIComponent('https://example.com/a?b=1'))).toBe('https://example.com/a?b=1')
    expect(addressParam(encodeURIComponent(encodeURIComponent('https://example.com/')))).toBe('https://example.com/')
  })

  it('is empty for nothing, and left alone when it is not valid percent-encoding', () => {
    expect(addressParam(undefined)).toBe('')
    expect(addressParam('%E4%zz')).toBe('%E4%zz')
  })
})
