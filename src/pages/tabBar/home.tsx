import { memo, useEffect, useRef, useState } from 'react'
import Taro, { useDidShow } from '@tarojs/taro'
import { Text, View } from '@tarojs/components'
import Dialog from '../../components/dialog'
import LoadingIndicator from '../../components/loading-indicator'
import Page from '../../components/page'
import { partner, type PartnerHome } from '../../api/ems/partner'
import { HOME_PATH, LOGIN_PATH, STUDENT_LOGIN_PATH, routeOf } from '../../routes'
import { loadPerson, signOut } from '../../session/flows'
import { launchSettled } from '../../session/launch-state'
import { loginRedirect } from '../../session/login-redirect'
import { isSignedIn } from '../../session/reducer'
import type { HomeFace } from '../../session/types'
import { useStore } from '../../store'
import { REMEMBERED_VIEWS, storageKey } from '../../store/storage'
import { formatYuan } from '@activity/money'
import { ClueStatus, PartnerStatus } from '@activity/wire'
import { HOME_LINKS, noticesOf } from './components/home-notices'
import { faceShown, facesOf } from './components/home-faces'
import PublicEntrance from './components/public-entrance'
import StudentPart from './components/student-part'
import { useRemote } from '../../hooks/remote'
import { press } from '../../platform'
import { tierProgress } from '../../utils/tier-progress'
import './home.scss'

const TITLE = routeOf('pages/tabBar/home')?.title ?? '首页'

/**
 * The home page's entries. 分享海报 opens the poster over the activities (its subpackage carries
 * the QR encoder, keeping it out of the mini-programs' main package).
 */
const ENTRIES = [
  { key: 'clue', label: '招生线索', glyph: '线', url: HOME_LINKS.clue },
  { key: 'record', label: '资金记录', glyph: '账', url: HOME_LINKS.record },
  { key: 'position', label: '本周期档位', glyph: '档', url: HOME_LINKS.position },
  { key: 'deal', label: '成交单量', glyph: '单', url: HOME_LINKS.deal },
  { key: 'withdrawal', label: '提现', glyph: '提', url: HOME_LINKS.withdrawal },
  { key: 'team', label: '我的团队', glyph: '团', url: HOME_LINKS.team },
  { key: 'ranking', label: '排行榜', glyph: '榜', url: HOME_LINKS.ranking },
  { key: 'activity', label: '活动', glyph: '活', url: HOME_LINKS.activity },
  { key: 'poster', label: '分享海报', glyph: '享', url: `${HOME_LINKS.activity}?poster=1` },
  { key: 'person', label: '个人信息', glyph: '我', url: HOME_LINKS.person },
  { key: 'message', label: '消息通知', glyph: '信', url: HOME_LINKS.message },
]

/** The unread count on the 消息通知 entry: 99+ above 99, nothing at 0. */
export const badgeText = (count: number | undefined) => (!count ? '' : count > 99 ? '99+' : String(count))

function go(url: string) {
  void Taro.navigateTo({ url })
}

/** The entries grid, drawn again only when the unread badge changes (not on each answer the page gets). */
const Entries = memo(function Entries({ badge }: { badge: string }) {
  return (
    <View className='home-card home-entries'>
      {ENTRIES.map((e) => (
        <View
          key={e.key}
          className={`home-entries__item home-entries__item--${e.key}`}
          {...press(() => go(e.url), { role: 'link', label: e.key === 'message' && badge ? `${e.label}，${badge} 条未读` : e.label })}
        >
          <View className={`home-entries__icon home-entries__icon--${e.key}`}>
            <Text>{e.glyph}</Text>
            {e.key === 'message' && badge ? <Text className='home-entries__badge'>{badge}</Text> : null}
          </View>
          <Text className='home-entries__label'>{e.label}</Text>
        </View>
      ))}
    </View>
  )
})

function Wallet({ home }: { home: PartnerHome }) {
  return (
    <View className='home-wallet'>
      <View className='home-wallet__main'>
        <View>
          <Text className='home-wallet__label'>可提现金额</Text>
          <Text className='home-wallet__amount'>{formatYuan(home.withdrawable)}</Text>
        </View>
        <View className='home-wallet__button' {...press(() => go(HOME_LINKS.withdrawal), { role: 'link' })}>
          <Text>提现</Text>
        </View>
      </View>
      <View className='home-wallet__sub'>
        <View className='home-wallet__cell'>
          <Text className='home-wallet__sub-label'>冻结中</Text>
          <Text className='home-wallet__sub-value home-wallet__frozen'>{formatYuan(home.frozen)}</Text>
        </View>
        <View className='home-wallet__divider' />
        <View className='home-wallet__cell' {...press(() => go(HOME_LINKS.record), { role: 'link' })}>
          <Text className='home-wallet__sub-label'>账户余额</Text>
          <Text className='home-wallet__sub-value home-wallet__balance'>{formatYuan(home.balance)}</Text>
        </View>
      </View>
    </View>
  )
}

