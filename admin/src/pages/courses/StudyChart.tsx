/**
 * A student's study time per day over the last 30 days, in minutes, as bars (echarts' modular
 * build, the dashboard's chart library: the bar chart and the pieces it uses; loaded with the
 * report only). The picture is described in words for screen readers.
 */
import { BarChart } from 'echarts/charts'
import { GridComponent, TooltipComponent } from 'echarts/components'
import * as echarts from 'echarts/core'
import { CanvasRenderer } from 'echarts/renderers'
import { useEffect, useRef } from 'react'
import { formatStudyTime } from './media'

echarts.use([BarChart, GridComponent, TooltipComponent, CanvasRenderer])

export default function StudyChart({ days }: { days: Array<{ day: string; seconds: number }> }) {
  const element = useRef<HTMLDivElement>(null)

  useEffect(() => {
    if (!element.current) return
    const chart = echarts.init(element.current, undefined, { renderer: 'canvas' })
    chart.setOption({
      animation: false,
      tooltip: {
        trigger: 'axis',
        formatter: (items: Array<{ dataIndex: number }>) => {
          const d = days[items[0]?.dataIndex ?? -1]
          return d ? `${d.day}<br/>学习 ${formatStudyTime(d.seconds)}` : ''
        },
      },
      grid: { left: 48, right: 16, top: 32, bottom: 32 },
      xAxis: { type: 'category', data: days.map((d) => d.day.slice(5)) },
      yAxis: { type: 'value', name: '分钟', minInterval: 1 },
      series: [{ name: '学习时长', type: 'bar', data: days.map((d) => Math.round((d.seconds / 60) * 10) / 10), barMaxWidth: 16 }],
    })
    const resize = () => chart.resize()
    window.addEventListener('resize', resize)
    return () => {
      window.removeEventListener('resize', resize)
      chart.dispose()
    }
  }, [days])

  const total = days.reduce((sum, d) => sum + d.seconds, 0)
  const studied = days.filter((d) => d.seconds > 0).length
  return (
    <div
      ref={element}
      role='img'
      aria-label={`近${days.length}天学习时长：共 ${formatStudyTime(total)}，其中 ${studied} 天有学习`}
      data-testid='study-chart'
      className='study-chart'
    />
  )
}
