/**
 * 投屏签到码: a check-in code for the room's screen (a night class's, a face-to-face session's), over
 * the whole window (and full screen at a click). A QR code and six large digits that change every
 * 30 seconds, a countdown to the next, asked of the server just after each change; a photo of it is
 * useless a minute later. When the server cannot be reached the last code stays only while it
 * still checks in (the code's rules: @activity/domain room-code, shared with the app's). What the screen is for (its heading, its notice while check-in is closed, a line
 * of counts) is the caller's.
 */
import {
  ROOM_CODE_RETRY_MS,
  type RoomCode,
  roomCodePercentLeft,
  roomCodeRefreshDelay,
  roomCodeSecondsLeft,
  roomCodeStale,
  serverClockOffset,
} from '@activity/domain'
import { CompressOutlined, ExpandOutlined } from '@ant-design/icons'
import { Button, Drawer, Spin, Typography } from 'antd'
import { type ReactNode, useEffect, useState } from 'react'
import { useQrDataUrl } from '../hooks/useQrDataUrl'
import { ResultPage } from './LoadFailure'
import './CheckInScreen.css'

/** What a room screen's answer holds besides the code and its window: the address its QR code carries. */
export interface ScreenCode extends RoomCode {
  checkInUrl: string
}

/** 123456 as "123 456": read aloud and copied in two halves. */
const spacedCode = (code: string): string => (code.length === 6 ? `${code.slice(0, 3)} ${code.slice(3)}` : code)

interface Screen<T> {
  shown?: T
  /** The server's clock minus this browser's. */
  offset: number
  failing: boolean
}

/** The code now, asked again just after each change (and when the tab shows again); a tick for the countdown. */
function useScreenCode<T extends ScreenCode>(load: () => Promise<T>, key: string, active: boolean): Screen<T> & { now: number } {
  const [screen, setScreen] = useState<Screen<T>>({ offset: 0, failing: false })
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    if (!active) return
    let live = true
    let busy = false
    let timer: ReturnType<typeof setTimeout> | undefined
    const next = async () => {
      if (busy) return
      busy = true
      clearTimeout(timer)
      const sentAt = Date.now()
      try {
        const shown = await load()
        if (!live) return
        const offset = serverClockOffset(shown.serverTime, sentAt, Date.now())
        setScreen({ shown, offset, failing: false })
        timer = setTimeout(() => void next(), roomCodeRefreshDelay(shown, offset, Date.now()))
      } catch {
        if (!live) return
        setScreen((s) => ({ ...s, failing: true }))
        timer = setTimeout(() => void next(), ROOM_CODE_RETRY_MS)
      } finally {
        busy = false
      }
    }
    void next()
    const tick = setInterval(() => setNow(Date.now()), 250)
    // A hidden tab's timers are slowed down: ask at once when it shows again.
    const onVisible = () => document.visibilityState === 'visible' && void next()
    document.addEventListener('visibilitychange', onVisible)
    return () => {
      live = false
      clearTimeout(timer)
      clearInterval(tick)
      document.removeEventListener('visibilitychange', onVisible)
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `key` names what `load` asks for
  }, [key, active])
  return { ...screen, now }
}

/** Whether `element` is the page's full-screen element, and a switch for it. */
function useFullScreen(element: HTMLElement | null) {
  const [full, setFull] = useState(false)
  useEffect(() => {
    const onChange = () => setFull(element !== null && document.fullscreenElement === element)
    document.addEventListener('fullscreenchange', onChange)
    return () => document.removeEventListener('fullscreenchange', onChange)
  }, [element])
  const supported = typeof document !== 'undefined' && Boolean(document.fullscreenEnabled)
  const toggle = () => {
    if (full) void document.exitFullscreen()
    else void element?.requestFullscreen()
  }
  return { full, supported, toggle }
}

function QrImage({ url, title }: { url: string; title: string }) {
  const src = useQrDataUrl(url, 720)
  return src ? <img className='check-in-screen-qr' src={src} alt={`「${title}」投屏签到二维码`} data-url={url} /> : <Spin size='large' />
}

const RING_RADIUS = 44
const RING_LENGTH = 2 * Math.PI * RING_RADIUS

