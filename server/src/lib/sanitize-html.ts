import sanitize from 'sanitize-html'

/**
 * Rich text from operators (activity bodies, site contents) is sanitised once, on save, by the
 * `sanitize-html` library (htmlparser2 underneath) configured with the allow-list below: only these
 * tags and attributes survive, every attribute value is re-quoted and escaped, text is re-escaped,
 * and URLs must be http(s), mailto/tel (links), relative, or fragments. Scripts, styles, frames,
 * forms, comments and event handlers are dropped, with the content of the dangerous ones. Tags are
 * balanced, so a stored body cannot leave an element open around the page that shows it.
 *
 * What this file adds to the library: the allow-list, and value checks on a few attributes (sizes,
 * classes, alignment, `target` with its `rel`), and CSS property/value rules for `style`.
 */

const BLOCK = ['p', 'div', 'section', 'article', 'header', 'footer', 'blockquote', 'pre', 'figure', 'figcaption']
const INLINE = ['span', 'strong', 'b', 'em', 'i', 'u', 's', 'del', 'ins', 'sub', 'sup', 'mark', 'small', 'code', 'br', 'hr']
const HEADINGS = ['h1', 'h2', 'h3', 'h4', 'h5', 'h6']
const LISTS = ['ul', 'ol', 'li', 'dl', 'dt', 'dd']
const TABLES = ['table', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td', 'caption', 'colgroup', 'col']
const MEDIA = ['a', 'img', 'video']

/** Dropped together with their text (the library keeps the text of other refused tags). */
const DROP_WITH_CONTENT = [
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
]

/** CSS properties rich-text editors write; values that cannot load or run anything. */
const STYLE_PROPERTIES = [
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
]
const SAFE_STYLE_VALUE = /^(?!.*(expression|javascript|behavior|binding|url|image-set|var|attr|env)\s*\()[#a-z0-9 .,%()+-]{1,100}$/i

const NUMBER = /^\d{1,5}%?$/
/**
 * A second line behind the library's scheme check, for addresses that are harmless to today's
 * browsers but look like script to older ones or to a reader: a script or data scheme after
 * leading punctuation, or split by invisible characters (no-break and zero-width spaces, BOM).
 */
// eslint-disable-next-line no-control-regex
const INVISIBLE = /[\s\u0000-\u001f\u007f-\u009f\u00ad\u200b-\u200f\u2028-\u202f\u2060-\u206f\ufeff]+/g
const SCRIPT_LIKE_URL = /^[^a-z0-9]*(java|vb|live|j)?script:|^[^a-z0-9]*data:/i
const CLASS_NAME = /^[A-Za-z_][\w-]{0,63}$/

/** Checks the values of the attributes that have a shape; undefined drops the attribute. */
function checkedValue(name: string, value: string): string | undefined {
  const v = value.trim()
  switch (name) {
    case 'width':
    case 'height':
    case 'colspan':
    case 'rowspan':
    case 'span':
    case 'start':
      return NUMBER.test(v) ? v : undefined
    case 'class': {
      const classes = value.split(/\s+/).filter((c) => CLASS_NAME.test(c))
      return classes.length > 0 ? classes.join(' ') : undefined
    }
    case 'align':
      return /^(left|right|center|justify)$/i.test(v) ? v.toLowerCase() : undefined
    case 'type':
      return /^[1aAiI]$/.test(v) ? v : undefined
    case 'controls':
      return 'controls' // a boolean attribute; the library drops empty values
    case 'target':
      return v.toLowerCase() === '_blank' ? '_blank' : undefined
    case 'title':
    case 'alt':
      return value.slice(0, 500)
    case 'href':
    case 'src':
    case 'poster':
      return SCRIPT_LIKE_URL.test(value.replace(INVISIBLE, '')) ? undefined : value
    default:
      return value
  }
}

const OPTIONS: sanitize.IOptions = {
  allowedTags: [...BLOCK, ...INLINE, ...HEADINGS, ...LISTS, ...TABLES, ...MEDIA],
  disallowedTagsMode: 'discard',
  nonTextTags: DROP_WITH_CONTENT,
  allowedAttributes: {
    '*': ['class', 'style', 'title', 'align'],
    a: ['href', 'target', 'rel'],
    img: ['src', 'alt', 'width', 'height'],
    video: ['src', 'poster', 'controls', 'width', 'height'],
    td: ['colspan', 'rowspan'],
    th: ['colspan', 'rowspan'],
    col: ['span'],
    ol: ['start', 'type'],
  },
  allowedSchemes: ['http', 'https'],
  allowedSchemesByTag: { a: ['http', 'https', 'mailto', 'tel'] },
  allowedSchemesAppliedToAttributes: ['href', 'src', 'poster'],
  allowProtocolRelative: true,
  allowedStyles: { '*': Object.fromEntries(STYLE_PROPERTIES.map((p) => [p, [SAFE_STYLE_VALUE]])) },
  allowVulnerableTags: false,
  transformTags: {
    '*': (tagName, attribs) => {
      const kept: sanitize.Attributes = {}
      for (const [name, value] of Object.entries(attribs)) {
        if (name === 'rel') continue // set below, never taken from the input
        const checked = checkedValue(name, value)
        if (checked !== undefined) kept[name] = checked
      }
      if (tagName === 'a' && kept.target) kept.rel = 'noopener noreferrer'
      return { tagName, attribs: kept }
    },
  },
  // An image or a video whose address was refused is dropped (an empty element is useless).
  exclusiveFilter: (frame) => (frame.tag === 'img' || frame.tag === 'video') && !frame.attribs.src,
}

/**
 * The library writes void elements as `<br />` and styles as `a:b;c:d`; this keeps the forms stored
 * so far (`<br>`, `a: b; c: d`). Safe on its output: text and attribute values have `<`, `>` and
 * `"` escaped, so ` />` and ` style="` only occur inside tags it wrote.
 */
function storedForm(html: string): string {
  return html
    .replace(/ \/>/g, '>')
    .replace(/(<[a-z][a-z0-9]*(?: [a-z-]+(?:="[^"]*")?)*) style="([^"]*)"/g, (_whole, tag: string, css: string) => {
      const declarations = css.split(';').map((d) => d.trim().replace(/^([a-z-]+):\s*/, '$1: '))
      return `${tag} style="${declarations.join('; ')}"`
    })
}

/** Sanitises operator HTML to the allow-list above; the result is safe to render as HTML. */
export function sanitizeHtml(input: string): string {
  return storedForm(sanitize(input, OPTIONS))
}

/** The visible text of sanitised HTML (for summaries, search and "is it empty" checks). */
export function htmlToText(html: string): string {
  // Tags become spaces (a block's end separates words); the library then decodes every character
  // reference, and the four it escapes again are undone: plain text, not HTML.
  const text = sanitize(html.replace(/<[^>]*>/g, ' '), { allowedTags: [], allowedAttributes: {} })
  return text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim()
}
