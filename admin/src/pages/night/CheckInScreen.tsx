/**
 * 投屏签到码: the class's check-in code for the room's screen, over the whole window (and full
 * screen at a click). A QR code and six large digits that change every 30 seconds, a countdown to
 * the next, asked of the server just after each change; a photo of it is useless a minute later.
 * When the server cannot be reached the last code stays only while it still checks in.
 */
import { CompressOutlined, ExpandOutlined } from '@ant-design/icons'
import { Alert, Button, Drawer, Spin, Typography } from 'antd'
import { useEffect, useState } from 'react'
import { type NightClassDetail, type NightScreenCode, nightApi } from '../../api/night'
import { formatDateTime, officeTime } from '../../format'
import { clockOffset, percentLeft, refreshDelay, RETRY_MS, secondsLeft, spacedCode, stale } from './check-in-screen'
import { useQrDataUrl } from '../../hooks/useQrDataUrl'
import { ResultPage } from '../../components/LoadFailure'

interface Screen {
  shown?: NightScreenCode
  /** The server's clock minus this browser's. */
  offset: number
  failing: boolean
}

/** The code now, asked again just after each change (and when the tab shows again); a tick for the countdown. */
function useScreenCode(classId: number, active: boolean): Screen & { now: number } {
  const [screen, setScreen] = useState<Screen>({ offset: 0, failing: false })
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
        const shown = await nightApi.screenCode(classId)
        if (!live) return
        const offset = clockOffset(shown.serverTime, sentAt, Date.now())
        setScreen({ shown, offset, failing: false })
        timer = setTimeout(() => void next(), refreshDelay(shown, offset, Date.now()))
      } catch {
        if (!live) return
        setScreen((s) => ({ ...s, failing: true }))
        timer = setTimeout(() => void next(), RETRY_MS)
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
  }, [classId, active])
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
  return src ? <img className='night-screen-qr' src={src} alt={`「${title}」投屏签到二维码`} data-url={url} /> : <Spin size='large' />
}

const RING_RADIUS = 44
const RING_LENGTH = 2 * Math.PI * RING_RADIUS

/** The seconds left, in a ring that empties as they run out. */
function CountdownRing({ percent, seconds }: { percent: number; seconds: number }) {
  return (
    <div
      className='night-screen-ring'
      role='progressbar'
      aria-label='签到码剩余时间'
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={Math.round(percent)}
    >
      <svg viewBox='0 0 100 100' aria-hidden='true'>
        <circle className='night-screen-ring__track' cx='50' cy='50' r={RING_RADIUS} />
        <circle
          className='night-screen-ring__left'
          cx='50'
          cy='50'
          r={RING_RADIUS}
          strokeDasharray={RING_LENGTH}
          strokeDashoffset={RING_LENGTH * (1 - percent / 100)}
        />
      </svg>
      <span className='night-screen-ring__seconds'>{seconds}秒</span>
    </div>
  )
}

export function CheckInScreen({ cls, open, onClose }: { cls: NightClassDetail; open: boolean; onClose: () => void }) {
  const [element, setElement] = useState<HTMLDivElement | null>(null)
  const { shown, offset, failing, now } = useScreenCode(cls.id, open)
  const { full, supported, toggle } = useFullScreen(element)
  const close = () => {
    if (document.fullscreenElement) void document.exitFullscreen()
    onClose()
  }

  const body = () => {
    if (!shown) return failing ? <ResultPage title='连接不上服务器，正在重试…' /> : <Spin size='large' />
    if (stale(shown, offset, now)) return <ResultPage title='连接中断，签到码已失效，正在重试…' />
    const seconds = secondsLeft(shown, offset, now)
    return (
      <div className='night-screen-main'>
        <QrImage url={shown.checkInUrl} title={cls.title} />
        <div className='night-screen-code'>
          <div className='night-screen-label'>签到码</div>
          <div className='night-screen-digits' data-testid='night-screen-code'>
            {spacedCode(shown.code)}
          </div>
          <div className='night-screen-countdown' data-testid='night-screen-countdown'>
            <CountdownRing percent={percentLeft(shown, offset, now)} seconds={seconds} />
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
      title={`投屏签到码 · ${cls.title}`}
      extra={
        supported ? (
          <Button icon={full ? <CompressOutlined /> : <ExpandOutlined />} onClick={toggle}>
            {full ? '退出全屏' : '全屏'}
          </Button>
        ) : null
      }
    >
      <div className='night-screen' ref={setElement} data-testid='night-screen'>
        <h1 className='night-screen-title'>{cls.title}</h1>
        <p className='night-screen-meta'>
          {formatDateTime(cls.startsAt)} 至 {officeTime(cls.endsAt).format('HH:mm')} · {cls.place}
        </p>
        {shown && !shown.checkInOpen ? (
          <Alert
            className='night-screen-alert'
            type='info'
            showIcon
            message={
              Date.parse(shown.serverTime) < Date.parse(shown.checkInOpensAt)
                ? `签到将于 ${formatDateTime(shown.checkInOpensAt)} 开放（开课前30分钟）`
                : '课程已结束，签到已关闭'
            }
          />
        ) : null}
        {body()}
        <p className='night-screen-hint'>用微信或手机相机扫码签到 · 签到码每30秒更换，拍照带走无效</p>
      </div>
    </Drawer>
  )
}
