/** 导入课表: an .xlsx of sessions, one a row (the shared ImportDialog, all or nothing). */
import { attendanceApi } from '../../api/attendance'
import { ImportDialog } from '../../components/ImportDialog'
import type { DialogControl } from '../../components/LazyDialog'

export function ImportSessions({ onImported, ...control }: { onImported: () => void } & DialogControl) {
  return (
    <ImportDialog
      title='导入课表'
      unit='节课'
      upload={(file) => attendanceApi.import(file)}
      templatePath={attendanceApi.importTemplatePath}
      testIdPrefix='timetable-'
      instructions='按模板每行填写一节课：班级、课程、任课老师、日期、上课和下课时间，地点与线上地址至少填一项。'
      rule='班级和任课老师须与系统中的名称一致，日期和时间须按模板的格式填写'
      importedTo='全部加入课表'
      onImported={onImported}
      {...control}
    />
  )
}
