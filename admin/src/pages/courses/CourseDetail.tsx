/**
 * 课程详情 (every role reads, 管理员 keeps it): the course at a glance and four tabs, each its own
 * address (`/courses/5/content`): 课程内容 (chapters and sections), 直播 (live sessions),
 * 学员与进度 (students, grants, export) and 基本信息 (the course's details). 上架 / 下架 and
 * 删除 in the header.
 */
import { PageContainer } from '../../components/PageContainer'
import { App, Card, Descriptions, type DescriptionsProps, Image, Skeleton, Space, Typography } from 'antd'
import { lazy, Suspense } from 'react'
import { useNavigate, useParams } from 'react-router-dom'
import { categoriesApi, type CourseDetail as Detail, coursesApi } from '../../api/courses'
import type { ScreenPreload } from '../../screen-preload'
import { DetailFrame } from '../../components/DetailFrame'
import { LoadFailure } from '../../components/LoadFailure'
import { EnumTag, PRODUCT_STATUS_ENUM, PRODUCT_TYPE_ENUM } from '../../components/status'
import { formatDateTime } from '../../format'
import { useRemote } from '../../hooks/useRemote'
import { useAccess } from '../../session/access'
import { ListingAction, RemoveCourse } from './CourseActions'
import { CourseContent } from './CourseContent'
import { priceText } from './course-form'

// The other tabs load when opened: the content tab, the one a course opens on, does not wait for
// their scripts (a list, a form).
const CourseForm = lazy(() => import('./CourseForm').then((m) => ({ default: m.CourseForm })))
const CourseStudents = lazy(() => import('./CourseStudents').then((m) => ({ default: m.CourseStudents })))
const LiveSessions = lazy(() => import('./LiveSessions').then((m) => ({ default: m.LiveSessions })))

const TABS = [
  { key: 'content', tab: '课程内容' },
  { key: 'live', tab: '直播' },
  { key: 'students', tab: '学员与进度' },
  { key: 'info', tab: '基本信息' },
] as const
type Tab = (typeof TABS)[number]['key']

function summary(course: Detail): DescriptionsProps['items'] {
  return [
    { key: 'category', label: '分类', children: course.categoryName },
    { key: 'type', label: '类型', children: <EnumTag valueEnum={PRODUCT_TYPE_ENUM} value={course.type} /> },
    { key: 'price', label: '价格', children: priceText(course.price) },
    { key: 'teacher', label: '讲师', children: course.teacher || '-' },
    { key: 'sections', label: '节数', children: course.sectionCount },
    { key: 'students', label: '学员 / 完成', children: `${course.studentCount} / ${course.finishedCount}` },
    { key: 'noSkip', label: '首次观看禁止拖动', children: course.noSkip ? '是' : '否' },
    { key: 'createdAt', label: '创建时间', children: formatDateTime(course.createdAt) },
  ]
}

/** The course and the categories, asked for before the screen renders (routes.tsx). */
export const preload: ScreenPreload = ({ params }) => {
  const courseId = Number(params.id)
  if (Number.isInteger(courseId) && courseId > 0) void coursesApi.details(courseId)
  void categoriesApi.tree()
}

export default function CourseDetail() {
  const { id, tab: tabParam } = useParams()
  const navigate = useNavigate()
  const { message } = App.useApp()
  const { canManageCourses } = useAccess()
  const courseId = Number(id)
  const valid = Number.isInteger(courseId) && courseId > 0
  const tab: Tab = TABS.some((t) => t.key === tabParam) ? (tabParam as Tab) : 'content'
  const {
    data: course,
    error,
    reload,
  } = useRemote(() => (valid ? coursesApi.details(courseId) : Promise.reject(new Error('课程不存在'))), [courseId, valid])
  const categories = useRemote(() => categoriesApi.tree(), [])
  const back = () => navigate('/courses')

  if (!course) {
    return (
      <DetailFrame
        title='课程详情'
        onBack={back}
        list={{ to: '/courses', label: '返回课程列表' }}
        error={error}
        onRetry={valid ? reload : undefined}
      />
    )
  }

  return (
    <PageContainer
      title={`课程：${course.title}`}
      subTitle={<EnumTag valueEnum={PRODUCT_STATUS_ENUM} value={course.status} />}
      onBack={back}
      extra={
        canManageCourses ? (
          <Space>
            <ListingAction course={course} onDone={reload} button />
            <RemoveCourse
              course={course}
              onRemoved={() => {
                void message.info('已返回课程列表')
                navigate('/courses', { replace: true })
              }}
            />
          </Space>
        ) : null
      }
      content={
        <Space align='start' size='large'>
          {course.cover ? (
            <Image src={course.cover} alt={`${course.title}的封面`} width={160} height={90} className='console-thumb' />
          ) : null}
          <Descriptions column={4} size='small' items={summary(course)} data-testid='course-summary' />
        </Space>
      }
      tabList={TABS.map((t) => ({ key: t.key, tab: t.tab }))}
      tabActiveKey={tab}
      onTabChange={(key) => navigate(`/courses/${course.id}/${key}`)}
    >
      <Suspense fallback={<Skeleton active paragraph={{ rows: 8 }} />}>
        {tab === 'content' ? (
          <Card variant='borderless'>
            <CourseContent course={course} canManage={canManageCourses} onChanged={reload} />
          </Card>
        ) : tab === 'live' ? (
          <LiveSessions courseId={course.id} teacher={course.teacher} canManage={canManageCourses} />
        ) : tab === 'students' ? (
          <CourseStudents course={course} canManage={canManageCourses} onGranted={reload} />
        ) : (
          <Card variant='borderless' className='console-narrow-form'>
            {categories.error ? (
              <LoadFailure title='课程分类加载失败' error={categories.error} onRetry={categories.reload} />
            ) : !categories.data ? (
              <Skeleton active paragraph={{ rows: 8 }} />
            ) : (
              <>
                {canManageCourses ? null : <Typography.Paragraph type='secondary'>只读：课程由管理员维护。</Typography.Paragraph>}
                <CourseForm key={course.id} course={course} tree={categories.data} readOnly={!canManageCourses} onSaved={reload} />
              </>
            )}
          </Card>
        )}
      </Suspense>
    </PageContainer>
  )
}
