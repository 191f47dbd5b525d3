/**
 * 课程内容: a course's chapters and their sections, in order. 管理员 adds, renames and deletes
 * chapters, adds, edits and deletes sections, and drags both into order by their handles (or from
 * the keyboard); a section dragged into another chapter moves there. Each drop saves that level's
 * whole order (content-order.ts) and the course is read again. A video or a document opens in a
 * preview from its signed address.
 */
import { EyeOutlined, PlusOutlined } from '@ant-design/icons'
import {
  closestCenter,
  type CollisionDetection,
  DndContext,
  type DragEndEvent,
  type DragOverEvent,
  pointerWithin,
  type UniqueIdentifier,
} from '@dnd-kit/core'
import { SortableContext, verticalListSortingStrategy } from '@dnd-kit/sortable'
import { SectionKind } from '@activity/wire'
import { App, Button, Card, Empty, Flex, Modal, Space, Tag, Typography } from 'antd'
import { type ReactNode, useEffect, useMemo, useRef, useState } from 'react'
import { type Chapter, chaptersApi, type CourseDetail, type LiveSession, liveSessionsApi, type Section } from '../../api/courses'
import { formatDateTime } from '../../format'
import { useRemote } from '../../hooks/useRemote'
import { RemoveAction } from '../../components/RemoveAction'
import { dragAccessibility, SortableItem, useDragSensors } from '../../components/Sortable'
import { EnumTag, SECTION_KIND_ENUM } from '../../components/status'
import { lazyDialog } from '../../components/LazyDialog'
import { chapterKey, chapterOf, moveChapter, moveSection, parseKey, sectionKey, sectionSortCall } from './content-order'
import { formatBytes, formatDuration } from './media'
import { AddButton } from '../../components/AddButton'

// The chapter and section forms (pro-form, the media upload) load when first clicked, not with the outline.
const ChapterForm = lazyDialog(() => import('./SectionForm').then((m) => m.ChapterForm))
const SectionForm = lazyDialog(() => import('./SectionForm').then((m) => m.SectionForm))

/** What a section holds, in a few words: its length and file, or its live session (when and its status). */
function sectionFacts(section: Section, sessions: ReadonlyMap<number, LiveSession>): string {
  if (section.kind === SectionKind.live) {
    const live = section.liveSessionId ? sessions.get(section.liveSessionId) : undefined
    if (live) return `直播 ${formatDateTime(live.startsAt)} · ${live.status}${live.playbackKey ? ' · 有回放' : ''}`
    return section.liveSessionId ? `直播场次 #${section.liveSessionId}` : '未选直播场次'
  }
  const file = section.fileName ? `${section.fileName}（${formatBytes(section.size)}）` : '未上传文件'
  return section.kind === SectionKind.video ? `${formatDuration(section.duration)} · ${file}` : file
}

function Preview({ section, onClose }: { section: Section | undefined; onClose: () => void }) {
  return (
    <Modal
      title={section ? `预览：${section.title}` : '预览'}
      open={section !== undefined}
      onCancel={onClose}
      footer={null}
      width={720}
      destroyOnHidden
    >
      {section?.url ? (
        section.kind === SectionKind.video ? (
          <video
            controls
            src={section.url}
            className='course-preview-video'
            data-testid='section-preview-video'
            aria-label={section.title}
          />
        ) : (
          <Typography.Paragraph>
            <a href={section.url} target='_blank' rel='noreferrer'>
              在新窗口打开「{section.fileName ?? section.title}」
            </a>
          </Typography.Paragraph>
        )
      ) : (
        <Typography.Text type='secondary'>这一节没有可预览的文件。</Typography.Text>
      )}
    </Modal>
  )
}

function SectionRow({
  courseId,
  chapterId,
  section,
  handle,
  canManage,
  onChanged,
  onPreview,
  sessions,
}: {
  courseId: number
  chapterId: number
  section: Section
  handle: ReactNode
  canManage: boolean
  onChanged: () => void
  onPreview: (section: Section) => void
  sessions: ReadonlyMap<number, LiveSession>
}) {
  return (
    <Flex align='center' gap='small' className='course-section' data-testid={`section-${section.id}`}>
      {handle}
      <EnumTag valueEnum={SECTION_KIND_ENUM} value={section.kind} />
      <span className='console-grow'>
        <Typography.Text className='course-section__title'>{section.title}</Typography.Text>
        {section.trial ? <Tag color='green'>试看</Tag> : null}
        <Typography.Text type='secondary' className='console-sub'>
          {sectionFacts(section, sessions)}
        </Typography.Text>
      </span>
      <Space size='middle'>
        {section.url && section.kind !== SectionKind.live ? (
          <Typography.Link onClick={() => onPreview(section)}>
            <EyeOutlined /> 预览
          </Typography.Link>
        ) : null}
        {canManage ? (
          <>
            <SectionForm
              courseId={courseId}
              chapterId={chapterId}
              section={section}
              trigger={<Typography.Link>编辑</Typography.Link>}
              onSaved={onChanged}
            />
            <RemoveAction
              title={`删除节「${section.title}」？`}
              description='学员在这一节的学习记录也不再计入课程进度。'
              remove={() => chaptersApi.removeSection(section.id)}
              onRemoved={onChanged}
              done='节已删除'
            />
          </>
        ) : null}
      </Space>
    </Flex>
  )
}

