/**
 * A question of the bank in a drawer (新增题目, 编辑, 查看): course and chapter, type and
 * difficulty, the stem, then what the type needs: options A..H added and removed with the right
 * one(s) picked (a removed option re-letters those after it, and the picked answer follows), 正确
 * / 错误, one row per blank with its accepted alternatives split by `|`, or a reference answer;
 * and the analysis. Checked before sending (question-form.ts); the server's refusal stays in the
 * drawer. Read-only for a role that does not keep the bank.
 */
import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons'
import { DrawerForm, RadioField, SelectField, TextAreaField } from '../../components/form'
import { DIFFICULTIES, QUESTION_TYPES, QuestionType } from '@activity/wire'
import { App, Button, Checkbox, Flex, Form, Input, Radio, Typography } from 'antd'
import { type BankQuestion, questionsApi } from '../../api/questions'
import { RefusalAlert } from '../../components/RefusalAlert'
import { useChapterOptions, useCourseOptions } from '../../hooks/useCourseOptions'
import { useSubmission } from '../../hooks/useSubmission'
import {
  ANALYSIS_MAX,
  isChoice,
  keysWithout,
  OPTIONS_MAX,
  OPTIONS_MIN,
  optionKey,
  questionBody,
  questionProblem,
  questionValues,
  type QuestionValues,
  STEM_MAX,
} from './question-form'

function ChoiceOptions({ type, readOnly }: { type: QuestionType; readOnly: boolean }) {
  const form = Form.useFormInstance<QuestionValues>()
  const options = (Form.useWatch('options', form) ?? []) as QuestionValues['options']
  const keys = options.map((_, i) => optionKey(i))
  const removeAnswerKey = (index: number) => {
    form.setFieldsValue({
      single: keysWithout(form.getFieldValue('single') ? [form.getFieldValue('single') as string] : [], index)[0],
      multiple: keysWithout((form.getFieldValue('multiple') as string[] | undefined) ?? [], index),
    })
  }
  return (
    <>
      <Form.Item label='选项' required extra={`${OPTIONS_MIN}到${OPTIONS_MAX}个，按 A、B、C… 排列`}>
        <Form.List name='options'>
          {(fields, { add, remove }) => (
            <>
              {fields.map((field, index) => (
                <Flex key={field.key} gap='small' align='start'>
                  <Typography.Text strong className='question-option-key'>
                    {optionKey(index)}
                  </Typography.Text>
                  <Form.Item
                    name={[field.name, 'text']}
                    className='console-grow console-gap-bottom-sm'
                    rules={[{ required: true, whitespace: true, message: `请填写选项${optionKey(index)}` }]}
                  >
                    <Input aria-label={`选项${optionKey(index)}`} maxLength={500} />
                  </Form.Item>
                  {readOnly ? null : (
                    <Button
                      type='text'
                      icon={<MinusCircleOutlined />}
                      aria-label={`删除选项${optionKey(index)}`}
                      disabled={fields.length <= OPTIONS_MIN}
                      onClick={() => {
                        remove(field.name)
                        removeAnswerKey(index)
                      }}
                    />
                  )}
                </Flex>
              ))}
              {readOnly ? null : (
                <Button type='dashed' icon={<PlusOutlined />} disabled={fields.length >= OPTIONS_MAX} onClick={() => add({ text: '' })}>
                  添加选项
                </Button>
              )}
            </>
          )}
        </Form.List>
      </Form.Item>
      {type === QuestionType.single ? (
        <Form.Item name='single' label='正确答案' rules={[{ required: true, message: '请选择正确答案' }]}>
          <Radio.Group options={keys.map((k) => ({ value: k, label: k }))} />
        </Form.Item>
      ) : (
        <Form.Item
          name='multiple'
          label='正确答案'
          extra='至少两个；学员少选且未选错得一半分'
          rules={[{ required: true, type: 'array', min: 2, message: '多选题至少选择两个正确答案' }]}
        >
          <Checkbox.Group options={keys.map((k) => ({ value: k, label: k }))} />
        </Form.Item>
      )}
    </>
  )
}

function FillBlanks({ readOnly }: { readOnly: boolean }) {
  return (
    <Form.Item
      label='各空答案'
      required
      extra='题干中每个空对应一行，按顺序填写；一个空有多个可接受的答案时用 | 分隔，如「北京|Beijing」。判分时忽略首尾空格、大小写和全角半角。'
    >
      <Form.List name='blanks'>
        {(fields, { add, remove }) => (
          <>
            {fields.map((field, index) => (
              <Flex key={field.key} gap='small' align='start'>
                <Typography.Text className='question-option-key question-option-key--wide'>第{index + 1}空</Typography.Text>
                <Form.Item
                  name={[field.name, 'text']}
                  className='console-grow console-gap-bottom-sm'
                  rules={[{ required: true, whitespace: true, message: `请填写第${index + 1}空的答案` }]}
                >
                  <Input aria-label={`第${index + 1}空的答案`} placeholder='答案，多个用 | 分隔' maxLength={500} />
                </Form.Item>
                {readOnly ? null : (
                  <Button
                    type='text'
                    icon={<MinusCircleOutlined />}
                    aria-label={`删除第${index + 1}空`}
                    disabled={fields.length <= 1}
                    onClick={() => remove(field.name)}
                  />
                )}
              </Flex>
            ))}
            {readOnly ? null : (
              <Button type='dashed' icon={<PlusOutlined />} disabled={fields.length >= 20} onClick={() => add({ text: '' })}>
                添加一空
              </Button>
            )}
          </>
        )}
      </Form.List>
    </Form.Item>
  )
}

