/**
 * What the share poster draws, as data: a list of 2D-context steps computed from the poster's
 * size, the chosen background's size, the QR matrix and the partner's name. The same plan is
 * drawn on the mini-programs' canvas node and on an H5 canvas element (draw.ts), and tests read
 * it without any canvas.
 */

/** The poster in logical pixels (5:8); the canvas is this times POSTER_SCALE. */
export const POSTER_WIDTH = 600
export const POSTER_HEIGHT = 960
/** Canvas pixels per logical pixel: a sharp picture on phone screens once saved. */
export const POSTER_SCALE = 2

/** Light modules around the code (the QR "quiet zone"), in modules. */
export const QR_QUIET_ZONE = 2
/** Side of the QR box, logical pixels. */
export const QR_BOX = 168
/** Names longer than this many characters are cut with an ellipsis (they must not run into the code). */
export const NAME_MAX_CHARS = 9

export const POSTER_TEXTS = {
  invite: '邀请您了解招生活动',
  scan: '长按识别二维码',
  scanMiniCode: '长按识别小程序码',
  code: (code: string) => `推荐码 ${code}`,
} as const

export type QrMatrix = boolean[][]

export type DrawStep =
  | { op: 'fillStyle'; value: string }
  | { op: 'font'; value: string }
  | { op: 'textAlign'; value: 'left' | 'center' | 'right' }
  | { op: 'textBaseline'; value: 'top' | 'middle' | 'alphabetic' }
  | { op: 'fillRect'; x: number; y: number; w: number; h: number }
  | { op: 'fillText'; text: string; x: number; y: number }
  /** A picture (the background, cropped to cover; the mini-program code, fitted in the code box). */
  | {
      op: 'drawImage'
      image: PosterImage
      sx: number
      sy: number
      sw: number
      sh: number
      dx: number
      dy: number
      dw: number
      dh: number
    }

/** The pictures a poster draws: the chosen background, and in the WeChat mini-program the back-office's mini-program code. */
export type PosterImage = 'background' | 'miniCode'

export interface PosterInput {
  /** The background's natural size; null when it could not be loaded (a plain colour stands in). */
  background: { width: number; height: number } | null
  qr: QrMatrix
  /**
   * The mini-program code's natural size when there is one (the WeChat mini-program): drawn in
   * the code box instead of the link's QR squares.
   */
  miniCode?: { width: number; height: number } | null
  name: string
  code: string
}

/** The crop of a `sw`×`sh` picture that covers a `dw`×`dh` box without stretching (centred). */
export function coverCrop(sw: number, sh: number, dw: number, dh: number) {
  const scale = Math.max(dw / sw, dh / sh)
  const w = dw / scale
  const h = dh / scale
  return { sx: (sw - w) / 2, sy: (sh - h) / 2, sw: w, sh: h }
}

/** A name cut to NAME_MAX_CHARS characters (by character, not UTF-16 unit). */
export function posterName(name: string): string {
  const chars = Array.from(name.trim())
  return chars.length > NAME_MAX_CHARS ? `${chars.slice(0, NAME_MAX_CHARS - 1).join('')}…` : chars.join('')
}

/** Where the QR box and the card sit. */
export const LAYOUT = {
  card: { x: 24, y: POSTER_HEIGHT - 232, w: POSTER_WIDTH - 48, h: 208 },
  qr: { x: POSTER_WIDTH - 24 - 20 - QR_BOX, y: POSTER_HEIGHT - 232 + 20 },
  text: { x: 48 },
} as const

/** The QR code's squares: one fillRect per dark module, inside the QR box with its quiet zone. */
export function qrSquares(qr: QrMatrix, box = QR_BOX, origin: { x: number; y: number } = LAYOUT.qr): DrawStep[] {
  const count = qr.length + QR_QUIET_ZONE * 2
  // Whole pixels per module keep the edges crisp; the code is centred in its box.
  const cell = Math.max(1, Math.floor(box / count))
  const offset = (box - cell * count) / 2
  const steps: DrawStep[] = []
  qr.forEach((row, r) =>
    row.forEach((dark, c) => {
      if (dark)
        steps.push({
          op: 'fillRect',
          x: origin.x + offset + (c + QR_QUIET_ZONE) * cell,
          y: origin.y + offset + (r + QR_QUIET_ZONE) * cell,
          w: cell,
          h: cell,
        })
    }),
  )
  return steps
}

/** The mini-program code fitted (not cropped) in the code box, centred. */
export function miniCodeStep(
  size: { width: number; height: number },
  box = QR_BOX,
  origin: { x: number; y: number } = LAYOUT.qr,
): DrawStep {
  const scale = Math.min(box / size.width, box / size.height)
  const dw = size.width * scale
  const dh = size.height * scale
  return {
    op: 'drawImage',
    image: 'miniCode',
    sx: 0,
    sy: 0,
    sw: size.width,
    sh: size.height,
    dx: origin.x + (box - dw) / 2,
    dy: origin.y + (box - dh) / 2,
    dw,
    dh,
  }
}

