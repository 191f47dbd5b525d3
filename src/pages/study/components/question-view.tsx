import { Input, Text, Textarea, View } from '@tarojs/components'
import { QuestionType } from '@activity/wire'
import type { QuestionOption } from '../../../api/sms/exam-types'
import { press } from '../../../platform'
import { JUDGE_OPTIONS, answerText, blanksFrom, chooseKey, isChoice } from './exam'
import './question-view.scss'

export interface QuestionViewProps {
  /** A QuestionType label. */
  type: string
  stem: string
  /** Choices keyed A..; 判断题 may come without (正确 / 错误 are used). */
  options: QuestionOption[]
  /** What is answered now (a draft, or what was saved). */
  answer: string[]
  /** Each change of the answer; none: read only (after submitting, a result). */
  onChange?: (answer: string[]) => void
  /** The right answer, once known: choices are coloured right (and mine wrong). */
  rightAnswer?: string[] | null
  /** Before the stem: 第3题 · 单选题 · 5分. */
  heading?: string
  /** What a screen reader calls the group of choices (第3题); the type when none. */
  label?: string
}

/**
 * One question as the student answers it: choices to tap (多选题 several), a box per blank of a
 * 填空题, a text box for 简答题. With `rightAnswer`, the choices show what was right.
 */
export default function QuestionView({ type, stem, options, answer, onChange, rightAnswer, heading, label }: QuestionViewProps) {
  const choices = type === QuestionType.judge && options.length === 0 ? [...JUDGE_OPTIONS] : options
  const readOnly = !onChange
  const multiple = type === QuestionType.multiple
  return (
    <View className='question-view'>
      <View className='question-view__head'>
        <Text className='question-view__type'>{type}</Text>
        {heading ? <Text className='question-view__heading'>{heading}</Text> : null}
      </View>
      <Text className='question-view__stem'>{stem}</Text>
      {isChoice(type) ? (
        <View className='question-view__options' role={multiple ? 'group' : 'radiogroup'} aria-label={label ?? type}>
          {choices.map((o) => {
            const chosen = answer.includes(o.key)
            const right = rightAnswer?.includes(o.key) ?? false
            const mark = rightAnswer ? (right ? ' question-option--right' : chosen ? ' question-option--wrong' : '') : ''
            // With the right answer shown, what the colours say is said in words too.
            const verdict = rightAnswer ? (right ? '，正确答案' : chosen ? '，答错' : '') : ''
            return (
              <View
                key={o.key}
                className={`question-option${chosen ? ' question-option--chosen' : ''}${mark}`}
                {...press(() => onChange?.(chooseKey(type, answer, o.key)), {
                  role: multiple ? 'checkbox' : 'radio',
                  checked: chosen,
                  disabled: readOnly,
                  label: verdict ? `${type === QuestionType.judge ? '' : `${o.key} `}${o.text}${verdict}` : undefined,
                })}
              >
                <Text className='question-option__key'>{type === QuestionType.judge ? (o.key === 'T' ? '✓' : '✗') : o.key}</Text>
                <Text className='question-option__text'>{o.text}</Text>
              </View>
            )
          })}
          {multiple && !readOnly ? <Text className='question-view__hint'>多选题，可选择多个答案</Text> : null}
        </View>
      ) : type === QuestionType.fill ? (
        <View className='question-view__blanks'>
          {blanksFrom(stem, answer).map((value, i, all) => (
            <View key={i} className='question-blank'>
              <Text className='question-blank__label'>{`第${i + 1}空`}</Text>
              {readOnly ? (
                <Text className='question-blank__value'>{value || '（未填）'}</Text>
              ) : (
                <Input
                  className='question-blank__input'
                  value={value}
                  placeholder='请输入答案'
                  aria-label={`第${i + 1}空`}
                  onInput={(e) => onChange?.(all.map((b, j) => (j === i ? e.detail.value : b)))}
                />
              )}
            </View>
          ))}
        </View>
      ) : readOnly ? (
        <Text className='question-view__text'>{answerText(type, answer)}</Text>
      ) : (
        <Textarea
          className='question-view__textarea'
          value={answer[0] ?? ''}
          maxlength={2000}
          placeholder='请输入你的答案'
          aria-label='你的答案'
          onInput={(e) => onChange?.([e.detail.value])}
        />
      )}
    </View>
  )
}