function Tier({ home }: { home: PartnerHome }) {
  const progress = tierProgress(home)
  return (
    <View
      className='home-card home-tier'
      {...press(() => go(HOME_LINKS.position), { role: 'link', label: `本周期档位，${home.tier?.name ?? '暂无档位'}，${progress.hint}` })}
    >
      <View className='home-card__head'>
        <Text className='home-card__title'>本周期档位</Text>
        <Text className='home-card__more'>查看全部档位</Text>
      </View>
      <View className='home-tier__now'>
        <Text className='home-tier__name'>{home.tier?.name ?? '暂无档位'}</Text>
        {home.tier ? <Text className='home-tier__rate'>每单 {formatYuan(home.tier.commissionPerDeal)}</Text> : null}
      </View>
      <View className='home-tier__bar'>
        <View className='home-tier__fill' style={{ width: `${progress.percent}%` }} />
      </View>
      <View className='home-tier__scale'>
        <Text>
          本周期成交 <Text className='home-tier__deals'>{home.dealsThisCycle}</Text> 单
        </Text>
        {progress.target !== null ? <Text>{`${home.nextTier?.name ?? ''} ${progress.target} 单`}</Text> : null}
      </View>
      <Text className='home-tier__hint'>{progress.hint}</Text>
    </View>
  )
}

function Stats({ home }: { home: PartnerHome }) {
  return (
    <View className='home-stats'>
      <View
        className='home-stats__cell'
        {...press(() => go(HOME_LINKS.deal), { role: 'link', label: `本周期成交 ${home.dealsThisCycle} 单` })}
      >
        <View>
          <Text className='home-stats__value home-stats__deals'>{home.dealsThisCycle}</Text>
          <Text className='home-stats__unit'>单</Text>
        </View>
        <Text className='home-stats__label'>本周期成交</Text>
      </View>
      <View className='home-stats__divider' />
      <View
        className='home-stats__cell'
        {...press(() => go(`${HOME_LINKS.clue}?status=${encodeURIComponent(ClueStatus.new)}`), {
          role: 'link',
          label: `待跟进线索 ${home.newClues} 条`,
        })}
      >
        <View>
          <Text className='home-stats__value home-stats__clues'>{home.newClues}</Text>
          <Text className='home-stats__unit'>条</Text>
        </View>
        <Text className='home-stats__label'>待跟进线索</Text>
      </View>
    </View>
  )
}

/**
 * The partner's part of home: money, this cycle's tier and the way to the next, deals and new
 * clues, what to fill in, and the entries (today's partner home, unchanged).
 */
function PartnerPart() {
  const userId = useStore((s) => s.user?.id)
  const signedIn = userId !== undefined
  // The last summary shows at once (no wait for the network on opening), then this visit's answer.
  const home = useRemote((options) => partner.partner.home(undefined, options), signedIn, {
    reloadOnShow: true,
    remember: userId === undefined ? undefined : storageKey(REMEMBERED_VIEWS.homeSummary, userId),
  })
  const rejected = home.data?.status === PartnerStatus.rejected
  const profile = useRemote((options) => partner.client.signInfo(undefined, options), signedIn && rejected)
  const unread = useRemote((options) => partner.message.unreadCount(undefined, options), signedIn, { reloadOnShow: true })
  const badge = badgeText(unread.data?.count)
  const data = home.data
  return (
    <>
      {data ? (
        <>
          {home.remembered && home.failed ? (
            // The figures below are last visit's: a notice line, not the full failure card.
            <View className='home-notice home-notice--warn home-notice--stale home-retry' {...press(() => void home.reload())}>
              <Text className='home-notice__text'>加载失败，点击重试</Text>
            </View>
          ) : null}
          {noticesOf(data, rejected ? profile.data?.rejectReason : null).map((n) => (
            <View
              key={n.key}
              className={`home-notice home-notice--${n.tone} home-notice--${n.key}`}
              {...(n.action ? press(() => go(n.action!.url), { role: 'link' }) : {})}
            >
              <Text className='home-notice__text'>{n.text}</Text>
              {n.action ? <Text className='home-notice__action'>{n.action.label}</Text> : null}
            </View>
          ))}
          <Wallet home={data} />
          <Tier home={data} />
          <Stats home={data} />
        </>
      ) : home.failed ? (
        <View className='home-card home-failed home-retry' {...press(() => void home.reload())}>
          <Text>加载失败，点击重试</Text>
        </View>
      ) : (
        // The shapes of the wallet, tier and stats cards, so nothing below moves when they arrive.
        <View className='home-loading' aria-busy='true'>
          <View className='home-loading__wallet'>
            <LoadingIndicator content='加载中' />
          </View>
          <View className='home-loading__tier' />
          <View className='home-loading__stats' />
        </View>
      )}
      <Entries badge={badge} />
    </>
  )
}

const FACE_LABELS: Record<HomeFace, string> = { student: '学员', partner: '合伙人' }

