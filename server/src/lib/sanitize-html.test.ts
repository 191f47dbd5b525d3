import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { htmlToText, sanitizeHtml } from './sanitize-html.ts'

/**
 * Nothing that can run script may survive: no script-ish tags, no on* attributes, no script URLs.
 * The output always double-quotes values (inner quotes escaped), so dropping quoted values leaves
 * exactly the tag and attribute names.
 */
function assertInert(html: string) {
  const markup = html.replace(/"[^"]*"/g, '""')
  assert.doesNotMatch(
    markup,
    /<\s*(script|style|iframe|object|embed|svg|math|form|input|button|textarea|meta|link|base|frame|body|template|noscript)/i,
    html,
  )
  assert.doesNotMatch(markup, /\son[a-z]+\s*=/i, html)
  assert.doesNotMatch(html, /(href|src|poster)="\s*(javascript|vbscript|data|file):/i, html)
}

describe('the rich-text sanitiser', () => {
  test('keeps the formatting a rich-text editor writes', () => {
    const html =
      '<h2>报名须知</h2><p style="text-align: center; color: #ff0000">欢迎<strong>报名</strong>，<em>名额有限</em></p><ul><li>一</li><li>二</li></ul><p><a href="https://example.com/a?b=1&amp;c=2" target="_blank">详情</a><br><img src="/uploads/posters/a.png" alt="海报" width="300"></p><table><tbody><tr><td colspan="2">合计</td></tr></tbody></table>'
    assert.equal(
      sanitizeHtml(html),
      '<h2>报名须知</h2><p style="text-align: center; color: #ff0000">欢迎<strong>报名</strong>，<em>名额有限</em></p><ul><li>一</li><li>二</li></ul><p><a href="https://example.com/a?b=1&amp;c=2" target="_blank" rel="noopener noreferrer">详情</a><br><img src="/uploads/posters/a.png" alt="海报" width="300"></p><table><tbody><tr><td colspan="2">合计</td></tr></tbody></table>',
    )
  })

  test('drops scripts, styles, frames and forms with their content', () => {
    const out = sanitizeHtml(
      '<p>a</p><script>alert(1)</script><style>p{color:red}</style><iframe src="https://evil.example"></iframe><form action="x"><input name="q"><button>go</button></form><p>b</p>',
    )
    assert.equal(out, '<p>a</p>go<p>b</p>')
    assertInert(out)
  })

  test('removes event handlers and script URLs however they are spelled', () => {
    const hostile = [
      '<img src=x onerror=alert(1)>',
      '<img src="x" ONERROR="alert(1)">',
      '<img/src="x"/onerror="alert(1)">',
      '<a href="javascript:alert(1)">x</a>',
      '<a href="JaVaScRiPt:alert(1)">x</a>',
      '<a href=" javascript:alert(1)">x</a>',
      '<a href="java\tscript:alert(1)">x</a>',
      '<a href="java&#x09;script:alert(1)">x</a>',
      '<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)">x</a>',
      '<a href="&#x6A;avascript&colon;alert(1)">x</a>',
      '<a href="vbscript:msgbox(1)">x</a>',
      '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>',
      '<img src="data:image/svg+xml,<svg onload=alert(1)>">',
      '<video src="x" poster="javascript:alert(1)" onloadstart="alert(1)"></video>',
      '<svg><script>alert(1)</script></svg>',
      '<math><mtext><script>alert(1)</script></mtext></math>',
      '<p style="background:url(javascript:alert(1))">x</p>',
      '<p style="width: expression(alert(1))">x</p>',
      '<div style="behavior: url(x.htc)">x</div>',
      '<body onload=alert(1)>',
      '<scr<script>ipt>alert(1)</script>',
      '<<script>script>alert(1)<</script>/script>',
      '<!--<script>alert(1)</script>-->',
      '<![CDATA[<script>alert(1)</script>]]>',
      '<a href="https://ok.example" onclick="alert(1)">x</a>',
      '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
      '<base href="javascript:/">',
      '<p title="&quot; onmouseover=&quot;alert(1)">x</p>',
      '<img src="x" alt=\'" onerror="alert(1)\'>',
      '<textarea><img src=x onerror=alert(1)></textarea>',
      '<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript>',
      '<template><img src=x onerror=alert(1)></template>',
      '<a href="\\\\evil.example">x</a>',
    ]
    for (const input of hostile) assertInert(sanitizeHtml(input))
  })

  test('escapes text so it cannot become markup', () => {
    assert.equal(sanitizeHtml('3 < 5 & 6 > 4'), '3 &lt; 5 &amp; 6 &gt; 4')
    assert.equal(sanitizeHtml('&lt;script&gt;'), '&lt;script&gt;')
    assert.equal(sanitizeHtml('<p title="a&quot;b">x</p>'), '<p title="a&quot;b">x</p>')
  })

  test('balances tags so a body cannot leave an element open on the page', () => {
    assert.equal(sanitizeHtml('<div><p><strong>未闭合'), '<div><p><strong>未闭合</strong></p></div>')
    // As browsers parse them (the HTML standard): a stray </p> is an empty paragraph, and an <li>
    // closes the open one.
    assert.equal(sanitizeHtml('</div></p>文字'), '<p></p>文字')
    assert.equal(sanitizeHtml('<ul><li>a<li>b</ul>'), '<ul><li>a</li><li>b</li></ul>')
  })

  test('keeps only safe URLs', () => {
    const link = (href: string) => sanitizeHtml(`<a href="${href}">x</a>`)
    const image = (src: string) => sanitizeHtml(`<img src="${src}">`)
    assert.equal(link('https://a.example/x'), '<a href="https://a.example/x">x</a>')
    assert.equal(image('/uploads/a.png'), '<img src="/uploads/a.png">')
    assert.equal(link('#top'), '<a href="#top">x</a>')
    assert.equal(link('mailto:a@b.example'), '<a href="mailto:a@b.example">x</a>')
    assert.equal(image('mailto:a@b.example'), '')
    assert.equal(link('javascript:alert(1)'), '<a>x</a>')
    assert.equal(image('data:image/png;base64,AAAA'), '')
  })

  test('the text of a body is what a reader sees', () => {
    assert.equal(htmlToText('<p>报名&nbsp;时间</p><p>截止 5 月</p>'), '报名 时间 截止 5 月')
  })
})
