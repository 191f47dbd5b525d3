/** 新建试卷 (管理员): the paper's details; once created, its page opens on the questions (or rules) tab. */
import { Card } from 'antd'
import { PageContainer } from '../../components/PageContainer'
import { useNavigate, useSearchParams } from 'react-router-dom'
import { PaperForm } from './PaperForm'

export default function PaperEdit() {
  const navigate = useNavigate()
  const [search] = useSearchParams()
  return (
    <PageContainer title='新建试卷' onBack={() => navigate('/papers')}>
      <Card variant='borderless' className='console-narrow-form'>
        <PaperForm courseId={Number(search.get('courseId')) || undefined} onSaved={(saved) => navigate(`/papers/${saved.id}/questions`)} />
      </Card>
    </PageContainer>
  )
}
