/**
 * 课程分类 (every role reads, 管理员 keeps it): the two-level tree students browse the catalogue
 * by. Courses sit in second levels. 管理员 adds, renames, enables or disables and deletes (the
 * back-office refuses a category holding courses or children, and says so), and drags either
 * level into its order; a disabled category and its courses leave the students' catalogue.
 */
import { TextField } from '../../components/form'
import { PageContainer } from '../../components/PageContainer'
import { App, Card, Empty, Flex, Skeleton, Switch, Tag, Typography } from 'antd'
import { type ReactElement, type ReactNode, useEffect, useState } from 'react'
import { type CategoryChild, type CategoryParent, categoriesApi } from '../../api/courses'
import { LoadFailure } from '../../components/LoadFailure'
import { RemoveAction } from '../../components/RemoveAction'
import { SortableList } from '../../components/Sortable'
import { SubmitModalForm } from '../../components/SubmitModalForm'
import { useRemote } from '../../hooks/useRemote'
import { useAccess } from '../../session/access'
import { requiredText } from '../../form-rules'
import { AddButton } from '../../components/AddButton'

/** 新增 or 重命名: one name; the server's refusal (a duplicate) stays in the dialog. */
function NameForm({
  title,
  name,
  trigger,
  save,
  done,
}: {
  title: string
  name?: string
  trigger: ReactElement
  save: (name: string) => Promise<unknown>
  done: string
}) {
  return (
    <SubmitModalForm<{ name: string }>
      title={title}
      trigger={trigger}
      width={420}
      initialValues={{ name }}
      onSubmit={(values) => save(values.name.trim())}
      success={done}
    >
      <TextField name='name' label='名称' rules={requiredText('分类名称', 30)} />
    </SubmitModalForm>
  )
}

function CategoryRow({
  category,
  handle,
  level,
  canManage,
  onChanged,
  extra,
}: {
  category: CategoryChild
  handle: ReactNode
  level: 1 | 2
  canManage: boolean
  onChanged: () => void
  extra?: ReactNode
}) {
  const { message } = App.useApp()
  const [switching, setSwitching] = useState(false)
  const toggle = (enabled: boolean) => {
    setSwitching(true)
    categoriesApi
      .update({ id: category.id, name: category.name, enabled })
      .then(
        () => void message.success(enabled ? `「${category.name}」已启用` : `「${category.name}」已禁用`),
        () => undefined,
      )
      .finally(() => {
        setSwitching(false)
        onChanged()
      })
  }
  return (
    <Flex align='center' gap='small' className={level === 1 ? 'course-category' : 'course-category course-category--child'}>
      {handle}
      <Typography.Text strong={level === 1} className='console-grow'>
        {category.name}
        {category.enabled ? null : (
          <Tag className='console-gap-left-xs' color='default'>
            已禁用
          </Tag>
        )}
      </Typography.Text>
      <Typography.Text type='secondary' className='course-category__count'>
        {category.courseCount} 门课程
      </Typography.Text>
      {canManage ? (
        <Flex align='center' gap='middle' className='course-category__actions'>
          <Switch size='small' checked={category.enabled} loading={switching} aria-label={`启用「${category.name}」`} onChange={toggle} />
          <NameForm
            title={`重命名「${category.name}」`}
            name={category.name}
            trigger={<Typography.Link>重命名</Typography.Link>}
            save={(name) => categoriesApi.update({ id: category.id, name, enabled: category.enabled }, { quiet: true }).then(onChanged)}
            done='分类已重命名'
          />
          <RemoveAction
            title={`删除分类「${category.name}」？`}
            description='分类下还有课程或子分类时不能删除。'
            remove={() => categoriesApi.remove(category.id)}
            onRemoved={onChanged}
            done='分类已删除'
          />
          {extra}
        </Flex>
      ) : (
        <Tag color={category.enabled ? 'success' : 'default'}>{category.enabled ? '启用' : '禁用'}</Tag>
      )}
    </Flex>
  )
}

export default function CategoryList() {
  const { message } = App.useApp()
  const { canManageCourses } = useAccess()
  const { data, error, loading, reload } = useRemote(() => categoriesApi.tree(), [])
  // The order on screen: the server's, or the one just dragged while it is being saved.
  const [tree, setTree] = useState<CategoryParent[]>([])
  useEffect(() => setTree(data ?? []), [data])

  const saveOrder = (parentId: number | null, ids: number[]) => {
    setTree((current) => {
      const order = (list: CategoryChild[]) => ids.flatMap((id) => list.filter((c) => c.id === id))
      if (parentId === null) return order(current) as CategoryParent[]
      return current.map((p) => (p.id === parentId ? { ...p, children: order(p.children) } : p))
    })
    categoriesApi.sort({ parentId, ids }).then(
      () => void message.success('顺序已保存'),
      () => reload(),
    )
  }

  return (
    <PageContainer title='课程分类' subTitle={canManageCourses ? '两级分类，课程放在二级分类下；拖动左侧把手调整顺序' : '只读'}>
      {error ? <LoadFailure title='课程分类加载失败' error={error} onRetry={reload} className='console-gap-bottom' /> : null}
      <Card
        title='分类'
        extra={
          canManageCourses ? (
            <NameForm
              title='新增一级分类'
              trigger={<AddButton>新增一级分类</AddButton>}
              save={(name) => categoriesApi.create({ name }).then(reload)}
              done='一级分类已新增'
            />
          ) : null
        }
      >
        {loading && !data ? (
          <Skeleton active paragraph={{ rows: 8 }} />
        ) : tree.length === 0 && !error ? (
          <Empty description='还没有课程分类' />
        ) : (
          <SortableList
            items={tree}
            label={(p) => p.name}
            disabled={!canManageCourses}
            onMove={(ids) => saveOrder(null, ids)}
            className='course-categories'
            render={(parent, handle) => (
              <div className='course-category-group' data-testid={`category-${parent.id}`}>
                <CategoryRow
                  category={parent}
                  handle={handle}
                  level={1}
                  canManage={canManageCourses}
                  onChanged={reload}
                  extra={
                    <NameForm
                      title={`在「${parent.name}」下新增子分类`}
                      trigger={<Typography.Link>添加子分类</Typography.Link>}
                      save={(name) => categoriesApi.create({ parentId: parent.id, name }).then(reload)}
                      done='子分类已新增'
                    />
                  }
                />
                {parent.children.length === 0 ? (
                  <div className='course-category course-category--child'>
                    <Typography.Text type='secondary'>还没有子分类</Typography.Text>
                  </div>
                ) : (
                  <SortableList
                    items={parent.children}
                    label={(c) => `${parent.name} / ${c.name}`}
                    disabled={!canManageCourses}
                    onMove={(ids) => saveOrder(parent.id, ids)}
                    render={(child, childHandle) => (
                      <CategoryRow category={child} handle={childHandle} level={2} canManage={canManageCourses} onChanged={reload} />
                    )}
                  />
                )}
              </div>
            )}
          />
        )}
      </Card>
    </PageContainer>
  )
}