export function CourseContent({ course, canManage, onChanged }: { course: CourseDetail; canManage: boolean; onChanged: () => void }) {
  const { message } = App.useApp()
  const sensors = useDragSensors()
  // The outline on screen: the server's, or the one being dragged and saved.
  const [outline, setOutline] = useState<readonly Chapter[]>(course.chapters)
  const current = useRef(outline)
  current.current = outline
  const before = useRef<readonly Chapter[]>(outline)
  const [preview, setPreview] = useState<Section>()
  useEffect(() => setOutline(course.chapters), [course.chapters])
  // Live sections name their session: the course's sessions, read when it has such a section.
  const hasLive = course.chapters.some((c) => c.sections.some((s) => s.kind === SectionKind.live))
  const live = useRemote(
    () => (hasLive ? liveSessionsApi.list({ courseId: course.id, page: 1, size: 100 }) : Promise.resolve(undefined)),
    [course.id, hasLive, course.chapters],
  )
  const sessions = useMemo(() => new Map((live.data?.list ?? []).map((l) => [l.id, l])), [live.data])

  const label = (id: UniqueIdentifier) => {
    const target = parseKey(id)
    if (!target) return String(id)
    if (target.kind === 'chapter') return current.current.find((c) => c.id === target.id)?.title ?? String(id)
    return current.current.flatMap((c) => c.sections).find((s) => s.id === target.id)?.title ?? String(id)
  }

  /**
   * A chapter lands among chapters. A section lands on the section under the pointer, or on the
   * chapter under it (the nearest of its sections, or its end when it has none); from the keyboard,
   * on the nearest section or empty chapter.
   */
  const collision: CollisionDetection = (args) => {
    const kindOf = (id: UniqueIdentifier) => parseKey(id)?.kind
    const all = args.droppableContainers
    if (kindOf(args.active.id) === 'chapter')
      return closestCenter({ ...args, droppableContainers: all.filter((c) => kindOf(c.id) === 'chapter') })
    const sections = all.filter((c) => kindOf(c.id) === 'section')
    const chapters = all.filter((c) => kindOf(c.id) === 'chapter')
    if (args.pointerCoordinates) {
      const onSection = pointerWithin({ ...args, droppableContainers: sections })
      if (onSection.length > 0) return onSection
      const [onChapter] = pointerWithin({ ...args, droppableContainers: chapters })
      const chapter = onChapter && current.current.find((c) => c.id === parseKey(onChapter.id)?.id)
      if (onChapter && chapter) {
        if (chapter.sections.length === 0) return [onChapter]
        const own = new Set(chapter.sections.map((s) => sectionKey(s.id)))
        return closestCenter({ ...args, droppableContainers: sections.filter((c) => own.has(String(c.id))) })
      }
    }
    const empty = new Set(current.current.filter((c) => c.sections.length === 0).map((c) => chapterKey(c.id)))
    return closestCenter({ ...args, droppableContainers: [...sections, ...chapters.filter((c) => empty.has(String(c.id)))] })
  }

  const saved = (work: Promise<unknown>) =>
    work.then(
      () => {
        void message.success('顺序已保存')
        onChanged()
      },
      () => {
        setOutline(before.current)
        onChanged()
      },
    )

  /** A section carried over another chapter joins it at once, so the list shows where it will land. */
  const onDragOver = ({ active, over }: DragOverEvent) => {
    const moving = parseKey(active.id)
    const target = parseKey(over?.id)
    if (moving?.kind !== 'section' || !target || !over) return
    const from = chapterOf(current.current, moving.id)
    const to = target.kind === 'chapter' ? current.current.find((c) => c.id === target.id) : chapterOf(current.current, target.id)
    if (!from || !to || from.id === to.id) return
    const dragged = active.rect.current.translated
    const below = dragged ? dragged.top + dragged.height / 2 > over.rect.top + over.rect.height / 2 : false
    setOutline(moveSection(current.current, moving.id, target, below))
  }

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    const moving = parseKey(active.id)
    const target = parseKey(over?.id)
    if (!moving) return
    if (moving.kind === 'chapter') {
      const moved = target?.kind === 'chapter' ? moveChapter(current.current, moving.id, target.id) : null
      if (!moved) return
      setOutline(moved.chapters)
      void saved(chaptersApi.sort({ courseId: course.id, ids: moved.ids }))
      return
    }
    const after = target ? moveSection(current.current, moving.id, target) : current.current
    const call = sectionSortCall(before.current, after, moving.id)
    if (!call) {
      setOutline(before.current)
      return
    }
    setOutline(after)
    void saved(chaptersApi.sortSections(call))
  }

  const sectionCount = outline.reduce((n, c) => n + c.sections.length, 0)
  return (
    <>
      <Flex justify='space-between' align='center' className='console-gap-bottom'>
        <Typography.Text type='secondary'>
          共 {outline.length} 章 {sectionCount} 节{canManage && outline.length > 0 ? '；拖动左侧把手调整章节顺序，节可以拖到其他章' : ''}
        </Typography.Text>
        {canManage ? <ChapterForm courseId={course.id} onSaved={onChanged} trigger={<AddButton>新增章</AddButton>} /> : null}
      </Flex>
      {outline.length === 0 ? (
        <Empty description={canManage ? '还没有章节：先新增一章，再在章里新增节' : '还没有章节'} />
      ) : (
        <DndContext
          sensors={sensors}
          collisionDetection={collision}
          accessibility={dragAccessibility(label)}
          onDragStart={() => {
            before.current = current.current
          }}
          onDragOver={onDragOver}
          onDragEnd={onDragEnd}
          onDragCancel={() => setOutline(before.current)}
        >
          <SortableContext items={outline.map((c) => chapterKey(c.id))} strategy={verticalListSortingStrategy} disabled={!canManage}>
            {outline.map((chapter, index) => (
              <SortableItem
                key={chapter.id}
                id={chapterKey(chapter.id)}
                label={chapter.title}
                disabled={!canManage}
                className='console-gap-bottom'
              >
                {(handle) => (
                  <Card
                    size='small'
                    data-testid={`chapter-${chapter.id}`}
                    title={
                      <Flex align='center' gap='small'>
                        {handle}
                        <Typography.Text type='secondary'>第{index + 1}章</Typography.Text>
                        <span>{chapter.title}</span>
                      </Flex>
                    }
                    extra={
                      canManage ? (
                        <Space size='middle'>
                          <SectionForm
                            courseId={course.id}
                            chapterId={chapter.id}
                            trigger={
                              <Button size='small' icon={<PlusOutlined />}>
                                新增节
                              </Button>
                            }
                            onSaved={onChanged}
                          />
                          <ChapterForm
                            courseId={course.id}
                            chapter={chapter}
                            trigger={<Typography.Link>重命名</Typography.Link>}
                            onSaved={onChanged}
                          />
                          <RemoveAction
                            title={`删除章「${chapter.title}」？`}
                            description='章里还有节时不能删除：先删除或移走它的节。'
                            remove={() => chaptersApi.remove(chapter.id)}
                            onRemoved={onChanged}
                            done='章已删除'
                          />
                        </Space>
                      ) : null
                    }
                  >
                    <SortableContext
                      items={chapter.sections.map((s) => sectionKey(s.id))}
                      strategy={verticalListSortingStrategy}
                      disabled={!canManage}
                    >
                      {chapter.sections.length === 0 ? (
                        <Typography.Text type='secondary'>
                          {canManage ? '还没有节：点「新增节」，或把其他章的节拖到这里' : '还没有节'}
                        </Typography.Text>
                      ) : (
                        chapter.sections.map((section) => (
                          <SortableItem key={section.id} id={sectionKey(section.id)} label={section.title} disabled={!canManage}>
                            {(sectionHandle) => (
                              <SectionRow
                                courseId={course.id}
                                chapterId={chapter.id}
                                section={section}
                                handle={sectionHandle}
                                canManage={canManage}
                                onChanged={onChanged}
                                onPreview={setPreview}
                                sessions={sessions}
                              />
                            )}
                          </SortableItem>
                        ))
                      )}
                    </SortableContext>
                  </Card>
                )}
              </SortableItem>
            ))}
          </SortableContext>
        </DndContext>
      )}
      <Preview section={preview} onClose={() => setPreview(undefined)} />
    </>
  )
}
