/**
 * Choosing by typing: students (the register's `keyword`: name, phone or student no.) for a grant,
 * and a course (its title) for a grant from the register. Each asks the list call a moment after
 * the last key and shows what it answered.
 */
import { Select, type SelectProps } from 'antd'
import { useEffect, useRef, useState } from 'react'
import { coursesApi } from '../../api/courses'
import { studentsApi } from '../../api/students'

type Option = { value: number; label: string }

function useSearch(find: (keyword: string) => Promise<Option[]>) {
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
      find(keyword.trim())
        .then((found) => {
          if (id === latest.current) setOptions(found)
        })
        .catch(() => {
          if (id === latest.current) setOptions([])
        })
        .finally(() => {
          if (id === latest.current) setLoading(false)
        })
    }, 250)
  }
  return { options, loading, search }
}

type Picker<V> = Omit<SelectProps<V>, 'options' | 'onSearch' | 'showSearch' | 'filterOption' | 'mode'> & {
  value?: V
  onChange?: (value: V) => void
}

export function StudentPicker({ placeholder = '输入姓名、完整手机号或学号搜索', ...rest }: Picker<number[]>) {
  const { options, loading, search } = useSearch((keyword) =>
    studentsApi.list({ keyword, page: 1, size: 20 }).then((page) => page.list.map((s) => ({ value: s.id, label: `${s.name} ${s.phone}` }))),
  )
  // Chosen students stay labelled when a new search answers without them.
  const [known, setKnown] = useState<Option[]>([])
  const shown = [...known.filter((k) => !options.some((o) => o.value === k.value)), ...options]
  return (
    <Select<number[]>
      mode='multiple'
      showSearch
      filterOption={false}
      placeholder={placeholder}
      notFoundContent={loading ? '搜索中…' : '没有找到学员'}
      loading={loading}
      options={shown}
      onSearch={search}
      onFocus={() => {
        if (options.length === 0) search('')
      }}
      {...rest}
      onChange={(ids) => {
        setKnown(shown.filter((o) => ids.includes(o.value)))
        rest.onChange?.(ids)
      }}
    />
  )
}

export function CoursePicker({ placeholder = '输入课程名称搜索', ...rest }: Picker<number>) {
  const { options, loading, search } = useSearch((keyword) =>
    coursesApi
      .list({ keyword, page: 1, size: 20 })
      .then((page) => page.list.map((c) => ({ value: c.id, label: `${c.title}（${c.type}）` }))),
  )
  return (
    <Select<number>
      showSearch
      filterOption={false}
      placeholder={placeholder}
      notFoundContent={loading ? '搜索中…' : '没有找到课程'}
      loading={loading}
      options={options}
      onSearch={search}
      onFocus={() => {
        if (options.length === 0) search('')
      }}
      {...rest}
    />
  )
}
