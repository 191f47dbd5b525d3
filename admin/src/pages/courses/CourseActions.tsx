/**
 * 上架 / 下架 and 删除 a course, each after a confirmation that says what follows. The back-office
 * refuses 上架 without a section and 删除 once a student has joined ('已有学员学习，请改为下架');
 * the API client shows its message.
 */
import { ProductStatus } from '@activity/wire'
import { App, Button, Popconfirm } from 'antd'
import { type CourseItem, coursesApi } from '../../api/courses'
import { RemoveAction } from '../../components/RemoveAction'

export function ListingAction({ course, onDone, button = false }: { course: CourseItem; onDone: () => void; button?: boolean }) {
  const { message } = App.useApp()
  const listed = course.status === ProductStatus.listed
  const text = listed ? '下架' : '上架'
  return (
    <Popconfirm
      title={`${text}「${course.title}」？`}
      description={listed ? '下架后学员在课程列表中看不到它；已加入的学员仍可继续学习。' : '上架后学员可以在课程列表中看到、购买或加入它。'}
      okText={text}
      onConfirm={() =>
        coursesApi.changeStatus({ id: course.id, status: listed ? ProductStatus.unlisted : ProductStatus.listed }).then(
          () => {
            void message.success(listed ? '课程已下架' : '课程已上架')
            onDone()
          },
          () => undefined,
        )
      }
    >
      {button ? (
        <Button type={listed ? 'default' : 'primary'}>{text}</Button>
      ) : (
        <Button type='link' className='console-link-button'>
          {text}
        </Button>
      )}
    </Popconfirm>
  )
}

export function RemoveCourse({ course, onRemoved }: { course: CourseItem; onRemoved: () => void }) {
  return (
    <RemoveAction
      title={`删除课程「${course.title}」？`}
      description='删除后不能恢复；已有学员学习的课程不能删除，请改为下架。'
      remove={() => coursesApi.remove(course.id)}
      onRemoved={onRemoved}
      done='课程已删除'
    />
  )
}
