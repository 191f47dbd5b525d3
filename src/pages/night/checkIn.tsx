import { useEffect, useRef, useState } from 'react'
import Taro from '@tarojs/taro'
import { Text, View } from '@tarojs/components'
import type { NightCheckedIn } from '../../api/cms/night'
import ConfirmButton from '../../components/confirm-button'
import LoadingIndicator from '../../components/loading-indicator'
import NotStudent from '../../components/not-student'
import { useStudentLoad } from '../../hooks/student-load'
import Page from '../../components/page'
import { useRoute } from '../../components/router-helper'
import { RequestError } from '../../request'
import { press } from '../../platform'
import { routeOf } from '../../routes'
import { useRequireLogin } from '../../session/guard'
import { formatDate } from '../../utils/date'
import { checkedInText, checkInWith } from './components/check-in'
import { checkInCodeOf, NOT_A_CHECK_IN_CODE } from './components/check-in-link'
import { NIGHT_INDEX_URL, nightDetailUrl } from '../../links/night'
import './checkIn.scss'

const TITLE = routeOf('pages/night/checkIn')?.title ?? '夜校签到'

type State = { kind: 'checking' } | { kind: 'done'; result: NightCheckedIn } | { kind: 'refused'; message: string }

/**
 * 夜校签到 (`?c=&t=`): where the class's QR code lands (a phone's camera, WeChat, the weapp). Signed
 * in (the login brings the person back here), it checks in once with exactly that c and t and
 * says how it went: 签到成功, 你已签到过了 (the first time), or the server's refusal (not signed
 * up, too early, over, an old code).
 */
export default function NightCheckInPage() {
  const signedIn = useRequireLogin()
  const route = useRoute()
  const code = checkInCodeOf({ c: route.query.c, t: route.query.t })
  const [state, setState] = useState<State>(code ? { kind: 'checking' } : { kind: 'refused', message: NOT_A_CHECK_IN_CODE })
  const student = useStudentLoad()
  const sent = useRef(false)

  const run = async () => {
    if (!code) return
    setState({ kind: 'checking' })
    try {
      setState({ kind: 'done', result: await student.remember(checkInWith(code, { quiet: true })) })
    } catch (err) {
      // Not a student (student.notStudent): said in place of the result, with no 重新签到.
      setState({ kind: 'refused', message: err instanceof RequestError && err.message ? err.message : '网络异常，请重试' })
    }
  }
  useEffect(() => {
    if (!signedIn || sent.current || !code) return
    sent.current = true
    void run()
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per landing
  }, [signedIn])

  const body = () => {
    if (student.notStudent) return <NotStudent />
    if (state.kind === 'checking')
      return (
        <View className='night-result'>
          <LoadingIndicator content='正在签到' />
        </View>
      )
    if (state.kind === 'done') {
      const { result } = state
      return (
        <View className='night-result' data-testid='night-checked-in'>
          <Text className='night-result__icon' aria-hidden>
            ✓
          </Text>
          <Text className='night-result__title'>{checkedInText(result)}</Text>
          <Text className='night-result__text'>{result.title}</Text>
          <Text className='night-result__text'>
            {result.place} · {formatDate(result.checkedInAt, 'MM月dd日 hh:mm')}签到
          </Text>
        </View>
      )
    }
    return (
      <View className='night-result' data-testid='night-check-in-refused'>
        <Text className='night-result__title'>签到未成功</Text>
        <Text className='night-result__text'>{state.message}</Text>
      </View>
    )
  }

  return (
    <Page title={TITLE} insetBottom>
      {body()}
      <View className='night-actions'>
        {state.kind === 'refused' && code && !student.notStudent ? <ConfirmButton title='重新签到' onClick={() => void run()} /> : null}
        {code ? (
          <View
            className='night-actions__cancel night-actions__link'
            {...press(() => void Taro.redirectTo({ url: nightDetailUrl(code.classId) }), { role: 'link' })}
          >
            <Text>查看课程</Text>
          </View>
        ) : (
          <View
            className='night-actions__cancel night-actions__link'
            {...press(() => void Taro.redirectTo({ url: NIGHT_INDEX_URL }), { role: 'link' })}
          >
            <Text>去夜校</Text>
          </View>
        )}
      </View>
    </Page>
  )
}