/** 学员 | 合伙人, for a person holding both profiles. */
function FaceSwitch({ faces, face, onChange }: { faces: HomeFace[]; face: HomeFace; onChange: (face: HomeFace) => void }) {
  return (
    <View className='home-switch' role='tablist' aria-label='切换身份'>
      {faces.map((f) => (
        <View
          key={f}
          className={`home-switch__item home-switch__item--${f}${f === face ? ' home-switch__item--active' : ''}`}
          {...press(() => f !== face && onChange(f), { role: 'tab', selected: f === face })}
        >
          <Text>{FACE_LABELS[f]}</Text>
        </View>
      ))}
    </View>
  )
}

/** Whether the launch-time session work (the mini-programs' open-id login…) has finished. */
function useLaunchSettled(): boolean {
  const [settled, setSettled] = useState(false)
  useEffect(() => {
    let active = true
    void launchSettled().then(() => active && setSettled(true))
    return () => {
      active = false
    }
  }, [])
  return settled
}

/**
 * 首页, the entry page (no back button), for everyone: a signed-out visitor sees the public
 * entrance (活动, 志愿查询, APP下载 and the two sign-ins); a student their part (header info, 通知公告
 * with the unread count, 我的学籍); a partner today's dashboard; a person holding both a 学员 |
 * 合伙人 switch, remembered per person. Sign-out at the bottom for anyone signed in.
 */
export default function TabBarHomePage() {
  const user = useStore((s) => s.user)
  const person = useStore((s) => s.person)
  const signedIn = useStore(isSignedIn)
  const accountId = person?.accountId
  const remembered = useStore((s) => (accountId === undefined ? undefined : s.homeFaces[String(accountId)]))
  const settled = useLaunchSettled()
  const [personFailed, setPersonFailed] = useState(false)
  const [confirmSignOut, setConfirmSignOut] = useState(false)
  const [askedSignOut, setAskedSignOut] = useState(false)
  const [leaving, setLeaving] = useState(false)

  // The person (profiles, student header info, unread notices) afresh on opening and on each show.
  const reloadPerson = async () => {
    setPersonFailed(false)
    const found = await loadPerson()
    if (!found && isSignedIn(useStore.getState())) setPersonFailed(true)
  }
  const shownOnce = useRef(false)
  useEffect(() => {
    if (signedIn) void reloadPerson()
    // Once per sign-in: later shows reload below.
  }, [signedIn])
  useDidShow(() => {
    if (shownOnce.current && isSignedIn(useStore.getState())) void reloadPerson()
    shownOnce.current = true
  })

  // In WeChat's browser, a signed-out visitor first goes through the silent official-account OAuth
  // (once per browser session, when configured): an open id already bound signs them in here.
  useEffect(() => {
    if (settled && !isSignedIn(useStore.getState())) loginRedirect(`/${HOME_PATH}`)
  }, [settled])

  const faces = facesOf(person, user)
  const face = faceShown(faces, remembered)

  const leave = async () => {
    if (leaving) return
    setLeaving(true)
    setConfirmSignOut(false)
    await signOut()
    void Taro.reLaunch({ url: `/${face === 'student' ? STUDENT_LOGIN_PATH : LOGIN_PATH}` })
  }

  let content
  if (!signedIn) {
    content = settled ? (
      <PublicEntrance />
    ) : (
      <View className='home-card home-failed' aria-busy='true'>
        <LoadingIndicator content='加载中' />
      </View>
    )
  } else if (face === null) {
    content = personFailed ? (
      <View className='home-card home-failed home-retry' {...press(() => void reloadPerson())}>
        <Text>加载失败，点击重试</Text>
      </View>
    ) : (
      <View className='home-card home-failed' aria-busy='true'>
        <LoadingIndicator content='加载中' />
      </View>
    )
  } else {
    content = (
      <>
        {faces.length > 1 && accountId !== undefined ? (
          <FaceSwitch faces={faces} face={face} onChange={(f) => useStore.getState().setHomeFace(accountId, f)} />
        ) : null}
        {face === 'student' && person?.student ? <StudentPart student={person.student} /> : <PartnerPart />}
      </>
    )
  }

  return (
    <Page title={TITLE} back={false}>
      <View className='home'>
        {content}
        {signedIn ? (
          <View
            className='home-signout'
            {...press(() => {
              setAskedSignOut(true)
              setConfirmSignOut(true)
            })}
          >
            <Text>退出登录</Text>
          </View>
        ) : null}
      </View>
      {/* Mounted once first asked for (then kept, for its closing fade): nothing to draw before. */}
      {askedSignOut ? (
        <Dialog
          isOpened={confirmSignOut}
          content='确定要退出登录吗？'
          confirmText='退出'
          onConfirm={() => void leave()}
          onCancel={() => setConfirmSignOut(false)}
          onClose={() => setConfirmSignOut(false)}
        />
      ) : null}
    </Page>
  )
}