/** The seconds left, in a ring that empties as they run out. */
function CountdownRing({ percent, seconds }: { percent: number; seconds: number }) {
  return (
    <div
      className='check-in-screen-ring'
      role='progressbar'
      aria-label='签到码剩余时间'
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={Math.round(percent)}
    >
      <svg viewBox='0 0 100 100' aria-hidden='true'>
        <circle className='check-in-screen-ring__track' cx='50' cy='50' r={RING_RADIUS} />
        <circle
          className='check-in-screen-ring__left'
          cx='50'
          cy='50'
          r={RING_RADIUS}
          strokeDasharray={RING_LENGTH}
          strokeDashoffset={RING_LENGTH * (1 - percent / 100)}
        />
      </svg>
      <span className='check-in-screen-ring__seconds'>{seconds}秒</span>
    </div>
  )
}

export interface CheckInScreenProps<T extends ScreenCode> {
  open: boolean
  onClose: () => void
  /** Asks the server for the code now (quiet: the screen says itself when it cannot reach it). */
  load: () => Promise<T>
  /** What `load` asks for (a class's or a session's id): a new one starts again. */
  loadKey: string
  /** The drawer's title: 投屏签到码 · 会计基础. */
  title: string
  /** The screen's heading, read from the back of the room. */
  heading: string
  /** Under the heading: when and where. */
  meta: ReactNode
  /** Above the code, from the latest answer: check-in not open yet, or closed. */
  notice?: (shown: T) => ReactNode
  /** Under the code, from the latest answer: how many have checked in. */
  footer?: (shown: T) => ReactNode
  /** The test ids: `<testId>`, `<testId>-code`, `<testId>-countdown`. */
  testId: string
}

export function CheckInScreen<T extends ScreenCode>({
  open,
  onClose,
  load,
  loadKey,
  title,
  heading,
  meta,
  notice,
  footer,
  testId,
}: CheckInScreenProps<T>) {
  const [element, setElement] = useState<HTMLDivElement | null>(null)
  const { shown, offset, failing, now } = useScreenCode(load, loadKey, open)
  const { full, supported, toggle } = useFullScreen(element)
  const close = () => {
    if (document.fullscreenElement) void document.exitFullscreen()
    onClose()
  }

  const body = () => {
    if (!shown) return failing ? <ResultPage title='连接不上服务器，正在重试…' /> : <Spin size='large' />
    if (roomCodeStale(shown, offset, now)) return <ResultPage title='连接中断，签到码已失效，正在重试…' />
    const seconds = roomCodeSecondsLeft(shown, offset, now)
    return (
      <div className='check-in-screen-main'>
        <QrImage url={shown.checkInUrl} title={heading} />
        <div className='check-in-screen-code'>
          <div className='check-in-screen-label'>签到码</div>
          <div className='check-in-screen-digits' data-testid={`${testId}-code`}>
            {spacedCode(shown.code)}
          </div>
          <div className='check-in-screen-countdown' data-testid={`${testId}-countdown`}>
            <CountdownRing percent={roomCodePercentLeft(shown, offset, now)} seconds={seconds} />
            <span>后更换</span>
          </div>
          {failing ? <Typography.Text type='warning'>网络不稳定，正在重试</Typography.Text> : null}
        </div>
      </div>
    )
  }

  return (
    <Drawer
      open={open}
      onClose={close}
      placement='top'
      height='100vh'
      destroyOnHidden
      title={title}
      extra={
        supported ? (
          <Button icon={full ? <CompressOutlined /> : <ExpandOutlined />} onClick={toggle}>
            {full ? '退出全屏' : '全屏'}
          </Button>
        ) : null
      }
    >
      <div className='check-in-screen' ref={setElement} data-testid={testId}>
        <h1 className='check-in-screen-title'>{heading}</h1>
        <p className='check-in-screen-meta'>{meta}</p>
        {shown && notice ? notice(shown) : null}
        {body()}
        {shown && footer ? footer(shown) : null}
        <p className='check-in-screen-hint'>用微信或手机相机扫码签到 · 签到码每30秒更换，拍照带走无效</p>
      </div>
    </Drawer>
  )
}
