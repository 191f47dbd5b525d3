/**
 * 新增节 / 编辑节: the title, what it holds (视频 / 文档 / 直播), whether it is open for trial
 * (试看), and by kind its uploaded file (a video's length read in the browser, editable when the
 * browser cannot tell) or the course's live session it shows; and 新增章 / 重命名 a chapter. The
 * course's outline (CourseContent) loads this module when one of its buttons is first clicked.
 */
import { FormDependency, NumberField, RadioField, SelectField, SwitchField, TextField } from '../../components/form'
import { SECTION_KINDS, SectionKind } from '@activity/wire'
import { Alert, Form } from 'antd'
import { useState } from 'react'
import { type Chapter, chaptersApi, liveSessionsApi, type Section } from '../../api/courses'
import type { DialogControl } from '../../components/LazyDialog'
import { SubmitModalForm } from '../../components/SubmitModalForm'
import { formatDateTime } from '../../format'
import { useRemote } from '../../hooks/useRemote'
import { sectionBody, sectionValues, type SectionValues } from './course-form'
import { formatDuration } from './media'
import { MediaUpload } from './MediaUpload'
import { requiredText } from '../../form-rules'

function LiveSessionField({ courseId }: { courseId: number }) {
  const { data, loading, error } = useRemote(() => liveSessionsApi.list({ courseId, page: 1, size: 100 }), [courseId])
  return (
    <SelectField
      name='liveSessionId'
      label='直播场次'
      placeholder={loading ? '正在加载直播场次…' : '选择本课程的一场直播'}
      options={(data?.list ?? []).map((s) => ({ value: s.id, label: `${s.title}（${formatDateTime(s.startsAt)}）` }))}
      extra={
        error
          ? `直播场次加载失败：${error}`
          : data && data.list.length === 0
            ? '本课程还没有直播场次：请先在「直播」中新增'
            : '学员在这一节进入该场直播，结束后观看回放'
      }
      rules={[{ required: true, message: '请选择直播场次' }]}
    />
  )
}

export function SectionForm({
  courseId,
  chapterId,
  section,
  onSaved,
  ...control
}: DialogControl & {
  courseId: number
  chapterId: number
  section?: Section
  onSaved: () => void
}) {
  const [form] = Form.useForm<SectionValues>()
  /** Whether the length was read from the file, or the browser could not tell. */
  const [reading, setReading] = useState<'read' | 'unknown'>()

  return (
    <SubmitModalForm<SectionValues>
      {...control}
      title={section ? `编辑节「${section.title}」` : '新增节'}
      width={600}
      form={form}
      modalProps={{ afterClose: () => setReading(undefined) }}
      initialValues={sectionValues(section)}
      onSubmit={async (values) => {
        const input = sectionBody(values)
        if (section) await chaptersApi.updateSection({ id: section.id, ...input })
        else await chaptersApi.createSection({ chapterId, ...input })
      }}
      success={section ? '节已保存' : '节已新增'}
      onDone={onSaved}
    >
      <TextField name='title' label='节标题' rules={requiredText('节标题', 60)} />
      <RadioField
        name='kind'
        label='类型'
        radioType='button'
        options={SECTION_KINDS.map((k) => ({ value: k, label: k }))}
        rules={[{ required: true, message: '请选择类型' }]}
        fieldProps={{
          onChange: () => {
            // Another kind holds another file: the one uploaded for the previous kind is not kept.
            form.setFieldsValue({ media: undefined, duration: undefined })
            setReading(undefined)
          },
        }}
      />
      <SwitchField name='trial' label='试看' extra='开启后，没有购买或加入课程的学员也能看这一节。' />
      <FormDependency name={['kind']}>
        {({ kind }: Partial<SectionValues>) =>
          kind === SectionKind.live ? (
            <LiveSessionField courseId={courseId} />
          ) : (
            <>
              <Form.Item
                name='media'
                label={kind === SectionKind.video ? '视频文件' : '文档文件'}
                rules={[{ required: true, message: kind === SectionKind.video ? '请上传视频' : '请上传文档' }]}
              >
                <MediaUpload
                  kind={kind === SectionKind.video ? 'video' : 'document'}
                  label={kind === SectionKind.video ? '上传视频文件' : '上传文档文件'}
                  onDuration={(seconds) => {
                    setReading(seconds === null ? 'unknown' : 'read')
                    if (seconds !== null) form.setFieldsValue({ duration: seconds })
                  }}
                />
              </Form.Item>
              {kind === SectionKind.video ? (
                <>
                  {reading === 'unknown' ? (
                    <Alert
                      type='warning'
                      showIcon
                      className='console-gap-bottom'
                      message='浏览器读不出这个视频的时长，请手动填写（秒）。'
                    />
                  ) : null}
                  <FormDependency name={['duration']}>
                    {({ duration }: Partial<SectionValues>) => (
                      <NumberField
                        name='duration'
                        label='时长（秒）'
                        width='sm'
                        min={0.01}
                        max={24 * 3600}
                        fieldProps={{ precision: 2 }}
                        extra={
                          duration
                            ? `${formatDuration(duration)}${reading === 'read' ? '，已从视频文件读取' : ''}；学员看满这个时长才算学完`
                            : '上传视频后自动读取'
                        }
                        rules={[{ required: true, message: '请填写视频时长' }]}
                      />
                    )}
                  </FormDependency>
                </>
              ) : null}
            </>
          )
        }
      </FormDependency>
    </SubmitModalForm>
  )
}

/** 新增章 / 重命名: a chapter's title. */
export function ChapterForm({
  courseId,
  chapter,
  onSaved,
  ...control
}: DialogControl & {
  courseId: number
  chapter?: Chapter
  onSaved: () => void
}) {
  return (
    <SubmitModalForm<{ title: string }>
      title={chapter ? `重命名章「${chapter.title}」` : '新增章'}
      {...control}
      width={480}
      initialValues={{ title: chapter?.title }}
      onSubmit={({ title }) =>
        chapter ? chaptersApi.update({ id: chapter.id, title: title.trim() }) : chaptersApi.create({ courseId, title: title.trim() })
      }
      success={chapter ? '章已重命名' : '章已新增'}
      onDone={onSaved}
    >
      <TextField name='title' label='章标题' placeholder='如 第一章 词汇基础' rules={requiredText('章标题', 60)} />
    </SubmitModalForm>
  )
}
