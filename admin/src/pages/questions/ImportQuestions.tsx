/**
 * 导入题目 from an .xlsx sheet into one course (the shared ImportDialog, row by row): download the
 * template (one example row per type, instructions on a second sheet), choose the course and the
 * file, import. Unlike the student import, good rows go in and bad rows are reported (row number
 * and reason) to be fixed and imported again.
 */
import { Form, Select } from 'antd'
import { useState } from 'react'
import { questionsApi } from '../../api/questions'
import { ImportDialog, type ImportReportBase } from '../../components/ImportDialog'
import type { DialogControl } from '../../components/LazyDialog'
import { useCourseOptions } from '../../hooks/useCourseOptions'

export function ImportQuestions({ courseId, onImported, ...control }: { courseId?: number; onImported: () => void } & DialogControl) {
  const courses = useCourseOptions()
  const [course, setCourse] = useState<number | undefined>(courseId)

  /** The server reports every row; the dialog lists the refused ones. */
  const upload = async (file: File): Promise<ImportReportBase> => {
    if (!course) throw new Error('请选择导入到的课程')
    const answer = await questionsApi.import(course, file)
    return {
      total: answer.rows.length,
      imported: answer.imported,
      failed: answer.failed,
      errors: answer.rows.filter((r) => !r.ok).map((r) => ({ row: r.row, reason: r.message })),
    }
  }

  return (
    <ImportDialog
      title='导入题目'
      unit='道题目'
      rowByRow
      upload={upload}
      templatePath={questionsApi.templatePath}
      testIdPrefix='question-'
      instructions='按模板填写：题型、难度、题干、答案为必填；单选题和多选题从选项A起填2到8个选项，答案填字母（多选如 AC）；判断题答案填「正确」或「错误」；填空题各空的答案用「;」分隔，一个空有多个可接受的答案用「|」分隔；章节填本课程的章节名称，可不填。'
      rule='符合要求的行全部导入，不符合要求的行列在报告里，修改后可只把这些行重新导入（与本课程已有题目题型和题干都相同的行视为重复，不会再次导入）。一次最多2000行。'
      ready={course !== undefined}
      onOpen={() => setCourse(courseId)}
      extraFields={(changed) => (
        <Form layout='vertical'>
          <Form.Item label='导入到课程' required>
            <Select<number>
              aria-label='导入到课程'
              value={course}
              onChange={(value) => {
                setCourse(value)
                changed()
              }}
              options={courses.options}
              loading={courses.loading}
              showSearch
              optionFilterProp='label'
              placeholder='选择课程'
              className='console-field-lg'
            />
          </Form.Item>
        </Form>
      )}
      width={760}
      onImported={onImported}
      {...control}
    />
  )
}
