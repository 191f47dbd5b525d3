import { useRef, useState } from 'react'
import { Text, View } from '@tarojs/components'
import { beijingMinute } from '@activity/domain'
import { ParcelState } from '@activity/wire'
import type { Parcel, ParcelTrack } from '../../api/ems/textbook'
import { useMounted } from '../../hooks/mounted'
import { copyText } from '../../platform/clipboard'
import { useStore } from '../../store'
import Dialog from '../dialog'
import LoadingIndicator from '../loading-indicator'
import RetryLine from '../retry-line'
import './index.scss'
import { press } from '../../platform/press'

export type { Parcel, ParcelTrack }

/** A tag's hue: grey before the carrier has it, blue on its way, green signed for, red for an exception. */
export type ParcelTone = 'grey' | 'blue' | 'green' | 'red'

export const PARCEL_TEXTS = {
  open: '查看物流',
  close: '收起物流',
  confirm: '确认收货',
  received: '已确认收货',
  copied: '运单号已复制',
  copyFailed: '复制失败，请长按运单号复制',
  waiting: '已发货，等待快递员揽收',
  noTrack: '暂无物流信息',
  noTracks: '暂无物流轨迹',
} as const

/** The school's and the carriers' times are Beijing time, wherever the phone is. */
const timeText = (iso: string) => beijingMinute(new Date(iso))

export function parcelTone(parcel: Pick<Parcel, 'state' | 'exception'>): ParcelTone {
  if (parcel.exception) return 'red'
  if (parcel.state === ParcelState.signed) return 'green'
  return parcel.state === ParcelState.waiting ? 'grey' : 'blue'
}

/** The tag: the exception when there is one (疑难, 退签 ...), else the state (待揽收 ... 签收). */
export function parcelTag(parcel: Pick<Parcel, 'state' | 'exception'>): string {
  return parcel.exception ? `异常：${parcel.exception}` : parcel.state
}

/** The latest track in one line, or what stands for it before the carrier has written any. */
export function latestLine(parcel: Pick<Parcel, 'state' | 'lastContext'>): string {
  if (parcel.lastContext) return parcel.lastContext
  return parcel.state === ParcelState.waiting ? PARCEL_TEXTS.waiting : PARCEL_TEXTS.noTrack
}

export interface ParcelTimelineProps {
  /** The parcel's line: carrier, waybill, state, latest track, receipt. */
  parcel: Parcel
  /**
   * Its timeline, newest first: the area's own call (我的教材's getExpressInfoForClient, 兑换记录's
   * expressForClient), asked each time 查看物流 opens it.
   */
  loadTracks: () => Promise<ParcelTrack[]>
  /**
   * 确认收货, the area's own call: resolves with the parcel's receipt time as answered. Without it
   * the parcel offers no 确认收货; once received, it shows 已确认收货 and when.
   */
  onConfirm?: () => Promise<string | null>
  /** What the parcel carries, in the 确认收货 question. @default '包裹' */
  what?: string
  className?: string
}

/**
 * A shipped parcel (我的教材, 兑换记录): the carrier and waybill number (复制), the state, the
 * latest track; 查看物流 opens its timeline below, newest first; 确认收货 once, after a question.
 */
