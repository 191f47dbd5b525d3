import type { ReactNode } from 'react'
import { Text, View } from '@tarojs/components'
import type { Verdict } from '../../../api/sms/exam-types'
import { answerText, isAnswered } from './exam'

export interface VerdictViewProps {
  /** A QuestionType label. */
  type: string
  verdict: Verdict
  /** What I answered. */
  mine: string[]
  /** A line under it (已加入错题本, 再答对1次即可移出). */
  note?: string | null
  /** Instead of 回答正确 / 回答错误 (a paper's 得分). */
  result?: string
  children?: ReactNode
}

/** What shows while the server withholds a question's answer (an exam the student can still sit holds it). */
const WITHHELD_RESULT = '考试结束后公布答案'
const WITHHELD_NOTE = '该题属于尚未结束的考试，答案与解析将在考试结束后公布'

/**
 * Under an answered question: right or wrong, my answer, 正确答案, 解析, and what follows. The server
 * sends no right answer (null) while an exam the student can still sit holds the question: then
 * only my answer shows, and when the answer comes.
 */
export default function VerdictView({ type, verdict, mine, note, result, children }: VerdictViewProps) {
  if (verdict.rightAnswer === null)
    return (
      <View className='question-verdict'>
        <Text className='question-verdict__result question-verdict__result--neutral'>{WITHHELD_RESULT}</Text>
        <Text className='question-verdict__row question-verdict__mine'>
          <Text className='question-verdict__label'>你的答案：</Text>
          {answerText(type, mine)}
        </Text>
        <Text className='question-verdict__note'>{WITHHELD_NOTE}</Text>
        {children}
      </View>
    )
  const tone = verdict.correct === null ? 'neutral' : verdict.correct ? 'right' : 'wrong'
  return (
    <View className='question-verdict'>
      <Text className={`question-verdict__result question-verdict__result--${tone}`}>
        {result ??
          (verdict.correct === null ? '参考答案如下，请自行对照' : verdict.correct ? '回答正确' : isAnswered(mine) ? '回答错误' : '未作答')}
      </Text>
      <Text className='question-verdict__row question-verdict__mine'>
        <Text className='question-verdict__label'>你的答案：</Text>
        {answerText(type, mine)}
      </Text>
      <Text className='question-verdict__row question-verdict__right'>
        <Text className='question-verdict__label'>{verdict.correct === null ? '参考答案：' : '正确答案：'}</Text>
        {answerText(type, verdict.rightAnswer)}
      </Text>
      <Text className='question-verdict__row question-verdict__analysis'>
        <Text className='question-verdict__label'>解析：</Text>
        {verdict.analysis || '暂无解析'}
      </Text>
      {note ? <Text className='question-verdict__note'>{note}</Text> : null}
      {children}
    </View>
  )
}
