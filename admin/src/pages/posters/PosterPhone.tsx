/**
 * The share poster as the partner's phone draws it: the same drawing plan as the partner app
 * (src/components/share-poster/plan.ts: background cropped to cover, white card, QR code of the
 * partner's link, name, code), on a canvas, inside a 375×667 phone frame laid out like the
 * app's poster screen (dark stage, the backgrounds to pick from underneath).
 */
import QRCode from 'qrcode'
import { useEffect, useRef, useState } from 'react'
import '../../components/PhonePreview.css'
import { drawPlan, matrixOf, POSTER_HEIGHT, POSTER_SCALE, POSTER_WIDTH, posterPlan, type PosterContext, qrSegments } from '@activity/domain'

export interface PhoneBackground {
  id: number
  name: string
  url: string
}

export interface PosterPhoneProps {
  /** The backgrounds the partner can pick from, in the order the phone shows them. */
  backgrounds: PhoneBackground[]
  chosenId: number | undefined
  onPick: (id: number) => void
  /** The name the phone prints (real name, nickname or masked phone). */
  name: string
  code: string
  /** The partner's share link the QR code carries. */
  link: string
}

function loadImage(url: string): Promise<HTMLImageElement | null> {
  return new Promise((resolve) => {
    const image = new Image()
    if (/^https?:/i.test(url) && !url.startsWith(location.origin)) image.crossOrigin = 'anonymous'
    image.onload = () => resolve(image)
    // The phone draws the plain colour when the picture does not load; so does the preview.
    image.onerror = () => resolve(null)
    image.src = url
  })
}

export function PosterPhone({ backgrounds, chosenId, onPick, name, code, link }: PosterPhoneProps) {
  const canvas = useRef<HTMLCanvasElement>(null)
  const [drawn, setDrawn] = useState<string>()
  const chosen = backgrounds.find((b) => b.id === chosenId) ?? backgrounds[0]

  useEffect(() => {
    let current = true
    const draw = async () => {
      const matrix = matrixOf(QRCode.create(qrSegments(link) as never, { errorCorrectionLevel: 'M' }).modules)
      const image = chosen ? await loadImage(chosen.url) : null
      const el = canvas.current
      const ctx = el?.getContext('2d')
      if (!current || !el || !ctx) return
      ctx.setTransform(1, 0, 0, 1, 0, 0)
      ctx.clearRect(0, 0, el.width, el.height)
      ctx.scale(POSTER_SCALE, POSTER_SCALE)
      const background = image ? { width: image.naturalWidth, height: image.naturalHeight } : null
      drawPlan(ctx as unknown as PosterContext, posterPlan({ background, qr: matrix, name, code }), { background: image })
      setDrawn(`${chosen?.id ?? 'none'}|${name}|${code}|${link}`)
    }
    void draw()
    return () => {
      current = false
    }
  }, [chosen, name, code, link])

  return (
    <div data-testid='poster-phone' data-drawn={drawn} className='phone-frame phone-frame--dark'>
      <div className='phone-frame__bar'>分享海报</div>
      <div className='poster-canvas-box'>
        <canvas
          ref={canvas}
          aria-label='海报预览'
          width={POSTER_WIDTH * POSTER_SCALE}
          height={POSTER_HEIGHT * POSTER_SCALE}
          className='poster-canvas'
          style={{ aspectRatio: `${POSTER_WIDTH} / ${POSTER_HEIGHT}` }}
        />
      </div>
      {backgrounds.length > 1 ? (
        <div className='poster-picker'>
          <div className='poster-picker__label'>选择背景</div>
          <div className='poster-picker__list'>
            {backgrounds.map((b) => (
              <button
                key={b.id}
                type='button'
                onClick={() => onPick(b.id)}
                title={b.name}
                className={b.id === chosen?.id ? 'poster-picker__item poster-picker__item--chosen' : 'poster-picker__item'}
              >
                <img src={b.url} alt={b.name} />
              </button>
            ))}
          </div>
        </div>
      ) : null}
    </div>
  )
}
