/**
 * The rich-text editor of activities and site contents: TipTap 3 (ProseMirror) with StarterKit
 * (headings, bold, italic, underline, strike, lists, quote, link, undo) and images, each picture
 * uploaded through the back-office's upload call (toolbar, paste or drop). Loaded lazily: only
 * the screens that edit rich text pay for it (see RichTextField).
 *
 * It produces HTML; it never decides what is safe. The back-office sanitises on save, and the
 * previews show what the back-office stored.
 */
import {
  BoldOutlined,
  ItalicOutlined,
  LinkOutlined,
  OrderedListOutlined,
  PictureOutlined,
  RedoOutlined,
  StrikethroughOutlined,
  UnderlineOutlined,
  UndoOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons'
import Image from '@tiptap/extension-image'
import { type Editor, EditorContent, useEditor, useEditorState } from '@tiptap/react'
import StarterKit from '@tiptap/starter-kit'
import { Alert, App, Button, Divider, Input, Modal, Space, Tooltip, Typography } from 'antd'
import { type ReactNode, useRef, useState } from 'react'
import { useFileChooser } from '../hooks/useFileChooser'
import { imageRefusal, postersApi } from '../api/posters'
import { refusalOf } from '../hooks/useSubmission'
import './RichTextEditor.css'

export interface RichTextEditorProps {
  /** The HTML the editor starts from (later changes of `value` are not read back: key the editor to reload it). */
  value?: string
  onChange?: (html: string) => void
  placeholder?: string
  /** Editor height in pixels (the content scrolls). @default 360 */
  height?: number
}

/** An empty document is "" for the form (TipTap writes `<p></p>`). */
function htmlOf(editor: Editor): string {
  return editor.isEmpty ? '' : editor.getHTML()
}

function ToolButton({
  title,
  active,
  disabled,
  onClick,
  children,
}: {
  title: string
  active?: boolean
  disabled?: boolean
  onClick: () => void
  children: ReactNode
}) {
  return (
    <Tooltip title={title}>
      <Button
        size='small'
        type={active ? 'primary' : 'text'}
        aria-label={title}
        aria-pressed={active}
        disabled={disabled}
        onMouseDown={(e) => e.preventDefault()}
        onClick={onClick}
      >
        {children}
      </Button>
    </Tooltip>
  )
}

export default function RichTextEditor({ value = '', onChange, placeholder = '在这里输入正文', height = 360 }: RichTextEditorProps) {
  const { message } = App.useApp()
  const [uploading, setUploading] = useState(0)
  const [refusal, setRefusal] = useState<string>()
  const [linkOpen, setLinkOpen] = useState(false)
  const [linkHref, setLinkHref] = useState('')
  const editorRef = useRef<Editor | null>(null)

  /** Uploads pictures one by one and inserts each where the cursor is (or where they were dropped). */
  const insertImages = async (files: File[], at?: number) => {
    const editor = editorRef.current
    if (!editor) return
    for (const file of files) {
      const refused = imageRefusal(file)
      if (refused) {
        setRefusal(`${file.name}：${refused}`)
        continue
      }
      setUploading((n) => n + 1)
      try {
        const { url } = await postersApi.upload(file)
        const chain = editor.chain().focus()
        if (at !== undefined) chain.insertContentAt(at, { type: 'image', attrs: { src: url, alt: file.name.replace(/\.[^.]+$/, '') } })
        else chain.setImage({ src: url, alt: file.name.replace(/\.[^.]+$/, '') })
        chain.run()
        setRefusal(undefined)
      } catch (error) {
        setRefusal(`${file.name}：${refusalOf(error)}`)
      } finally {
        setUploading((n) => n - 1)
      }
    }
  }
  const pictures = useFileChooser({
    accept: 'image/png,image/jpeg,image/gif,image/webp',
    multiple: true,
    label: '选择图片',
    onFiles: (files) => void insertImages(files),
  })

  // Every pasted or dropped file is taken (a non-picture is refused with a message, not dropped silently).
  const images = (list: FileList | null | undefined) => Array.from(list ?? [])

  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: { levels: [2, 3, 4] },
        codeBlock: false,
        code: false,
        link: { openOnClick: false, autolink: true, protocols: ['http', 'https', 'mailto', 'tel'], defaultProtocol: 'https' },
      }),
      Image.configure({ inline: false, allowBase64: false }),
    ],
    content: value,
    editorProps: {
      attributes: { class: 'rich-text-editor__content', 'aria-label': '正文', 'data-placeholder': placeholder },
      handlePaste: (_view, event) => {
        const files = images(event.clipboardData?.files)
        if (files.length === 0) return false
        void insertImages(files)
        return true
      },
      handleDrop: (view, event) => {
        const files = images((event as DragEvent).dataTransfer?.files)
        if (files.length === 0) return false
        const pos = view.posAtCoords({ left: event.clientX, top: event.clientY })?.pos
        void insertImages(files, pos)
        return true
      },
    },
    onCreate: ({ editor: e }) => {
      editorRef.current = e
    },
    onUpdate: ({ editor: e }) => onChange?.(htmlOf(e)),
  })
  editorRef.current = editor

  const state = useEditorState({
    editor,
    selector: ({ editor: e }) =>
      e
        ? {
            h2: e.isActive('heading', { level: 2 }),
            h3: e.isActive('heading', { level: 3 }),
            bold: e.isActive('bold'),
            italic: e.isActive('italic'),
            underline: e.isActive('underline'),
            strike: e.isActive('strike'),
            bullet: e.isActive('bulletList'),
            ordered: e.isActive('orderedList'),
            quote: e.isActive('blockquote'),
            link: e.isActive('link'),
            canUndo: e.can().undo(),
            canRedo: e.can().redo(),
            empty: e.isEmpty,
          }
        : null,
  })

  if (!editor || !state) return null
  const run = (fn: (c: ReturnType<Editor['chain']>) => ReturnType<Editor['chain']>) => fn(editor.chain().focus()).run()

  const openLink = () => {
    setLinkHref((editor.getAttributes('link').href as string | undefined) ?? 'https://')
    setLinkOpen(true)
  }
  const applyLink = () => {
    const href = linkHref.trim()
    if (!href || href === 'https://') run((c) => c.extendMarkRange('link').unsetLink())
    else if (!/^(https?:\/\/|mailto:|tel:)/i.test(href)) {
      void message.error('链接须以 http://、https://、mailto: 或 tel: 开头')
      return
    } else run((c) => c.extendMarkRange('link').setLink({ href }))
    setLinkOpen(false)
  }

  return (
    <div className='rich-text-editor' data-testid='rich-text-editor'>
      <div className='rich-text-editor__toolbar' role='toolbar' aria-label='格式'>
        <ToolButton title='标题' active={state.h2} onClick={() => run((c) => c.toggleHeading({ level: 2 }))}>
          H2
        </ToolButton>
        <ToolButton title='小标题' active={state.h3} onClick={() => run((c) => c.toggleHeading({ level: 3 }))}>
          H3
        </ToolButton>
        <Divider type='vertical' />
        <ToolButton title='加粗' active={state.bold} onClick={() => run((c) => c.toggleBold())}>
          <BoldOutlined />
        </ToolButton>
        <ToolButton title='斜体' active={state.italic} onClick={() => run((c) => c.toggleItalic())}>
          <ItalicOutlined />
        </ToolButton>
        <ToolButton title='下划线' active={state.underline} onClick={() => run((c) => c.toggleUnderline())}>
          <UnderlineOutlined />
        </ToolButton>
        <ToolButton title='删除线' active={state.strike} onClick={() => run((c) => c.toggleStrike())}>
          <StrikethroughOutlined />
        </ToolButton>
        <Divider type='vertical' />
        <ToolButton title='无序列表' active={state.bullet} onClick={() => run((c) => c.toggleBulletList())}>
          <UnorderedListOutlined />
        </ToolButton>
        <ToolButton title='有序列表' active={state.ordered} onClick={() => run((c) => c.toggleOrderedList())}>
          <OrderedListOutlined />
        </ToolButton>
        <ToolButton title='引用' active={state.quote} onClick={() => run((c) => c.toggleBlockquote())}>
          “
        </ToolButton>
        <Divider type='vertical' />
        <ToolButton title='链接' active={state.link} onClick={openLink}>
          <LinkOutlined />
        </ToolButton>
        <ToolButton title={uploading > 0 ? '图片上传中' : '插入图片'} disabled={uploading > 0} onClick={pictures.choose}>
          <PictureOutlined />
        </ToolButton>
        <Divider type='vertical' />
        <ToolButton title='撤销' disabled={!state.canUndo} onClick={() => run((c) => c.undo())}>
          <UndoOutlined />
        </ToolButton>
        <ToolButton title='重做' disabled={!state.canRedo} onClick={() => run((c) => c.redo())}>
          <RedoOutlined />
        </ToolButton>
        {pictures.input}
      </div>
      <div className='rich-text-editor__scroll' style={{ height }}>
        {state.empty ? <div className='rich-text-editor__placeholder'>{placeholder}</div> : null}
        <EditorContent editor={editor} />
      </div>
      {uploading > 0 ? <Alert type='info' showIcon message={`图片上传中（${uploading}）…`} banner /> : null}
      {refusal ? (
        <Alert role='alert' type='error' showIcon message={refusal} closable onClose={() => setRefusal(undefined)} banner />
      ) : null}
      <Modal title='插入链接' open={linkOpen} onOk={applyLink} onCancel={() => setLinkOpen(false)} okText='确定' destroyOnHidden>
        <Space direction='vertical' className='console-full-width'>
          <Input value={linkHref} onChange={(e) => setLinkHref(e.target.value)} onPressEnter={applyLink} placeholder='https://' autoFocus />
          <Typography.Text type='secondary'>留空则取消链接</Typography.Text>
        </Space>
      </Modal>
    </div>
  )
}
