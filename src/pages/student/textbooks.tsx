import Taro, { useDidShow, usePullDownRefresh } from '@tarojs/taro'
import { Text, View } from '@tarojs/components'
import { SubscribeTemplate } from '@activity/wire'
import { textbook, type TextbookList, type TextbookRecord } from '../../api/ems/textbook'
import EmptyNotice from '../../components/empty-notice'
import Page from '../../components/page'
import ParcelTimeline from '../../components/parcel-timeline'
import { useRemote } from '../../hooks/remote'
import { useStudentLoad } from '../../hooks/student-load'
import { textbookAddressUrl } from '../../links/textbooks'
import { press } from '../../platform'
import { routeOf } from '../../routes'
import { useRequireLogin } from '../../session/guard'
import { useStore } from '../../store'
import { askSubscribe, CAN_SUBSCRIBE, prefetchSubscribeTemplates } from '../../wechat/subscribe'
import StudentBody from './components/student-body'
import { addressPrompt, addressText, bookText, stateTone } from './components/textbooks'
import './textbooks.scss'

const TITLE = routeOf('pages/student/textbooks')?.title ?? '我的教材'
const NONE = '暂无教材邮寄'

/** My address: who and where, 修改地址 while it may still change. */
function Address({ record }: { record: TextbookRecord }) {
  const { address, editable } = record
  const edit = () => void Taro.navigateTo({ url: textbookAddressUrl(record.id) })
  if (!address) {
    return (
      <View className='textbook-address textbook-address--none'>
        <Text className={`textbook-address__prompt${editable ? '' : ' textbook-address__prompt--closed'}`}>{addressPrompt(record)}</Text>
        {editable ? (
          <View className='textbook-address__confirm' {...press(edit, { role: 'link' })}>
            确认地址
          </View>
        ) : null}
      </View>
    )
  }
  return (
    <View className='textbook-address'>
      <View className='textbook-address__main'>
        <Text className='textbook-address__who'>{`${address.receiver} ${address.phone}`}</Text>
        <Text className='textbook-address__where'>{addressText(address)}</Text>
      </View>
      {editable ? (
        <View className='textbook-address__edit' {...press(edit, { role: 'link' })}>
          修改地址
        </View>
      ) : null}
    </View>
  )
}

/** One mailing: its title and state, the term, the books, my address, the parcel once shipped. */
function MailingCard({ record, onReceived }: { record: TextbookRecord; onReceived: () => void }) {
  const { mailing, parcel } = record
  return (
    <View className='textbook-card'>
      <View className='textbook-card__top'>
        <Text className='textbook-card__title'>{mailing.title}</Text>
        <Text className={`textbook-tag textbook-tag--${stateTone(record.state)} textbook-card__state`}>{record.state}</Text>
      </View>
      <Text className='textbook-card__term'>{mailing.term}</Text>
      <View className='textbook-books'>
        {mailing.books.map((b, i) => (
          <View key={`${b.title}-${i}`} className='textbook-book'>
            <Text className='textbook-book__title'>{bookText(b)}</Text>
            {b.isbn ? <Text className='textbook-book__isbn'>{`ISBN ${b.isbn}`}</Text> : null}
          </View>
        ))}
      </View>
      <Address record={record} />
      {parcel ? (
        <ParcelTimeline
          parcel={parcel}
          what='教材'
          loadTracks={async () => (await textbook.record.getExpressInfoForClient({ id: record.id })).data.tracks}
          onConfirm={async () => {
            const { data } = await textbook.record.confirmForClient({ id: record.id }, { loadingTitle: '正在确认' })
            useStore.getState().showToast('已确认收货', { icon: 'success' })
            onReceived()
            return data.receivedAt
          }}
        />
      ) : null}
    </View>
  )
}

/**
 * 我的教材: each mailing of textbooks addressed to me, newest first: its title, term and books, my
 * address (or 请在X月X日前确认收货地址 with 确认地址), 修改地址 while the office allows it, the
 * state, and once shipped the parcel (carrier and waybill to copy, its latest track, 查看物流, 确认收货
 * once). 订阅物流提醒 where the platform has subscribe messages. The address form is its own page;
 * back from it, the list is asked again.
 */
export default function StudentTextbooksPage() {
  const signedIn = useRequireLogin()
  const student = useStudentLoad()
  const mine = useRemote((options) => student.remember(textbook.record.listForClient(undefined, options)), signedIn, { reloadOnShow: true })
  usePullDownRefresh(() => {
    void mine.reload({ lock: true }).finally(() => void Taro.stopPullDownRefresh())
  })
  useDidShow(() => {
    // The ids are fetched before the tap: WeChat asks only from within the tap itself.
    if (CAN_SUBSCRIBE && signedIn) prefetchSubscribeTemplates('student')
  })

  const body = ({ list }: TextbookList) => (
    <View className='textbooks'>
      {CAN_SUBSCRIBE ? (
        <View className='textbooks-head'>
          <Text className='textbooks-head__note'>发货、签收时提醒我</Text>
          <View
            className='textbooks-head__subscribe'
            {...press(
              () => void askSubscribe([SubscribeTemplate.parcel], 'student').then(() => useStore.getState().showToast('已订阅物流提醒')),
            )}
          >
            订阅物流提醒
          </View>
        </View>
      ) : null}
      {list.length ? (
        list.map((r) => <MailingCard key={r.id} record={r} onReceived={() => void mine.reload({ lock: true })} />)
      ) : (
        <EmptyNotice type='page' text={NONE} />
      )}
    </View>
  )

  return (
    <Page title={TITLE}>
      <StudentBody notStudent={student.notStudent} remote={mine} stateClass='textbooks-state'>
        {body}
      </StudentBody>
    </Page>
  )
}
