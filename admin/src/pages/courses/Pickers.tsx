/**
 * Choosing by typing: students (the register's `keyword`: name, phone or student no.) for a grant,
 * and a course (its title) for a grant from the register. Each asks the list call a moment after
 * the last key and shows what it answered (useSearchSelect).
 */
import { Select, type SelectProps } from 'antd'
import { useState } from 'react'
import { coursesApi } from '../../api/courses'
import { studentsApi } from '../../api/students'
import { type SearchOption, useSearchSelect } from '../../hooks/useSearchSelect'

type Picker<V> = Omit<SelectProps<V>, 'options' | 'onSearch' | 'showSearch' | 'filterOption' | 'mode'> & {
  value?: V
  onChange?: (value: V) => void
}

export function StudentPicker({ placeholder = '输入姓名、完整手机号或学号搜索', ...rest }: Picker<number[]>) {
  const { options, selectProps } = useSearchSelect(
    (keyword) =>
      studentsApi
        .list({ keyword, page: 1, size: 20 })
        .then((page) => page.list.map((s) => ({ value: s.id, label: `${s.name} ${s.phone}` }))),
    { notFound: '没有找到学员' },
  )
  // Chosen students stay labelled when a new search answers without them.
  const [known, setKnown] = useState<SearchOption<number>[]>([])
  const shown = [...known.filter((k) => !options.some((o) => o.value === k.value)), ...options]
  return (
    <Select<number[]>
      mode='multiple'
      {...selectProps}
      placeholder={placeholder}
      options={shown}
      {...rest}
      onChange={(ids) => {
        setKnown(shown.filter((o) => ids.includes(o.value)))
        rest.onChange?.(ids)
      }}
    />
  )
}

export function CoursePicker({ placeholder = '输入课程名称搜索', ...rest }: Picker<number>) {
  const { selectProps } = useSearchSelect(
    (keyword) =>
      coursesApi
        .list({ keyword, page: 1, size: 20 })
        .then((page) => page.list.map((c) => ({ value: c.id, label: `${c.title}（${c.type}）` }))),
    { notFound: '没有找到课程' },
  )
  return <Select<number> {...selectProps} placeholder={placeholder} {...rest} />
}
