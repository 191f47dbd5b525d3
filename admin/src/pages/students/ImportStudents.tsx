/** 导入学员 from an .xlsx sheet, as the clue import (the shared ImportDialog). */
import { studentsApi } from '../../api/students'
import { ImportDialog } from '../../components/ImportDialog'
import type { DialogControl } from '../../components/LazyDialog'

export function ImportStudents({ onImported, ...control }: { onImported: () => void } & DialogControl) {
  return (
    <ImportDialog
      title='导入学员'
      unit='名学员'
      upload={(file) => studentsApi.import(file)}
      templatePath={studentsApi.templatePath}
      testIdPrefix='student-'
      instructions='按模板填写：姓名、手机号、教育类型、学校、专业、层次、年份、批次为必填，其余选填。导入的学员状态为「在读」。'
      rule='已登记为学员的手机号、已存在的学号不能重复导入'
      importedTo='全部导入'
      onImported={onImported}
      {...control}
    />
  )
}
