import { useEffect, useState } from 'react'
import Taro from '@tarojs/taro'
import { View } from '@tarojs/components'
import type { QrMatrix } from '@activity/domain'
import { logger } from '../../utils/logger'
import { qrMatrix } from './matrix'
import { qrRuns, type QrRun } from './runs'
import './index.scss'

export interface QrCodeProps {
  /** What the code carries (a link). */
  text: string
  /** Side in design px (750 wide), the white margin included. @default 400 */
  size?: number
  /** What a screen reader says of it. @default '二维码' */
  label?: string
  className?: string
}

const percent = (n: number, of: number) => `${(n * 100) / of}%`

function Run({ run, side }: { run: QrRun; side: number }) {
  return (
    <View
      className='app-qr-code__run'
      style={{
        left: percent(run.col, side),
        top: percent(run.row, side),
        width: percent(run.length, side),
        // A hair taller, so no seam shows between the rows.
        height: `calc(${percent(1, side)} + 0.5px)`,
      }}
    />
  )
}

/**
 * A QR code drawn from its text on every platform, as boxes (no canvas, no picture file): for a
 * code that changes while shown (a room screen's check-in link). Until the first matrix is there
 * the square stays white; a new text keeps the old code on screen until the new one is ready.
 */
export default function QrCode({ text, size = 400, label = '二维码', className }: QrCodeProps) {
  const [drawn, setDrawn] = useState<{ text: string; matrix: QrMatrix } | null>(null)
  useEffect(() => {
    let live = true
    qrMatrix(text).then(
      (matrix) => {
        if (live) setDrawn({ text, matrix })
      },
      (err: unknown) => logger.warn('could not encode the QR code', err),
    )
    return () => {
      live = false
    }
  }, [text])
  const side = drawn?.matrix.length ?? 0
  const px = Taro.pxTransform(size)
  return (
    <View
      className={['app-qr-code', className ?? ''].join(' ').trim()}
      style={{ width: px, height: px }}
      role='img'
      aria-label={label}
      data-text={drawn?.text ?? ''}
    >
      <View className='app-qr-code__modules'>
        {drawn ? qrRuns(drawn.matrix).map((run) => <Run key={`${run.row}-${run.col}`} run={run} side={side} />) : null}
      </View>
    </View>
  )
}
