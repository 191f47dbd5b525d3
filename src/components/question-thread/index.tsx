import { useState, type ReactNode } from 'react'
import { Text, Textarea, View } from '@tarojs/components'
import type { QuestionPost } from '../../api/sms/study-types'
import { formatDate } from '../../utils/date'
import ConfirmButton from '../confirm-button'
import Dialog from '../dialog'
import PictureGrid from '../picture-grid'
import { press } from '../../platform/press'

/**
 * The block the parts' class names start with, so that the page styles them (the mixin in
 * _question-thread.scss) and its tests find them: `question` (the student's 答疑详情), `staff`
 * (the teacher's).
 */
export type QuestionBlock = 'question' | 'staff'

/** A post of a 答疑 thread: the question, a follow-up or a teacher's answer. */
export type ThreadPost = Pick<QuestionPost, 'id' | 'author' | 'teacherName' | 'content' | 'images' | 'createdAt'>

export interface QuestionThreadProps {
  posts: ReadonlyArray<ThreadPost>
  /** Names the parts: `${block}-thread`, each post `${block}-post` with `--student` or `--teacher`, `__who`, `__image` ... */
  block: QuestionBlock
  /** Who wrote a post, as its head says it; `first`: the question itself. */
  authorOf: (post: ThreadPost, first: boolean) => string
  /** What a teacher's pictures are, to their text alternative (`${replyLabel}图片1`); a student's are 提问图片. */
  replyLabel: string
}

/** A 答疑 thread, oldest first: who wrote each post and when, its text, its pictures (a tap opens them full screen). */
export default function QuestionThread({ posts, block, authorOf, replyLabel }: QuestionThreadProps) {
  const part = `${block}-post`
  return (
    <View className={`${block}-thread`}>
      {posts.map((post, i) => (
        <View key={post.id} className={`${part} ${part}--${post.author}`}>
          <View className={`${part}__head`}>
            <Text className={`${part}__who`}>{authorOf(post, i === 0)}</Text>
            <Text className={`${part}__time`}>{formatDate(post.createdAt, 'yyyy-MM-dd hh:mm')}</Text>
          </View>
          <Text className={`${part}__content`} userSelect>
            {post.content}
          </Text>
          {post.images.length ? (
            <PictureGrid
              pictures={post.images}
              label={`${post.author === 'teacher' ? replyLabel : '提问'}图片`}
              className={`${part}__images`}
              pictureClassName={`${part}__image`}
            />
          ) : null}
        </View>
      ))}
    </View>
  )
}

export interface QuestionReplyProps {
  /** Names the parts: `${block}-reply` with `__input`, `__actions`, `__close`, `__send`. */
  block: QuestionBlock
  /** The text being written. */
  content: string
  onInput: (content: string) => void
  /** The longest text the server takes. */
  maxlength: number
  placeholder: string
  /** Under the text: the pictures being added (the area's ImagePicker), and what to say about them. */
  children?: ReactNode
  /** The send button's title: 回复, 发送追问. */
  sendTitle: string
  /** Sending: the send button spins. */
  busy: boolean
  onSend: () => void
  /** What the confirmation of 关闭提问 warns of. */
  closeWarning: string
  /** 关闭提问, confirmed. */
  onClose: () => void
}

/** The box under an open thread: a text, pictures, 关闭提问 (after a confirmation) and send. */
export function QuestionReply(props: QuestionReplyProps) {
  const { block, content, onInput, maxlength, placeholder, children, sendTitle, busy, onSend, closeWarning, onClose } = props
  const [confirming, setConfirming] = useState(false)
  const part = `${block}-reply`
  return (
    <View className={part}>
      <Textarea
        className={`${part}__input`}
        value={content}
        maxlength={maxlength}
        placeholder={placeholder}
        onInput={(e) => onInput(e.detail.value)}
      />
      {children}
      <View className={`${part}__actions`}>
        <View className={`${part}__close`} {...press(() => setConfirming(true))}>
          <Text>关闭提问</Text>
        </View>
        <ConfirmButton className={`${part}__send`} title={sendTitle} loading={busy} onClick={onSend} />
      </View>
      <Dialog
        isOpened={confirming}
        title='关闭提问'
        content={closeWarning}
        confirmText='关闭'
        onConfirm={() => {
          setConfirming(false)
          onClose()
        }}
        onCancel={() => setConfirming(false)}
        onClose={() => setConfirming(false)}
      />
    </View>
  )
}
