/**
 * 发布 / 停用 and 删除 a paper, each after a confirmation that says what follows. The back-office
 * refuses 发布 without questions (or with rules the bank cannot fill, or a pass score above the
 * total) and 删除 once students have answered ('已有学员作答，请改为停用'); the API client shows
 * its message.
 */
import { PaperStatus } from '@activity/wire'
import { App, Button, Popconfirm } from 'antd'
import { type PaperItem, papersApi } from '../../api/exams'
import { RemoveAction } from '../../components/RemoveAction'

export function StatusAction({ paper, onDone, button = false }: { paper: PaperItem; onDone: () => void; button?: boolean }) {
  const { message } = App.useApp()
  const published = paper.status === PaperStatus.published
  const text = published ? '停用' : '发布'
  return (
    <Popconfirm
      title={`${text}「${paper.title}」？`}
      description={
        published
          ? '停用后学员不能再开始作答；正在作答的可以交卷，已有成绩保留。'
          : '发布后本课程的学员可以看到并开始作答；固定试卷按题库中题目的当前内容发布。'
      }
      okText={text}
      onConfirm={() =>
        papersApi.changeStatus({ id: paper.id, status: published ? PaperStatus.closed : PaperStatus.published }).then(
          () => {
            void message.success(published ? '试卷已停用' : '试卷已发布')
            onDone()
          },
          () => undefined,
        )
      }
    >
      {button ? (
        <Button type={published ? 'default' : 'primary'}>{text}</Button>
      ) : (
        <Button type='link' className='console-link-button'>
          {text}
        </Button>
      )}
    </Popconfirm>
  )
}

export function RemovePaper({ paper, onRemoved }: { paper: PaperItem; onRemoved: () => void }) {
  return (
    <RemoveAction
      title={`删除试卷「${paper.title}」？`}
      description='删除后不能恢复；已有学员作答的试卷不能删除，请改为停用。'
      remove={() => papersApi.remove(paper.id)}
      onRemoved={onRemoved}
      done='试卷已删除'
    />
  )
}
