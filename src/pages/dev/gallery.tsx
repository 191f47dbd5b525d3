import { useState, type PropsWithChildren } from 'react'
import { Text, View } from '@tarojs/components'
import {
  CategoryPicker,
  CodeInput,
  ConfirmButton,
  Dialog,
  EmptyNotice,
  HeightSpacer,
  LoadMore,
  LoadingIndicator,
  MultiSelectPicker,
  Page,
  QrCodeDialog,
  SelectPicker,
  Spacer,
  TextInput,
  currentRoute,
  replaceQuery,
  useRoute,
} from '../../components'
import { useStore } from '../../store'
import { BATCHES, CONTACT_METHODS, INTAKE_YEARS, VerifyType } from '@activity/wire'
import { DEV_ROUTES } from '../../routes'
import qrDemo from './qr-demo.png'
import './gallery.scss'

const SCHOOLS = [
  { id: 3, name: '浙江大学' },
  { id: 7, name: '杭州师范大学' },
  { id: 9, name: '宁波大学' },
]

function Section({ title, children }: PropsWithChildren<{ title: string }>) {
  return (
    <View className='gallery__section'>
      <View className='gallery__heading'>{title}</View>
      <View className='gallery__card'>{children}</View>
    </View>
  )
}

function Row({ label, children }: PropsWithChildren<{ label: string }>) {
  return (
    <View className='gallery__row'>
      <Text className='gallery__label'>{label}</Text>
      <View className='gallery__control'>{children}</View>
    </View>
  )
}

/** What the last event of a demo sent, for people and for the mini-program tests. */
function Shown({ name, value }: { name: string; value: string }) {
  return <View className={`gallery__value gallery__value--${name}`}>{value || '—'}</View>
}

/**
 * pages/dev/gallery: every shared interface piece with its states, in non-production builds only.
 * app.config.ts leaves the page out of production builds; should a stale build cache bring the
 * route back, the page still draws nothing there (APP_ENV is a build constant, so the gallery
 * code is dropped from a production bundle).
 */
export default function GalleryRoute() {
  return APP_ENV === 'production' ? null : <GalleryPage />
}

