/**
 * Rich text from operators (activity bodies, site contents) is sanitised once, on save.
 *
 * The output is rebuilt from tokens, never filtered in place: text is re-escaped, only the tags
 * and attributes below survive, every attribute value is re-quoted and escaped, and URLs must be
 * http(s), mailto/tel (links), relative, or fragments. Scripts, styles, frames, forms, comments
 * and event handlers are dropped, with the content of the dangerous ones. Tags are balanced, so
 * a stored body cannot leave an element open around the page that shows it.
 */

const BLOCK = ['p', 'div', 'section', 'article', 'header', 'footer', 'blockquote', 'pre', 'figure', 'figcaption']
const INLINE = ['span', 'strong', 'b', 'em', 'i', 'u', 's', 'del', 'ins', 'sub', 'sup', 'mark', 'small', 'code', 'br', 'hr']
const HEADINGS = ['h1', 'h2', 'h3', 'h4', 'h5', 'h6']
const LISTS = ['ul', 'ol', 'li', 'dl', 'dt', 'dd']
const TABLES = ['table', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td', 'caption', 'colgroup', 'col']
const MEDIA = ['a', 'img', 'video']

const ALLOWED_TAGS = new Set([...BLOCK, ...INLINE, ...HEADINGS, ...LISTS, ...TABLES, ...MEDIA])
const VOID_TAGS = new Set(['br', 'hr', 'img', 'col'])
/** Dropped together with everything inside them. */
const DROP_WITH_CONTENT = new Set([
  'script',
  'style',
  'iframe',
  'frame',
  'frameset',
  'object',
  'embed',
  'applet',
  'noscript',
  'noembed',
  'noframes',
  'template',
  'textarea',
  'select',
  'option',
  'title',
  'xmp',
  'plaintext',
  'svg',
  'math',
  'head',
])

const GLOBAL_ATTRIBUTES = new Set(['class', 'style', 'title', 'align'])
const TAG_ATTRIBUTES: Record<string, Set<string>> = {
  a: new Set(['href', 'target']),
  img: new Set(['src', 'alt', 'width', 'height']),
  video: new Set(['src', 'poster', 'controls', 'width', 'height']),
  td: new Set(['colspan', 'rowspan']),
  th: new Set(['colspan', 'rowspan']),
  col: new Set(['span']),
  ol: new Set(['start', 'type']),
}
const URL_ATTRIBUTES = new Set(['href', 'src', 'poster'])
const BOOLEAN_ATTRIBUTES = new Set(['controls'])

/** CSS properties rich-text editors write, with values that cannot load anything. */
const STYLE_PROPERTIES = new Set([
  'color',
  'background-color',
  'text-align',
  'text-indent',
  'text-decoration',
  'font-size',
  'font-weight',
  'font-style',
  'line-height',
  'letter-spacing',
  'margin',
  'margin-top',
  'margin-bottom',
  'margin-left',
  'margin-right',
  'padding',
  'padding-top',
  'padding-bottom',
  'padding-left',
  'padding-right',
  'width',
  'height',
  'max-width',
  'vertical-align',
  'border',
  'border-collapse',
  'white-space',
])
const SAFE_STYLE_VALUE = /^[#a-z0-9 .,%()+-]+$/i

const NAMED_ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
  colon: ':',
  tab: '\t',
  newline: '\n',
  sol: '/',
  lpar: '(',
  rpar: ')',
}

/** Decodes character references the way a browser does inside attribute values (enough to see the real URL scheme). */
export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);?/gi, (whole, ref: string) => {
    if (ref[0] === '#') {
      const code = ref[1] === 'x' || ref[1] === 'X' ? Number.parseInt(ref.slice(2), 16) : Number.parseInt(ref.slice(1), 10)
      if (!Number.isFinite(code) || code <= 0 || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) return '\ufffd'
      return String.fromCodePoint(code)
    }
    return NAMED_ENTITIES[ref.toLowerCase()] ?? whole
  })
}

export function escapeText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
}

