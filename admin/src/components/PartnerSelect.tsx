/**
 * Choose a partner by typing a phone, name or promotion code (the partner list's `keyword`). The
 * value is the partner's id as text, as filters keep it in the address; a value that came from
 * the address is labelled from the partner's details.
 */
import { Select, type SelectProps } from 'antd'
import { useEffect } from 'react'
import { type AdminPartner, partnersApi } from '../api/partners'
import { useSearchSelect } from '../hooks/useSearchSelect'

function labelOf(p: AdminPartner): string {
  const name = p.personal?.realName || p.nickname || '未填姓名'
  return `${name} ${p.phone}（${p.code}）`
}

export interface PartnerSelectProps extends Omit<SelectProps<string>, 'options' | 'onSearch' | 'showSearch' | 'filterOption'> {
  value?: string
  onChange?: (value: string | undefined) => void
}

export function PartnerSelect({ value, onChange, placeholder = '输入完整手机号、姓名或推广码', ...rest }: PartnerSelectProps) {
  const { options, setOptions, search, selectProps } = useSearchSelect(
    (keyword) => partnersApi.list({ keyword, size: 20 }).then((page) => page.list.map((p) => ({ value: String(p.id), label: labelOf(p) }))),
    { notFound: '输入后搜索合伙人' },
  )

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

  return (
    <Select<string>
      {...selectProps}
      allowClear
      placeholder={placeholder}
      value={value === undefined || value === null || value === '' ? undefined : String(value)}
      onChange={(v) => onChange?.(v ?? undefined)}
      onFocus={() => {
        if (options.length <= 1) search('')
      }}
      {...rest}
    />
  )
}