function GalleryPage() {
  const showToast = useStore((s) => s.showToast)
  const showLoading = useStore((s) => s.showLoading)
  const hideLoading = useStore((s) => s.hideLoading)
  const route = useRoute()

  const [contact, setContact] = useState<unknown>()
  const [school, setSchool] = useState<unknown>(7)
  const [batch, setBatch] = useState<unknown[]>(['2024', '3期'])
  const [category, setCategory] = useState<string>()
  const [dialogOpen, setDialogOpen] = useState(false)
  const [dialogEvent, setDialogEvent] = useState('')
  const [qrOpen, setQrOpen] = useState(false)
  const [name, setName] = useState('')
  const [password, setPassword] = useState('')
  const [phone, setPhone] = useState('')
  const [code, setCode] = useState('')
  const [codeEvent, setCodeEvent] = useState('')
  const [address, setAddress] = useState(route.fullPath)
  const [pressed, setPressed] = useState(0)

  const closeDialog = (event: string) => {
    setDialogEvent(event)
    setDialogOpen(false)
  }

  return (
    <Page title={DEV_ROUTES[0]?.title ?? ''}>
      <Section title='提示与加载'>
        <View className='gallery__buttons'>
          <ConfirmButton inline title='普通提示' onClick={() => showToast('这是一条提示')} />
          <ConfirmButton inline title='成功提示' onClick={() => showToast('保存成功', { icon: 'success' })} />
          <ConfirmButton
            inline
            title='加载遮罩'
            onClick={() => {
              showLoading('加载中')
              setTimeout(hideLoading, 1500)
            }}
          />
        </View>
        <Row label='加载指示'>
          <LoadingIndicator content='加载中' />
        </Row>
      </Section>

      <Section title='加载更多'>
        <LoadMore status='more' />
        <LoadMore status='loading' />
        <LoadMore status='nomore' />
      </Section>

      <Section title='选择器'>
        <Row label='联系方式'>
          <SelectPicker className='gallery__select-contact' range={CONTACT_METHODS} value={contact} onChange={setContact} />
        </Row>
        <Row label='学校'>
          <SelectPicker
            className='gallery__select-school'
            range={SCHOOLS}
            rangeKey='name'
            valueKey='id'
            value={school}
            onChange={setSchool}
          />
        </Row>
        <Row label='入学批次'>
          <MultiSelectPicker className='gallery__select-batch' range={[INTAKE_YEARS, BATCHES]} value={batch} onChange={setBatch} />
        </Row>
        <Row label='报考类别'>
          <CategoryPicker className='gallery__select-category' value={category} onChange={setCategory} />
        </Row>
        <Row label='禁用'>
          <SelectPicker range={CONTACT_METHODS} value='电话' disabled />
        </Row>
        <Shown name='select' value={`${String(contact ?? '')} ${String(school ?? '')} ${batch.join('/')} ${category ?? ''}`.trim()} />
      </Section>

      <Section title='对话框'>
        <View className='gallery__buttons'>
          <ConfirmButton inline className='gallery__open-dialog' title='打开对话框' onClick={() => setDialogOpen(true)} />
          <ConfirmButton inline className='gallery__open-qr' title='二维码' onClick={() => setQrOpen(true)} />
        </View>
        <Shown name='dialog' value={dialogEvent} />
      </Section>

      <Section title='按钮'>
        <ConfirmButton className='gallery__button-ok' onClick={() => setPressed((n) => n + 1)} />
        <View className='gallery__gap' />
        <ConfirmButton variant='confirm' />
        <View className='gallery__gap' />
        <ConfirmButton className='gallery__button-disabled' disabled title='不可用' onClick={() => setPressed((n) => n + 100)} />
        <View className='gallery__gap' />
        <View className='gallery__buttons'>
          <ConfirmButton inline />
          <ConfirmButton inline variant='confirm' />
          <ConfirmButton inline disabled />
        </View>
        <Shown name='button' value={pressed ? `确定 ×${pressed}` : ''} />
      </Section>

      <Section title='输入框'>
        <Row label='姓名'>
          <TextInput value={name} onInput={setName} />
        </Row>
        <Row label='密码'>
          <TextInput value={password} onInput={setPassword} password placeholder='请输入密码' />
        </Row>
        <Row label='手机号'>
          <TextInput className='gallery__phone' value={phone} onInput={setPhone} type='number' maxlength={11} placeholder='请输入手机号' />
        </Row>
        <Row label='验证码'>
          <CodeInput
            className='gallery__code'
            value={code}
            onInput={setCode}
            phone={phone}
            type={VerifyType.login}
            onSent={() => setCodeEvent(`已发送至 ${phone}`)}
          />
        </Row>
        <Shown name='code' value={codeEvent} />
      </Section>

      <Section title='空列表'>
        <EmptyNotice total={0} />
      </Section>

      <Section title='间隔'>
        <Text className='gallery__note'>上下两段之间是 Spacer（20px），下面是 HeightSpacer（120px）</Text>
        <Spacer />
        <View className='gallery__outline'>
          <HeightSpacer />
        </View>
      </Section>

      <Section title='路由'>
        <Row label='当前页面'>
          <Text className='gallery__route'>{decodeURIComponent(address)}</Text>
        </Row>
        <View className='gallery__buttons'>
          <ConfirmButton
            inline
            className='gallery__filter'
            title='切换筛选'
            onClick={() => {
              const tab = currentRoute()?.query.tab === '本月' ? '上月' : '本月'
              setAddress(replaceQuery({ tab })?.fullPath ?? '')
            }}
          />
        </View>
      </Section>
      <HeightSpacer height={40} insetBottom />

      <Dialog
        isOpened={dialogOpen}
        closable
        cancelText='再想想吧朋友'
        confirmText='确定'
        onConfirm={() => closeDialog('确定')}
        onCancel={() => closeDialog('取消')}
        onClose={() => closeDialog('关闭')}
      >
        <Text className='gallery__dialog-text'>确定要提交报名信息吗？提交后不可修改。</Text>
      </Dialog>
      <QrCodeDialog isOpened={qrOpen} src={qrDemo} title='扫码登录' onClose={() => setQrOpen(false)} />
    </Page>
  )
}
