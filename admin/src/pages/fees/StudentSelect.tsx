/** One student, chosen by typing a name, phone or student number (the register's keyword). */
import { Select, type SelectProps } from 'antd'
import { studentsApi } from '../../api/students'
import { useSearchSelect } from '../../hooks/useSearchSelect'

export function StudentSelect({
  value,
  onChange,
  ...rest
}: Omit<SelectProps<number>, 'options' | 'onSearch' | 'showSearch' | 'filterOption'>) {
  const { selectProps } = useSearchSelect(
    (keyword) =>
      studentsApi
        .list({ keyword, page: 1, size: 20 })
        .then((page) => page.list.map((s) => ({ value: s.id, label: `${s.name} ${s.phone} ${s.school}` }))),
    { notFound: '没有找到学员', keepOnFailure: true },
  )
  return <Select<number> {...selectProps} placeholder='输入姓名、完整手机号或学号搜索' value={value} onChange={onChange} {...rest} />
}