export default function ParcelTimeline({ parcel, loadTracks, onConfirm, what = '包裹', className }: ParcelTimelineProps) {
  const mounted = useMounted()
  const [open, setOpen] = useState(false)
  const [tracks, setTracks] = useState<ParcelTrack[] | null>(null)
  const [failed, setFailed] = useState(false)
  const [asking, setAsking] = useState(false)
  const [busy, setBusy] = useState(false)
  // The receipt as this tap answered it, before the owner's list is asked again.
  const [receivedHere, setReceivedHere] = useState<string | null>(null)
  const loads = useRef(0)
  const receivedAt = parcel.receivedAt ?? receivedHere

  const load = async () => {
    const mine = ++loads.current
    setFailed(false)
    try {
      const found = await loadTracks()
      if (mounted.current && mine === loads.current) setTracks(found)
    } catch {
      // The wrapper has said why; the timeline offers a retry.
      if (mounted.current && mine === loads.current) setFailed(true)
    }
  }

  const toggle = () => {
    const next = !open
    setOpen(next)
    if (next) void load()
  }

  const copy = async () => {
    try {
      await copyText(parcel.waybillNo)
      useStore.getState().showToast(PARCEL_TEXTS.copied)
    } catch {
      useStore.getState().showToast(PARCEL_TEXTS.copyFailed)
    }
  }

  const confirm = async () => {
    setAsking(false)
    if (!onConfirm || busy || receivedAt) return
    setBusy(true)
    try {
      const at = await onConfirm()
      if (mounted.current && at) setReceivedHere(at)
    } catch {
      // The wrapper has shown why; the button stays for another try.
    } finally {
      if (mounted.current) setBusy(false)
    }
  }

  const tone = parcelTone(parcel)
  return (
    <View className={['parcel', className ?? ''].join(' ').trim()}>
      <View className='parcel__head'>
        <Text className='parcel__carrier'>{parcel.carrierName}</Text>
        <Text className='parcel__waybill' userSelect>
          {parcel.waybillNo}
        </Text>
        <View className='parcel__copy' {...press(() => void copy(), { label: `复制运单号 ${parcel.waybillNo}` })}>
          复制
        </View>
        <Text className={`parcel__state parcel-tag parcel-tag--${tone}`}>{parcelTag(parcel)}</Text>
      </View>
      <View className='parcel__latest'>
        <Text className='parcel__latest-text'>{latestLine(parcel)}</Text>
        {parcel.lastTrackAt ? <Text className='parcel__latest-time'>{timeText(parcel.lastTrackAt)}</Text> : null}
      </View>

      {open ? (
        <View className='parcel__timeline'>
          {tracks ? (
            tracks.length ? (
              tracks.map((track, i) => (
                <View key={`${track.time}-${i}`} className={`parcel-track${i === 0 ? ' parcel-track--latest' : ''}`}>
                  <View className='parcel-track__rail'>
                    <View className='parcel-track__dot' />
                    {i < tracks.length - 1 ? <View className='parcel-track__line' /> : null}
                  </View>
                  <View className='parcel-track__body'>
                    <Text className='parcel-track__context'>{track.context}</Text>
                    <Text className='parcel-track__time'>
                      {timeText(track.time)}
                      {track.areaName ? ` · ${track.areaName}` : ''}
                    </Text>
                  </View>
                </View>
              ))
            ) : (
              <Text className='parcel__none'>{PARCEL_TEXTS.noTracks}</Text>
            )
          ) : failed ? (
            <RetryLine className='parcel__retry' onRetry={() => void load()} />
          ) : (
            <LoadingIndicator className='parcel__loading' content='加载中' />
          )}
        </View>
      ) : null}

      <View className='parcel__actions'>
        <View className='parcel__toggle' {...press(toggle, { expanded: open })}>
          {open ? PARCEL_TEXTS.close : PARCEL_TEXTS.open}
        </View>
        {receivedAt ? (
          <Text className='parcel__received'>{`${PARCEL_TEXTS.received} ${timeText(receivedAt)}`}</Text>
        ) : onConfirm ? (
          <View className={`parcel__confirm${busy ? ' parcel__confirm--busy' : ''}`} {...press(() => setAsking(true), { disabled: busy })}>
            {PARCEL_TEXTS.confirm}
          </View>
        ) : null}
      </View>

      {onConfirm && !receivedAt ? (
        <Dialog
          isOpened={asking}
          title={PARCEL_TEXTS.confirm}
          content={`确认已收到${what}吗？确认后不能撤销。`}
          confirmText={PARCEL_TEXTS.confirm}
          cancelText='还没收到'
          onConfirm={() => void confirm()}
          onCancel={() => setAsking(false)}
          onClose={() => setAsking(false)}
        />
      ) : null}
    </View>
  )
}
