/**
 * 新建课程 (管理员): the course's details; once created (下架, so students do not see it yet) it
 * opens on its page at 课程内容, to add chapters and sections before 上架.
 */
import { PageContainer } from '../../components/PageContainer'
import { Button, Card, Skeleton } from 'antd'
import { useNavigate } from 'react-router-dom'
import { categoriesApi } from '../../api/courses'
import { LoadFailure } from '../../components/LoadFailure'
import { useRemote } from '../../hooks/useRemote'
import { CourseForm } from './CourseForm'

export default function CourseEdit() {
  const navigate = useNavigate()
  const { data: tree, error, reload } = useRemote(() => categoriesApi.tree(), [])
  return (
    <PageContainer title='新建课程' onBack={() => navigate('/courses')}>
      <Card variant='borderless' className='console-narrow-form'>
        {error ? (
          <LoadFailure title='课程分类加载失败' error={error} onRetry={reload} />
        ) : !tree ? (
          <Skeleton active paragraph={{ rows: 10 }} />
        ) : (
          <CourseForm
            tree={tree}
            onSaved={(saved) => navigate(`/courses/${saved.id}/content`, { replace: true })}
            extraButtons={[
              <Button key='cancel' onClick={() => navigate('/courses')}>
                取消
              </Button>,
            ]}
          />
        )}
      </Card>
    </PageContainer>
  )
}