export function QuestionEditor({
  question,
  courseId,
  open,
  readOnly = false,
  onClose,
  onSaved,
}: {
  /** The question to edit; none for 新增题目. */
  question?: BankQuestion
  /** A new question's course (the list's filter). */
  courseId?: number
  open: boolean
  readOnly?: boolean
  onClose: () => void
  onSaved: () => void
}) {
  const { message } = App.useApp()
  const [form] = Form.useForm<QuestionValues>()
  const { submit, refusal, clear, refuse } = useSubmission()
  const courses = useCourseOptions()
  const chosenCourse = Form.useWatch('courseId', form) as number | undefined
  const chapters = useChapterOptions(chosenCourse)
  const title = readOnly ? '查看题目' : question ? '编辑题目' : '新增题目'

  return (
    <DrawerForm<QuestionValues>
      title={title}
      form={form}
      open={open}
      width={640}
      disabled={readOnly}
      drawerProps={{ onClose, maskClosable: readOnly }}
      onOpenChange={(next) => {
        if (!next) onClose()
      }}
      initialValues={questionValues(question, { courseId })}
      submitter={readOnly ? false : { searchConfig: { submitText: question ? '保存' : '新增', resetText: '取消' } }}
      onValuesChange={(changed: Partial<QuestionValues>) => {
        clear()
        if ('courseId' in changed) form.setFieldValue('chapterId', null)
      }}
      onFinish={async (values) => {
        const all = { ...questionValues(undefined), ...values }
        const problem = questionProblem(all)
        if (problem) {
          refuse(problem)
          return false
        }
        const ok = await submit(async () => {
          const input = questionBody(all)
          if (question) await questionsApi.update({ id: question.id, ...input })
          else await questionsApi.create(input)
        })
        if (ok) {
          void message.success(question ? '题目已保存' : '题目已新增')
          onSaved()
        }
        return ok
      }}
    >
      <RefusalAlert message={refusal} />
      <Flex gap='middle'>
        <SelectField
          name='courseId'
          label='课程'
          width='md'
          options={courses.options}
          disabled={readOnly || Boolean(question)}
          extra={question && !readOnly ? '题目的课程不能更改' : undefined}
          fieldProps={{ showSearch: true, optionFilterProp: 'label', loading: courses.loading }}
          rules={[{ required: true, message: '请选择课程' }]}
        />
        <SelectField
          name='chapterId'
          label='章节'
          width='sm'
          options={chapters.options}
          placeholder={chosenCourse ? '未分章' : '先选择课程'}
          fieldProps={{ allowClear: true, loading: chapters.loading }}
        />
      </Flex>
      <RadioField
        name='type'
        label='题型'
        radioType='button'
        options={QUESTION_TYPES.map((t) => ({ value: t, label: t }))}
        rules={[{ required: true, message: '请选择题型' }]}
      />
      <RadioField
        name='difficulty'
        label='难度'
        radioType='button'
        options={DIFFICULTIES.map((d) => ({ value: d, label: d }))}
        rules={[{ required: true, message: '请选择难度' }]}
      />
      <TextAreaField
        name='stem'
        label='题干'
        fieldProps={{ autoSize: { minRows: 3, maxRows: 10 }, maxLength: STEM_MAX, showCount: true }}
        rules={[{ required: true, whitespace: true, message: '请填写题干' }]}
      />
      <Form.Item noStyle shouldUpdate={(a: QuestionValues, b: QuestionValues) => a.type !== b.type}>
        {({ getFieldValue }) => {
          const type = getFieldValue('type') as QuestionType
          if (isChoice(type)) return <ChoiceOptions type={type} readOnly={readOnly} />
          if (type === QuestionType.judge)
            return (
              <Form.Item name='judge' label='正确答案' rules={[{ required: true, message: '请选择正确或错误' }]}>
                <Radio.Group
                  optionType='button'
                  options={[
                    { value: 'T', label: '正确' },
                    { value: 'F', label: '错误' },
                  ]}
                />
              </Form.Item>
            )
          if (type === QuestionType.fill) return <FillBlanks readOnly={readOnly} />
          return (
            <TextAreaField
              name='reference'
              label='参考答案'
              extra='简答题由老师阅卷评分，参考答案在阅卷时和学员查看结果时显示'
              fieldProps={{ autoSize: { minRows: 3, maxRows: 10 }, maxLength: 2000, showCount: true }}
              rules={[{ required: true, whitespace: true, message: '请填写参考答案' }]}
            />
          )
        }}
      </Form.Item>
      <TextAreaField
        name='analysis'
        label='解析'
        fieldProps={{ autoSize: { minRows: 2, maxRows: 8 }, maxLength: ANALYSIS_MAX, showCount: true }}
      />
    </DrawerForm>
  )
}
