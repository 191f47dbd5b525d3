import QRCode from 'qrcode'
import {
  LAYOUT,
  NAME_MAX_CHARS,
  POSTER_HEIGHT,
  POSTER_TEXTS,
  POSTER_WIDTH,
  QR_BOX,
  coverCrop,
  drawPlan,
  matrixOf,
  posterName,
  qrSegments,
  utf8Bytes,
  posterPlan,
  qrSquares,
  type DrawStep,
  type PosterContext,
} from './poster-plan'

const LINK = 'http://localhost:3000/pages/activity/main?ref=DEMO01'
const matrix = matrixOf(QRCode.create(qrSegments(LINK), { errorCorrectionLevel: 'M' }).modules)
const darkCount = matrix.flat().filter(Boolean).length
const rects = (steps: DrawStep[]) => steps.filter((s): s is Extract<DrawStep, { op: 'fillRect' }> => s.op === 'fillRect')

describe('the share poster plan', () => {
  it('draws one square per dark QR module, all inside the QR box, with a light quiet zone around them', () => {
    const squares = rects(qrSquares(matrix))
    expect(squares).toHaveLength(darkCount)
    const side = squares[0]!.w
    expect(side).toBe(Math.floor(QR_BOX / (matrix.length + 4)))
    for (const s of squares) {
      expect(s.w).toBe(side)
      expect(s.x).toBeGreaterThanOrEqual(LAYOUT.qr.x + 2 * side)
      expect(s.y).toBeGreaterThanOrEqual(LAYOUT.qr.y + 2 * side)
      expect(s.x + s.w).toBeLessThanOrEqual(LAYOUT.qr.x + QR_BOX - 2 * side)
      expect(s.y + s.h).toBeLessThanOrEqual(LAYOUT.qr.y + QR_BOX - 2 * side)
    }
  })

  it('puts each module at its row and column, so the code reads back as the same matrix', () => {
    const squares = rects(qrSquares(matrix))
    const side = squares[0]!.w
    const left = Math.min(...squares.map((s) => s.x))
    const top = Math.min(...squares.map((s) => s.y))
    const read = matrix.map((row) => row.map(() => false))
    for (const s of squares) read[Math.round((s.y - top) / side)]![Math.round((s.x - left) / side)] = true
    // The finder pattern puts a dark module in the top-left corner, so left/top are column/row 0.
    expect(read).toEqual(matrix)
  })

  it('covers the poster with the background, cropped to keep its proportions', () => {
    const steps = posterPlan({ background: { width: 750, height: 400 }, qr: matrix, name: '王老师', code: 'DEMO01' })
    const image = steps.find((s) => s.op === 'drawImage')
    expect(image).toEqual({
      op: 'drawImage',
      image: 'background',
      ...coverCrop(750, 400, POSTER_WIDTH, POSTER_HEIGHT),
      dx: 0,
      dy: 0,
      dw: POSTER_WIDTH,
      dh: POSTER_HEIGHT,
    })
    const crop = coverCrop(750, 400, POSTER_WIDTH, POSTER_HEIGHT)
    expect(crop.sh).toBeCloseTo(400)
    expect(crop.sw / crop.sh).toBeCloseTo(POSTER_WIDTH / POSTER_HEIGHT)
    expect(crop.sx).toBeCloseTo((750 - crop.sw) / 2)
  })

  it('draws a plain colour and no picture when the background did not load', () => {
    const steps = posterPlan({ background: null, qr: matrix, name: '王老师', code: 'DEMO01' })
    expect(steps.some((s) => s.op === 'drawImage')).toBe(false)
    expect(steps[1]).toEqual({ op: 'fillRect', x: 0, y: 0, w: POSTER_WIDTH, h: POSTER_HEIGHT })
  })

  it("writes the partner's name, the invitation, the share code and the scan hint", () => {
    const texts = posterPlan({ background: null, qr: matrix, name: '王老师', code: 'DEMO01' })
      .filter((s) => s.op === 'fillText')
      .map((s) => (s.op === 'fillText' ? s.text : ''))
    expect(texts).toEqual(['王老师', POSTER_TEXTS.invite, '推荐码 DEMO01', POSTER_TEXTS.scan])
  })

  it('draws the mini-program code instead of the QR squares when there is one, fitted in the code box', () => {
    const steps = posterPlan({ background: null, qr: matrix, miniCode: { width: 430, height: 470 }, name: '王老师', code: 'DEMO01' })
    const images = steps.filter((s) => s.op === 'drawImage')
    expect(images).toHaveLength(1)
    const code = images[0]!
    if (code.op !== 'drawImage') throw new Error('not an image')
    expect(code.image).toBe('miniCode')
    expect([code.sx, code.sy, code.sw, code.sh]).toEqual([0, 0, 430, 470])
    expect(code.dh).toBeCloseTo(QR_BOX)
    expect(code.dw).toBeCloseTo((430 / 470) * QR_BOX)
    expect(code.dx).toBeCloseTo(LAYOUT.qr.x + (QR_BOX - code.dw) / 2)
    expect(code.dy).toBeCloseTo(LAYOUT.qr.y)
    // No QR squares: the only black fill is the one before the code.
    expect(rects(steps).filter((r) => r.w < 20)).toHaveLength(0)
    const texts = steps.filter((s) => s.op === 'fillText').map((s) => (s.op === 'fillText' ? s.text : ''))
    expect(texts.at(-1)).toBe(POSTER_TEXTS.scanMiniCode)
  })

  it('cuts a long name so it never runs into the code', () => {
    expect(posterName('欧阳娜娜娜娜娜娜娜娜娜')).toBe('欧阳娜娜娜娜娜娜…')
    expect(Array.from(posterName('欧阳娜娜娜娜娜娜娜娜娜'))).toHaveLength(NAME_MAX_CHARS)
    expect(posterName(' 李四 ')).toBe('李四')
  })

  it('runs the plan on a 2D context in order', () => {
    const calls: string[] = []
    const ctx: PosterContext = {
      fillStyle: '',
      font: '',
      textAlign: '',
      textBaseline: '',
      scale: () => calls.push('scale'),
      fillRect: () => calls.push('fillRect'),
      fillText: (t) => calls.push(`fillText ${t}`),
      drawImage: () => calls.push('drawImage'),
    }
    drawPlan(ctx, posterPlan({ background: { width: 10, height: 16 }, qr: matrix, name: '王老师', code: 'DEMO01' }), { background: {} })
    expect(calls[0]).toBe('fillRect')
    expect(calls[1]).toBe('drawImage')
    expect(calls.filter((c) => c === 'fillRect')).toHaveLength(2 + darkCount)
    expect(calls).toContain('fillText 王老师')
    expect(ctx.font).toBe('22px sans-serif')
  })

  it('encodes the link as UTF-8 bytes without TextEncoder (mini-program engines may lack it)', () => {
    for (const text of [LINK, 'https://例子.测试/活动?ref=DEMO01', 'emoji 🎓 ok'])
      expect(Array.from(utf8Bytes(text))).toEqual(Array.from(Buffer.from(text, 'utf8')))
  })
})
