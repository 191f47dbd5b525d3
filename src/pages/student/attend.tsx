import { useEffect, useRef, useState } from 'react'
import Taro from '@tarojs/taro'
import { Text, View } from '@tarojs/components'
import type { PunchResult } from '../../api/zms/attendance'
import ConfirmButton from '../../components/confirm-button'
import LoadingIndicator from '../../components/loading-indicator'
import Page from '../../components/page'
import { useRoute } from '../../components/router-helper'
import { useMounted } from '../../hooks/mounted'
import { TIMETABLE_URL } from '../../links/attendance'
import { press } from '../../platform'
import { RequestError } from '../../request'
import { routeOf } from '../../routes'
import { useRequireLogin } from '../../session/guard'
import { attendCodeOf, NOT_AN_ATTEND_CODE } from './components/attend-link'
import { punchRefusalText, punchWith } from './components/punch'
import { dayClockText, punchedText, sessionBadge } from './components/timetable'
import './attend.scss'

const TITLE = routeOf('pages/student/attend')?.title ?? '课堂签到'

type State =
  | { kind: 'checking' }
  | { kind: 'done'; result: PunchResult }
  /** `retry`: the server did not answer (network, 5xx); a refusal of the code will not change on a retry. */
  | { kind: 'refused'; message: string; retry: boolean }

const mayRetry = (err: unknown) => !(err instanceof RequestError) || err.kind === 'network' || (err.status ?? 0) >= 500

/**
 * 课堂签到 (`?s=&t=`): where the room screen's QR code lands when a phone's camera or WeChat opens
 * it. Signed in (the login brings the person back here), it punches once with exactly that s and
 * t and says how it went, big: 签到成功 with 出勤 or 迟到, 你已签到过了, or the server's refusal (an
 * old code, not my class, not open yet, over). 我的课表 goes on to the week.
 */
export default function StudentAttendPage() {
  const signedIn = useRequireLogin()
  const route = useRoute()
  const code = attendCodeOf({ s: route.query.s, t: route.query.t })
  const [state, setState] = useState<State>(code ? { kind: 'checking' } : { kind: 'refused', message: NOT_AN_ATTEND_CODE, retry: false })
  const sent = useRef(false)
  const mounted = useMounted()

  const run = async () => {
    if (!code) return
    setState({ kind: 'checking' })
    try {
      const result = await punchWith(code, { quiet: true })
      if (mounted.current) setState({ kind: 'done', result })
    } catch (err) {
      // Not a student and not in this class are both a 403: the server's own sentence says which.
      if (mounted.current) setState({ kind: 'refused', message: punchRefusalText(err), retry: mayRetry(err) })
    }
  }
  useEffect(() => {
    if (!signedIn || sent.current || !code) return
    sent.current = true
    void run()
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per landing
  }, [signedIn])

  const body = () => {
    if (state.kind === 'checking')
      return (
        <View className='attend-result'>
          <LoadingIndicator content='正在签到' />
        </View>
      )
    if (state.kind === 'done') {
      const { result } = state
      const badge = sessionBadge({ phase: '签到中', status: result.status })
      return (
        <View className='attend-result' data-testid='attend-done'>
          <Text className={`attend-result__status attend-result__status--${badge.tone}`}>{result.status}</Text>
          <Text className='attend-result__title'>{punchedText(result)}</Text>
          <Text className='attend-result__course'>{result.course}</Text>
          {result.place ? <Text className='attend-result__text'>{result.place}</Text> : null}
          {result.checkedInAt ? <Text className='attend-result__text'>{`${dayClockText(result.checkedInAt)} 签到`}</Text> : null}
        </View>
      )
    }
    return (
      <View className='attend-result' data-testid='attend-refused'>
        <Text className='attend-result__icon' aria-hidden>
          !
        </Text>
        <Text className='attend-result__title'>签到未成功</Text>
        <Text className='attend-result__text attend-result__message'>{state.message}</Text>
      </View>
    )
  }

  return (
    <Page title={TITLE} insetBottom>
      {body()}
      <View className='attend-actions'>
        {state.kind === 'refused' && state.retry ? (
          <ConfirmButton className='attend-actions__retry' title='重新签到' onClick={() => void run()} />
        ) : null}
        <View className='attend-actions__timetable' {...press(() => void Taro.redirectTo({ url: TIMETABLE_URL }), { role: 'link' })}>
          <Text>我的课表</Text>
        </View>
      </View>
    </Page>
  )
}
