import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { hostMatches, isAllowedUrl, parseHttpUrl } from '../../../wire.ts'

const hosts = ['partner.example.com', '*.edu.example.cn', 'localhost']

describe('the URL allow-list of the web and wxCode pages (src/wire/allow-list.ts)', () => {
  test('an allowed host is accepted with any path, query, fragment or port', () => {
    for (const url of [
      'https://partner.example.com',
      'https://partner.example.com/',
      'https://partner.example.com/pages/main/content?id=1#top',
      'http://partner.example.com:8080/x',
      'HTTPS://PARTNER.EXAMPLE.COM/x',
      'https://partner.example.com./x',
      'https://news.edu.example.cn/a',
      'https://a.b.edu.example.cn/a',
      'http://localhost:10086/pages/main/wxCode?redirect_uri=x',
      'https://partner.example.com?x=https://evil.example',
    ]) {
      assert.equal(isAllowedUrl({ url, hosts }), true, url)
    }
  })

  test('hostile and foreign URLs are refused', () => {
    for (const url of [
      'https://evil.example',
      'https://partner.example.com.evil.example/',
      'https://evilpartner.example.com/',
      'https://partner.example.com@evil.example/',
      'https://user:pass@partner.example.com/',
      'https://evil.example\\@partner.example.com',
      'https://evil.example\\partner.example.com',
      'https:\\\\partner.example.com',
      'https:/partner.example.com',
      'https:partner.example.com',
      'https:///partner.example.com',
      '//partner.example.com/x',
      '/pages/main/content',
      'javascript:alert(1)//https://partner.example.com',
      'JaVaScRiPt:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'ftp://partner.example.com/',
      'file:///etc/passwd',
      ' https://partner.example.com',
      'https://partner.example.com /x',
      'https://part\tner.example.com',
      'https://partner.example.com\n.evil.example',
      'https://partner%2eexample.com',
      'https://edu.example.cn/',
      'https://[::1]/',
      'https://127.0.0.1/',
      'https://partner.example.com:99999/',
      'https://partner.example.com:/',
      'https://xn--80ak6aa92e.com',
      '',
    ]) {
      assert.equal(isAllowedUrl({ url, hosts }), false, JSON.stringify(url))
    }
  })

  test('httpsOnly refuses plain http', () => {
    assert.equal(isAllowedUrl({ url: 'http://partner.example.com/', hosts, httpsOnly: true }), false)
    assert.equal(isAllowedUrl({ url: 'https://partner.example.com/', hosts, httpsOnly: true }), true)
  })

  test('patterns: exact hosts, and *.domain for sub-domains only', () => {
    assert.equal(hostMatches('a.example.com', '*.example.com'), true)
    assert.equal(hostMatches('example.com', '*.example.com'), false)
    assert.equal(hostMatches('badexample.com', '*.example.com'), false)
    assert.equal(hostMatches('example.com', 'EXAMPLE.com'), true)
    assert.equal(hostMatches('a.example.com', '*'), false)
    assert.equal(hostMatches('a.example.com', '*.*.com'), false)
    assert.equal(hostMatches('anything', ''), false)
  })

  test('the parser reads scheme, host and port', () => {
    assert.deepEqual(parseHttpUrl('https://Partner.Example.com:8443/x?y'), { scheme: 'https', host: 'partner.example.com', port: 8443 })
    assert.deepEqual(parseHttpUrl('http://localhost'), { scheme: 'http', host: 'localhost' })
    assert.equal(parseHttpUrl('https://a..b/'), undefined)
    assert.equal(parseHttpUrl('https://-a.com/'), undefined)
  })
})
