import assert from 'node:assert/strict'
import fs from 'node:fs'
import path from 'node:path'
import { describe, test } from 'node:test'
import { sanitizeHtml } from './sanitize-html.ts'

/**
 * The XSS corpus (sanitize-html.xss-vectors.json): known filter-evasion and mutation vectors. Each
 * sanitised output is checked by a reader independent of the sanitiser: every `<` opens or closes
 * an allowed tag, with allowed attributes only; URLs are http(s), mailto/tel (links) or relative;
 * styles are plain property/value pairs; sanitising again changes nothing.
 */
const corpus = JSON.parse(fs.readFileSync(path.join(__dirname, 'sanitize-html.xss-vectors.json'), 'utf8')) as {
  owasp: string[]
  library: string[]
}

const TAGS = new Set(
  'p div section article header footer blockquote pre figure figcaption span strong b em i u s del ins sub sup mark small code br hr h1 h2 h3 h4 h5 h6 ul ol li dl dt dd table thead tbody tfoot tr th td caption colgroup col a img video'.split(
    ' ',
  ),
)
const GLOBAL = ['class', 'style', 'title', 'align']
const BY_TAG: Record<string, string[]> = {
  a: ['href', 'target', 'rel'],
  img: ['src', 'alt', 'width', 'height'],
  video: ['src', 'poster', 'controls', 'width', 'height'],
  td: ['colspan', 'rowspan'],
  th: ['colspan', 'rowspan'],
  col: ['span'],
  ol: ['start', 'type'],
}
const unescape = (v: string) =>
  v
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')

/** What is wrong with `html` as the output of the sanitiser (empty: harmless). */
function problems(html: string): string[] {
  const found: string[] = []
  for (const token of html.split(/(<[^>]*>?)/)) {
    if (!token.startsWith('<')) {
      if (/[<>]/.test(token)) found.push(`unescaped < or > in text: ${token}`)
      continue
    }
    const end = /^<\/([a-z0-9]+)>$/.exec(token)
    if (end) {
      if (!TAGS.has(end[1]!)) found.push(`closing tag not allowed: ${token}`)
      continue
    }
    const start = /^<([a-z0-9]+)((?: [a-z-]+(?:="[^"<>]*")?)*)>$/.exec(token)
    if (!start) {
      found.push(`not a plain tag: ${token}`)
      continue
    }
    const tag = start[1]!
    if (!TAGS.has(tag)) found.push(`tag not allowed: ${token}`)
    for (const [, name, raw] of start[2]!.matchAll(/ ([a-z-]+)(?:="([^"]*)")?/g)) {
      const value = unescape(raw ?? '')
      if (!GLOBAL.includes(name!) && !BY_TAG[tag]?.includes(name!)) found.push(`attribute not allowed: ${name} in ${token}`)
      if (name === 'href' || name === 'src' || name === 'poster') {
        // What a browser reads as the scheme: control characters and spaces are ignored.
        // eslint-disable-next-line no-control-regex
        const bare = value.replace(/[\u0000-\u0020\u007f-\u009f\u00a0\u200b]+/g, '').toLowerCase()
        const scheme = /^([a-z][a-z0-9+.-]*):/.exec(bare)?.[1]
        const allowed = name === 'href' ? ['http', 'https', 'mailto', 'tel'] : ['http', 'https']
        if (scheme !== undefined && !allowed.includes(scheme)) found.push(`URL scheme ${scheme}: ${token}`)
        if (/(javascript|vbscript|livescript|data):/.test(bare)) found.push(`script URL: ${token}`)
      }
      if (name === 'style') {
        for (const declaration of value.split(';')) {
          if (!/^\s*[a-z-]+\s*:\s*[#a-z0-9 .,%()+-]+$/i.test(declaration)) found.push(`style declaration: ${declaration} in ${token}`)
          if (/(expression|url|behavior|binding|image-set|var|attr|env)\s*\(|\\|\/\*/i.test(declaration))
            found.push(`style function: ${declaration}`)
        }
      }
      if (name === 'target' && value !== '_blank') found.push(`target: ${token}`)
    }
  }
  if (sanitizeHtml(html) !== html) found.push('sanitising the output again changes it')
  return found
}

describe('the rich-text sanitiser against the XSS corpus', () => {
  for (const [source, vectors] of [
    ['the OWASP filter-evasion cheat sheet', corpus.owasp],
    ["sanitize-html's own tests and known mutation vectors", corpus.library],
  ] as const) {
    test(`every vector of ${source} comes out harmless (${vectors.length} vectors)`, () => {
      const failures: string[] = []
      for (const vector of vectors) {
        const out = sanitizeHtml(vector)
        const wrong = problems(out)
        if (wrong.length > 0) failures.push(`${JSON.stringify(vector)}\n  -> ${JSON.stringify(out)}\n  ${wrong.join('\n  ')}`)
        // The markers of script execution, spelled any way, never survive as markup.
        const markup = out.replace(/"[^"]*"/g, '""')
        assert.doesNotMatch(
          markup,
          /<\s*(script|style|iframe|object|embed|svg|math|form|input|button|meta|link|base|frame|body|template|noscript)/i,
        )
        assert.doesNotMatch(markup, /\son[a-z]+\s*=/i)
      }
      assert.deepEqual(failures, [])
    })
  }

  test('the checks above do catch a dangerous output (the reader is not blind)', () => {
    assert.notDeepEqual(problems('<img src="javascript:alert(1)">'), [])
    assert.notDeepEqual(problems('<a href="java&#x09;script:alert(1)">x</a>'.replace('&#x09;', '\t')), [])
    assert.notDeepEqual(problems('<p onclick="x">a</p>'), [])
    assert.notDeepEqual(problems('<p style="width: expression(alert(1))">a</p>'), [])
    assert.notDeepEqual(problems('<script>alert(1)</script>'), [])
    assert.notDeepEqual(problems('<a href="data:text/html,x">x</a>'), [])
  })
})