export function posterPlan({ background, qr, miniCode, name, code }: PosterInput): DrawStep[] {
  const useMiniCode = Boolean(miniCode && miniCode.width > 0 && miniCode.height > 0)
  const { card, text } = LAYOUT
  const steps: DrawStep[] = [
    // A warm plain colour under the picture (and instead of it when it did not load).
    { op: 'fillStyle', value: '#ff6b00' },
    { op: 'fillRect', x: 0, y: 0, w: POSTER_WIDTH, h: POSTER_HEIGHT },
  ]
  if (background && background.width > 0 && background.height > 0) {
    steps.push({
      op: 'drawImage',
      image: 'background',
      ...coverCrop(background.width, background.height, POSTER_WIDTH, POSTER_HEIGHT),
      dx: 0,
      dy: 0,
      dw: POSTER_WIDTH,
      dh: POSTER_HEIGHT,
    })
  }
  steps.push(
    { op: 'fillStyle', value: '#ffffff' },
    { op: 'fillRect', x: card.x, y: card.y, w: card.w, h: card.h },
    { op: 'fillStyle', value: '#000000' },
    ...(useMiniCode && miniCode ? [miniCodeStep(miniCode)] : qrSquares(qr)),
    { op: 'textAlign', value: 'left' },
    { op: 'textBaseline', value: 'top' },
    { op: 'fillStyle', value: '#222222' },
    { op: 'font', value: 'bold 34px sans-serif' },
    { op: 'fillText', text: posterName(name), x: text.x, y: card.y + 32 },
    { op: 'fillStyle', value: '#666666' },
    { op: 'font', value: '24px sans-serif' },
    { op: 'fillText', text: POSTER_TEXTS.invite, x: text.x, y: card.y + 84 },
    { op: 'fillStyle', value: '#ff6b00' },
    { op: 'fillText', text: POSTER_TEXTS.code(code), x: text.x, y: card.y + 120 },
    { op: 'fillStyle', value: '#999999' },
    { op: 'font', value: '22px sans-serif' },
    { op: 'fillText', text: useMiniCode ? POSTER_TEXTS.scanMiniCode : POSTER_TEXTS.scan, x: text.x, y: card.y + 160 },
  )
  return steps
}

/** The parts of a 2D context the plan uses: the mini-programs' canvas node context and the DOM's both fit. */
export interface PosterContext {
  fillStyle: unknown
  font: string
  textAlign: string
  textBaseline: string
  scale(x: number, y: number): void
  fillRect(x: number, y: number, w: number, h: number): void
  fillText(text: string, x: number, y: number): void
  drawImage(image: never, sx: number, sy: number, sw: number, sh: number, dx: number, dy: number, dw: number, dh: number): void
}

/** Runs a plan on a context; `images` are the loaded pictures its drawImage steps name. */
export function drawPlan(ctx: PosterContext, steps: DrawStep[], images: Partial<Record<PosterImage, unknown>>): void {
  for (const s of steps) {
    switch (s.op) {
      case 'fillStyle':
        ctx.fillStyle = s.value
        break
      case 'font':
        ctx.font = s.value
        break
      case 'textAlign':
        ctx.textAlign = s.value
        break
      case 'textBaseline':
        ctx.textBaseline = s.value
        break
      case 'fillRect':
        ctx.fillRect(s.x, s.y, s.w, s.h)
        break
      case 'fillText':
        ctx.fillText(s.text, s.x, s.y)
        break
      case 'drawImage':
        if (images[s.image]) ctx.drawImage(images[s.image] as never, s.sx, s.sy, s.sw, s.sh, s.dx, s.dy, s.dw, s.dh)
        break
    }
  }
}

/**
 * What qrcode's `create()` is given for a link: its UTF-8 bytes as one byte-mode segment. Given a
 * string, qrcode reaches for TextEncoder, which mini-program engines do not all have.
 */
export function qrSegments(text: string): Array<{ data: Uint8Array; mode: 'byte' }> {
  return [{ data: utf8Bytes(text), mode: 'byte' }]
}

export function utf8Bytes(text: string): Uint8Array {
  const bytes: number[] = []
  for (const ch of text) {
    const cp = ch.codePointAt(0) ?? 0
    if (cp < 0x80) bytes.push(cp)
    else if (cp < 0x800) bytes.push(0xc0 | (cp >> 6), 0x80 | (cp & 63))
    else if (cp < 0x10000) bytes.push(0xe0 | (cp >> 12), 0x80 | ((cp >> 6) & 63), 0x80 | (cp & 63))
    else bytes.push(0xf0 | (cp >> 18), 0x80 | ((cp >> 12) & 63), 0x80 | ((cp >> 6) & 63), 0x80 | (cp & 63))
  }
  return Uint8Array.from(bytes)
}

/** The matrix of a qrcode `create()` result: rows of dark (true) and light modules. */
export function matrixOf(modules: { size: number; get(row: number, col: number): number }): QrMatrix {
  return Array.from({ length: modules.size }, (_, r) => Array.from({ length: modules.size }, (_, c) => modules.get(r, c) !== 0))
}
