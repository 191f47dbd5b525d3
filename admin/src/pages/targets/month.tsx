/** The month the targets screens show: `?month=YYYY-MM` in the address (a reload or a shared link keeps it), this month by default. */
import { DatePicker } from 'antd'
import dayjs from 'dayjs'
import { useSearchParams } from 'react-router-dom'
import { officeTime } from '../../format'

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/

export const thisMonth = () => officeTime(new Date()).format('YYYY-MM')

export function useMonth(): [string, (month: string) => void] {
  const [params, setParams] = useSearchParams()
  const raw = params.get('month') ?? ''
  const month = MONTH.test(raw) ? raw : thisMonth()
  const setMonth = (next: string) =>
    setParams(
      (current) => {
        const p = new URLSearchParams(current)
        p.set('month', next)
        return p
      },
      { replace: true },
    )
  return [month, setMonth]
}

export function MonthPicker({ month, onChange }: { month: string; onChange: (month: string) => void }) {
  return (
    <DatePicker
      picker='month'
      aria-label='月份'
      data-testid='month-picker'
      allowClear={false}
      value={dayjs(`${month}-01`)}
      onChange={(d) => d && onChange(d.format('YYYY-MM'))}
    />
  )
}

/** Seconds as 3小时20分 / 45分 / 30秒. */
export function formatWait(seconds: number | null): string {
  if (seconds === null) return '-'
  if (seconds < 60) return `${Math.round(seconds)}秒`
  const minutes = Math.round(seconds / 60)
  const h = Math.floor(minutes / 60)
  const m = minutes % 60
  if (h >= 24) return `${Math.floor(h / 24)}天${h % 24}小时`
  return h > 0 ? `${h}小时${m}分` : `${m}分`
}

export const formatPercent = (v: number | null) => (v === null ? '-' : `${v}%`)