export function escapeAttribute(text: string): string {
  return escapeText(text).replace(/"/g, '&quot;').replace(/'/g, '&#39;')
}

/** Text between tags: character references are kept (they are inert as text), stray `&`, `<`, `>` are escaped. */
function escapeTextKeepingReferences(text: string): string {
  return text
    .replace(/&(?!(#x[0-9a-f]{1,6}|#\d{1,7}|[a-z][a-z0-9]{1,31});)/gi, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
}

// eslint-disable-next-line no-control-regex
const CONTROL_RUNS = /[\u0000-\u0020\u007f-\u009f]+/g

/**
 * A safe URL or undefined: http(s), protocol-relative, site-relative, fragment and query URLs;
 * mailto: and tel: for links. Control characters and whitespace that browsers strip are removed
 * before the scheme is read (`java\tscript:`), entities decoded first (`&#106;avascript:`).
 */
export function safeUrl(value: string, { links }: { links: boolean }): string | undefined {
  const url = decodeEntities(value)
    .replace(CONTROL_RUNS, (m) => (/^ +$/.test(m) ? m : ''))
    .trim()
  if (url === '' || url.length > 2048 || url.includes('\\')) return undefined
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(url)?.[1]?.toLowerCase()
  if (scheme === undefined) return url
  if (scheme === 'http' || scheme === 'https') return url
  if (links && (scheme === 'mailto' || scheme === 'tel')) return url
  return undefined
}

function sanitizeStyle(value: string): string | undefined {
  const decoded = decodeEntities(value)
  if (/[\\@<>]|\/\*|url\s*\(|expression|javascript|behavior|-moz-binding|image-set|var\s*\(/i.test(decoded)) return undefined
  const kept: string[] = []
  for (const declaration of decoded.split(';')) {
    const colon = declaration.indexOf(':')
    if (colon < 0) continue
    const property = declaration.slice(0, colon).trim().toLowerCase()
    const val = declaration.slice(colon + 1).trim()
    if (STYLE_PROPERTIES.has(property) && val !== '' && val.length <= 100 && SAFE_STYLE_VALUE.test(val)) kept.push(`${property}: ${val}`)
  }
  return kept.length > 0 ? kept.join('; ') : undefined
}

function sanitizeAttribute(tag: string, name: string, value: string): string | undefined {
  if (!GLOBAL_ATTRIBUTES.has(name) && !TAG_ATTRIBUTES[tag]?.has(name)) return undefined
  if (BOOLEAN_ATTRIBUTES.has(name)) return ''
  if (URL_ATTRIBUTES.has(name)) return safeUrl(value, { links: tag === 'a' })
  if (name === 'style') return sanitizeStyle(value)
  if (name === 'target') return value.trim().toLowerCase() === '_blank' ? '_blank' : undefined
  if (name === 'width' || name === 'height' || name === 'colspan' || name === 'rowspan' || name === 'span' || name === 'start') {
    return /^\d{1,5}%?$/.test(value.trim()) ? value.trim() : undefined
  }
  if (name === 'class') {
    const classes = value.split(/\s+/).filter((c) => /^[A-Za-z_][\w-]{0,63}$/.test(c))
    return classes.length > 0 ? classes.join(' ') : undefined
  }
  if (name === 'align') return /^(left|right|center|justify)$/i.test(value.trim()) ? value.trim().toLowerCase() : undefined
  if (name === 'type') return /^[1aAiI]$/.test(value.trim()) ? value.trim() : undefined
  return decodeEntities(value).slice(0, 500)
}

interface Attribute {
  name: string
  value: string
}

/** Reads attributes from `source` at `i` up to the tag's end, the way the HTML tokenizer does. */
function readAttributes(source: string, start: number): { attributes: Attribute[]; end: number; selfClosing: boolean } {
  const attributes: Attribute[] = []
  let i = start
  const n = source.length
  while (i < n) {
    while (i < n && /[\s/]/.test(source[i]!)) {
      if (source[i] === '/' && source[i + 1] === '>') return { attributes, end: i + 2, selfClosing: true }
      i++
    }
    if (i >= n) break
    if (source[i] === '>') return { attributes, end: i + 1, selfClosing: false }
    let nameEnd = i + 1
    while (nameEnd < n && !/[\s/>=]/.test(source[nameEnd]!)) nameEnd++
    const name = source.slice(i, nameEnd).toLowerCase()
    i = nameEnd
    while (i < n && /\s/.test(source[i]!)) i++
    let value = ''
    if (source[i] === '=') {
      i++
      while (i < n && /\s/.test(source[i]!)) i++
      const quote = source[i]
      if (quote === '"' || quote === "'") {
        const close = source.indexOf(quote, i + 1)
        const valueEnd = close < 0 ? n : close
        value = source.slice(i + 1, valueEnd)
        i = valueEnd + 1
      } else {
        let valueEnd = i
        while (valueEnd < n && !/[\s>]/.test(source[valueEnd]!)) valueEnd++
        value = source.slice(i, valueEnd)
        i = valueEnd
      }
    }
    attributes.push({ name, value })
  }
  return { attributes, end: n, selfClosing: false }
}

/** Sanitises operator HTML to the whitelist above; the result is safe to render as HTML. */
export function sanitizeHtml(input: string): string {
  const source = input.replace(/\r\n?/g, '\n')
  const out: string[] = []
  const open: string[] = []
  const n = source.length
  let i = 0
  let textStart = 0
  const flushText = (end: number) => {
    if (end > textStart) out.push(escapeTextKeepingReferences(source.slice(textStart, end)))
  }

  while (i < n) {
    const lt = source.indexOf('<', i)
    if (lt < 0) break
    i = lt
    const next = source[i + 1] ?? ''
    if (source.startsWith('<!--', i)) {
      flushText(i)
      const close = source.indexOf('-->', i + 4)
      i = close < 0 ? n : close + 3
      textStart = i
      continue
    }
    if (next === '!' || next === '?') {
      flushText(i)
      const close = source.indexOf('>', i + 2)
      i = close < 0 ? n : close + 1
      textStart = i
      continue
    }
    const isEnd = next === '/'
    const nameMatch = /^[a-zA-Z][a-zA-Z0-9-]*/.exec(source.slice(i + (isEnd ? 2 : 1), i + (isEnd ? 2 : 1) + 64))
    if (!nameMatch) {
      // A bare `<` (e.g. "3 < 5") is text; `</` followed by a non-letter is a bogus comment to browsers.
      if (isEnd) {
        flushText(i)
        const close = source.indexOf('>', i + 2)
        i = close < 0 ? n : close + 1
        textStart = i
      } else {
        i += 1
      }
      continue
    }
    flushText(i)
    const tag = nameMatch[0].toLowerCase()
    const { attributes, end, selfClosing } = readAttributes(source, i + (isEnd ? 2 : 1) + nameMatch[0].length)
    i = end
    textStart = i

    if (isEnd) {
      const at = open.lastIndexOf(tag)
      if (at >= 0) while (open.length > at) out.push(`</${open.pop()!}>`)
      continue
    }
    if (DROP_WITH_CONTENT.has(tag)) {
      if (!selfClosing) {
        const closeMatch = new RegExp(`</${tag}[\\s/>]`, 'i').exec(source.slice(i))
        i = closeMatch ? i + closeMatch.index + closeMatch[0].length : n
        if (closeMatch && !closeMatch[0].endsWith('>')) {
          const gt = source.indexOf('>', i)
          i = gt < 0 ? n : gt + 1
        }
        textStart = i
      }
      continue
    }
    if (!ALLOWED_TAGS.has(tag)) continue

    const kept: string[] = []
    const seen = new Set<string>()
    for (const { name, value } of attributes) {
      if (seen.has(name)) continue
      seen.add(name)
      const safe = sanitizeAttribute(tag, name, value)
      if (safe === undefined) continue
      kept.push(BOOLEAN_ATTRIBUTES.has(name) ? ` ${name}` : ` ${name}="${escapeAttribute(safe)}"`)
    }
    if ((tag === 'img' || tag === 'video') && !kept.some((a) => a.startsWith(' src='))) continue
    if (tag === 'a' && kept.some((a) => a.startsWith(' target='))) kept.push(' rel="noopener noreferrer"')
    out.push(`<${tag}${kept.join('')}>`)
    if (!VOID_TAGS.has(tag)) open.push(tag)
  }
  flushText(n)
  while (open.length > 0) out.push(`</${open.pop()!}>`)
  return out.join('')
}

/** The visible text of sanitised HTML (for summaries, search and "is it empty" checks). */
export function htmlToText(html: string): string {
  return decodeEntities(html.replace(/<[^>]*>/g, ' '))
    .replace(/\s+/g, ' ')
    .trim()
}
