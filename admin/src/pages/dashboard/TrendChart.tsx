/**
 * The last 30 days on the dashboard: clues and deals (counts, left axis), commission credited and
 * paid out (yuan, right axis). echarts' modular build: only the line chart and the pieces it uses.
 */
import { LineChart } from 'echarts/charts'
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components'
import * as echarts from 'echarts/core'
import { CanvasRenderer } from 'echarts/renderers'
import { useEffect, useRef } from 'react'
import type { TrendDay } from '../../api/dashboard'
import { formatYuan } from '@activity/money'

echarts.use([LineChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer])

export default function TrendChart({ days }: { days: TrendDay[] }) {
  const element = useRef<HTMLDivElement>(null)

  useEffect(() => {
    if (!element.current) return
    const chart = echarts.init(element.current, undefined, { renderer: 'canvas' })
    const yuan = (fen: number) => Number(formatYuan(fen, { symbol: false, grouping: false }))
    chart.setOption({
      animation: false,
      tooltip: { trigger: 'axis' },
      legend: { top: 0, data: ['新增线索', '成交', '佣金入账（元）', '已打款（元）'] },
      grid: { left: 48, right: 64, top: 56, bottom: 32 },
      xAxis: { type: 'category', data: days.map((d) => d.date.slice(5)) },
      yAxis: [
        { type: 'value', name: '数量', minInterval: 1 },
        { type: 'value', name: '金额（元）' },
      ],
      series: [
        { name: '新增线索', type: 'line', smooth: true, data: days.map((d) => d.clues) },
        { name: '成交', type: 'line', smooth: true, data: days.map((d) => d.deals) },
        { name: '佣金入账（元）', type: 'line', smooth: true, yAxisIndex: 1, data: days.map((d) => yuan(d.commission)) },
        { name: '已打款（元）', type: 'line', smooth: true, yAxisIndex: 1, data: days.map((d) => yuan(d.paidOut)) },
      ],
    })
    const resize = () => chart.resize()
    window.addEventListener('resize', resize)
    return () => {
      window.removeEventListener('resize', resize)
      chart.dispose()
    }
  }, [days])

  return <div ref={element} data-testid='trend-chart' className='trend-chart' />
}
