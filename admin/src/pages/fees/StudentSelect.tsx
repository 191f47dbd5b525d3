/** One student, chosen by typing a name, phone or student number (the register's keyword). */
import { Select, type SelectProps } from 'antd'
import { useEffect, useRef, useState } from 'react'
import { studentsApi } from '../../api/students'

type Option = { value: number; label: string }

export function StudentSelect({
  value,
  onChange,
  ...rest
}: Omit<SelectProps<number>, 'options' | 'onSearch' | 'showSearch' | 'filterOption'>) {
  const [options, setOptions] = useState<Option[]>([])
  const [loading, setLoading] = useState(false)
  const latest = useRef(0)
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined)
  useEffect(() => () => clearTimeout(timer.current), [])
  const search = (keyword: string) => {
    clearTimeout(timer.current)
    timer.current = setTimeout(() => {
      const id = ++latest.current
      setLoading(true)
      studentsApi
        .list({ keyword: keyword.trim(), page: 1, size: 20 })
        .then((page) => {
          if (id === latest.current) setOptions(page.list.map((s) => ({ value: s.id, label: `${s.name} ${s.phone} ${s.school}` })))
        })
        .catch(() => undefined)
        .finally(() => {
          if (id === latest.current) setLoading(false)
        })
    }, 250)
  }
  return (
    <Select<number>
      showSearch
      filterOption={false}
      placeholder='输入姓名、完整手机号或学号搜索'
      notFoundContent={loading ? '搜索中…' : '没有找到学员'}
      loading={loading}
      options={options}
      onSearch={search}
      onFocus={() => {
        if (options.length === 0) search('')
      }}
      value={value}
      onChange={onChange}
      {...rest}
    />
  )
}
