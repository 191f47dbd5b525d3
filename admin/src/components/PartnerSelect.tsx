/**
 * Choose a partner by typing a phone, name or promotion code (the partner list's `keyword`). The
 * value is the partner's id as text, as filters keep it in the address; a value that came from
 * the address is labelled from the partner's details.
 */
import { Select, type SelectProps } from 'antd'
import { useEffect, useRef, useState } from 'react'
import { type AdminPartner, partnersApi } from '../api/partners'

function labelOf(p: AdminPartner): string {
  const name = p.personal?.realName || p.nickname || '未填姓名'
  return `${name} ${p.phone}（${p.code}）`
}

export interface PartnerSelectProps extends Omit<SelectProps<string>, 'options' | 'onSearch' | 'showSearch' | 'filterOption'> {
  value?: string
  onChange?: (value: string | undefined) => void
}

export function PartnerSelect({ value, onChange, placeholder = '输入完整手机号、姓名或推广码', ...rest }: PartnerSelectProps) {
  const [options, setOptions] = useState<Array<{ value: string; label: string }>>([])
  const [loading, setLoading] = useState(false)
  const latest = useRef(0)
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined)

  const search = (keyword: string) => {
    clearTimeout(timer.current)
    timer.current = setTimeout(() => {
      const id = ++latest.current
      setLoading(true)
      partnersApi
        .list({ keyword: keyword.trim(), size: 20 })
        .then((page) => {
          if (id === latest.current) setOptions(page.list.map((p) => ({ value: String(p.id), label: labelOf(p) })))
        })
        .catch(() => {
          if (id === latest.current) setOptions([])
        })
        .finally(() => {
          if (id === latest.current) setLoading(false)
        })
    }, 250)
  }

  // A partner chosen elsewhere (the address, a row) gets its name instead of its bare id.
  useEffect(() => {
    const current = value === undefined || value === null ? '' : String(value)
    if (!/^\d+$/.test(current) || options.some((o) => o.value === current)) return
    let live = true
    partnersApi
      .details(Number(current))
      .then((p) => {
        if (live) setOptions((old) => [{ value: current, label: labelOf(p) }, ...old.filter((o) => o.value !== current)])
      })
      .catch(() => undefined)
    return () => {
      live = false
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [value])

  useEffect(() => () => clearTimeout(timer.current), [])

  return (
    <Select<string>
      showSearch
      allowClear
      filterOption={false}
      placeholder={placeholder}
      notFoundContent={loading ? '搜索中…' : '输入后搜索合伙人'}
      loading={loading}
      options={options}
      value={value === undefined || value === null || value === '' ? undefined : String(value)}
      onSearch={search}
      onChange={(v) => onChange?.(v ?? undefined)}
      onFocus={() => {
        if (options.length <= 1) search('')
      }}
      {...rest}
    />
  )
}
