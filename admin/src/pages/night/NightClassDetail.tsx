/**
 * 夜校课详情: the class at a glance; its sign-ups (已报名 first) with their attendance, where 管理员
 * and 招生老师 mark a student present (老师标记) or not and cancel a sign-up with a reason; the
 * check-in QR code to print (it opens pages/night/checkIn on a phone; 更换二维码 voids printed
 * ones; the class may turn it off), and the room screen's code that changes every 30 seconds
 * (投屏签到码, CheckInScreen); the export of sign-ups and attendance.
 */
import { TextAreaField } from '../../components/form'
import { PageContainer } from '../../components/PageContainer'
import { NightSignUpStatus } from '@activity/wire'
import { DesktopOutlined } from '@ant-design/icons'
import {
  Alert,
  App,
  Button,
  Card,
  Col,
  Descriptions,
  type DescriptionsProps,
  Divider,
  Empty,
  Popconfirm,
  Row,
  Skeleton,
  Space,
  Tag,
  Typography,
} from 'antd'
import { lazy, Suspense, useRef, useState } from 'react'
import { Link, useNavigate, useParams } from 'react-router-dom'
import { NIGHT_EXPORT_PATH, type NightClassDetail as Detail, type NightSignUpRow, nightApi } from '../../api/night'
import { DetailFrame } from '../../components/DetailFrame'
import { ExportButton } from '../../components/ExportButton'
import { SubmitModalForm } from '../../components/SubmitModalForm'
import { lazyDialog } from '../../components/LazyDialog'
import { enumColumn, valueEnum } from '../../components/status'
import { ListTable, type ListColumn, type ListAction } from '../../components/ListTable'
import { formatDateTime, officeTime } from '../../format'
import { toServerQuery } from '../../hooks/list-state'
import { useQrDataUrl } from '../../hooks/useQrDataUrl'
import { useRemote } from '../../hooks/useRemote'
import { useAccess } from '../../session/access'
import './night.css'

/** 新建夜校课 / 编辑: loaded when first opened. */
const NightClassForm = lazyDialog(() => import('./NightClassForm').then((m) => m.NightClassForm))
/** 投屏签到码: loaded when first shown. */
const CheckInScreen = lazy(() => import('./CheckInScreen').then((m) => ({ default: m.CheckInScreen })))

const SIGN_UP_STATUS_ENUM = valueEnum([NightSignUpStatus.signedUp, NightSignUpStatus.cancelled], {
  [NightSignUpStatus.signedUp]: { status: 'Processing' },
  [NightSignUpStatus.cancelled]: { status: 'Default' },
})

function summary(c: Detail): DescriptionsProps['items'] {
  return [
    { key: 'subject', label: '科目', children: c.subject },
    { key: 'teacher', label: '授课老师', children: c.teacher },
    { key: 'time', label: '上课时间', children: `${formatDateTime(c.startsAt)} 至 ${officeTime(c.endsAt).format('HH:mm')}` },
    { key: 'place', label: '地点', children: c.place },
    { key: 'seats', label: '报名 / 名额', children: `${c.signedUpCount} / ${c.capacity}` },
    { key: 'attended', label: '已签到', children: c.attendedCount },
    { key: 'phase', label: '进度', children: c.phase },
    { key: 'published', label: '上架', children: c.published ? <Tag color='green'>已上架</Tag> : <Tag>未上架</Tag> },
  ]
}

/**
 * The room screen's code (投屏签到码) and the class's fixed check-in QR code, printable on its
 * own while the class lets it check in.
 */
function CheckInCode({ cls, canManage, onRotated }: { cls: Detail; canManage: boolean; onRotated: () => void }) {
  const { message } = App.useApp()
  const src = useQrDataUrl(cls.checkInUrl, 480)
  const [screen, setScreen] = useState(false)
  // Mounted from the first showing on, so it can animate closed.
  const [shownOnce, setShownOnce] = useState(false)
  return (
    <div className='night-qr' data-testid='night-qr'>
      <div className='night-qr-actions'>
        <Button
          type='primary'
          size='large'
          icon={<DesktopOutlined />}
          onClick={() => {
            setShownOnce(true)
            setScreen(true)
          }}
        >
          投屏签到码
        </Button>
        <Typography.Paragraph type='secondary' className='night-qr-screen-hint'>
          在教室屏幕上显示每30秒更换的签到二维码和签到码，拍照带走无效
        </Typography.Paragraph>
        {shownOnce ? (
          <Suspense fallback={null}>
            <CheckInScreen cls={cls} open={screen} onClose={() => setScreen(false)} />
          </Suspense>
        ) : null}
        <Divider plain>打印的固定二维码</Divider>
      </div>
      {cls.fixedCodeEnabled ? (
        <>
          {src ? <img src={src} alt={`「${cls.title}」签到二维码`} data-url={cls.checkInUrl} /> : <Skeleton.Image active />}
          <p className='night-qr-title'>{cls.title}</p>
          <Typography.Paragraph type='secondary'>
            {formatDateTime(cls.startsAt)} 至 {officeTime(cls.endsAt).format('HH:mm')} · {cls.place}
            <br />
            开课前30分钟至下课，用微信或手机相机扫码签到
          </Typography.Paragraph>
        </>
      ) : (
        <Alert
          className='night-qr-off'
          type='info'
          showIcon
          message='打印的二维码已停用'
          description='学员只能扫投屏签到码签到；可在「编辑」中重新开启。'
        />
      )}
      <Space className='night-qr-actions' wrap>
        {cls.fixedCodeEnabled ? <Button onClick={() => window.print()}>打印二维码</Button> : null}
        {cls.fixedCodeEnabled && src ? (
          <Button href={src} download={`${cls.title}-签到二维码.png`}>
            下载图片
          </Button>
        ) : null}
        {canManage ? (
          <Popconfirm
            title='更换签到二维码？'
            description='已打印的二维码将失效，投屏签到码也随之更换'
            okText='更换'
            cancelText='取消'
            onConfirm={async () => {
              await nightApi.rotateSecret(cls.id)
              void message.success('二维码已更换，请重新打印')
              onRotated()
            }}
          >
            <Button danger>更换二维码</Button>
          </Popconfirm>
        ) : null}
      </Space>
    </div>
  )
}

function CancelSignUp({ row, onDone }: { row: NightSignUpRow; onDone: () => void }) {
  return (
    <SubmitModalForm<{ reason: string }>
      title={`取消「${row.name}」的报名`}
      trigger={<Typography.Link type='danger'>取消报名</Typography.Link>}
      width={440}
      submitter={{ searchConfig: { submitText: '取消报名', resetText: '关闭' } }}
      onSubmit={(values) => nightApi.cancelSignUp({ id: row.id, reason: values.reason })}
      success='已取消报名，名额已释放'
      onDone={onDone}
    >
      <TextAreaField
        name='reason'
        label='取消原因'
        rules={[{ required: true, whitespace: true, message: '请填写取消原因' }]}
        fieldProps={{ maxLength: 200, showCount: true }}
      />
    </SubmitModalForm>
  )
}

function SignUps({ cls, canManage, onChanged }: { cls: Detail; canManage: boolean; onChanged: () => void }) {
  const { message } = App.useApp()
  const actionRef = useRef<ListAction>(undefined)
  const changed = () => {
    void actionRef.current?.reload()
    onChanged()
  }
  const columns: ListColumn<NightSignUpRow>[] = [
    {
      title: '学员',
      dataIndex: 'name',
      search: false,
      render: (_, s) => (
        <>
          <Link to={`/students/${s.studentId}`}>{s.name}</Link>
          {s.studentNo ? (
            <Typography.Text type='secondary' className='console-sub'>
              {s.studentNo}
            </Typography.Text>
          ) : null}
        </>
      ),
    },
    { title: '手机', dataIndex: 'phone', search: false, width: 120 },
    { title: '报名状态', dataIndex: 'status', valueType: 'select', width: 110, ...enumColumn(SIGN_UP_STATUS_ENUM) },
    {
      title: '报名时间',
      dataIndex: 'createdAt',
      search: false,
      width: 150,
      render: (_, s) =>
        s.cancelledAt ? (
          <span className='console-small'>
            {formatDateTime(s.createdAt)}
            <br />
            {s.cancelledBy === 'office' ? '老师' : '学员'}取消{s.cancelReason ? `：${s.cancelReason}` : ''}
          </span>
        ) : (
          formatDateTime(s.createdAt)
        ),
    },
    {
      title: '签到',
      dataIndex: 'checkedInAt',
      search: false,
      width: 170,
      render: (_, s) =>
        s.checkedInAt ? (
          <span className='console-small'>
            <Tag color={s.way === '扫码签到' ? 'blue' : 'purple'}>{s.way}</Tag>
            {formatDateTime(s.checkedInAt)}
          </span>
        ) : (
          <Typography.Text type='secondary'>未签到</Typography.Text>
        ),
    },
    {
      title: '操作',
      valueType: 'option',
      width: 170,
      hideInTable: !canManage,
      render: (_, s) =>
        s.status !== NightSignUpStatus.signedUp
          ? []
          : [
              <Popconfirm
                key='mark'
                title={s.checkedInAt ? `取消「${s.name}」的出勤？` : `标记「${s.name}」已出勤？`}
                okText='确定'
                cancelText='取消'
                onConfirm={async () => {
                  await nightApi.mark({ classId: cls.id, studentId: s.studentId, present: !s.checkedInAt })
                  void message.success(s.checkedInAt ? '已取消出勤' : '已标记出勤')
                  changed()
                }}
              >
                <Typography.Link data-testid={`mark-${s.studentId}`}>{s.checkedInAt ? '取消出勤' : '标记出勤'}</Typography.Link>
              </Popconfirm>,
              ...(s.checkedInAt ? [] : [<CancelSignUp key='cancel' row={s} onDone={changed} />]),
            ],
    },
  ]
  return (
    <ListTable<NightSignUpRow>
      local
      actionRef={actionRef}
      headerTitle='报名与出勤'
      fixed={{ classId: String(cls.id) }}
      columns={columns}
      fetch={(state) => nightApi.signUps({ ...toServerQuery(state), classId: cls.id })}
      emptyText={<Empty description='还没有学员报名' />}
      scroll={{ x: 760 }}
      toolBarRender={() => [
        <ExportButton key='export' path={NIGHT_EXPORT_PATH} query={{ classId: cls.id }} testId='night-export'>
          导出报名与出勤
        </ExportButton>,
      ]}
    />
  )
}

export default function NightClassDetail() {
  const { id } = useParams()
  const navigate = useNavigate()
  const { canManageNight } = useAccess()
  const classId = Number(id)
  const valid = Number.isInteger(classId) && classId > 0
  const {
    data: cls,
    error,
    reload,
  } = useRemote(() => (valid ? nightApi.detail(classId) : Promise.reject(new Error('夜校课程不存在'))), [classId, valid])
  const back = () => navigate('/night/classes')

  if (!cls) {
    return (
      <DetailFrame
        title='夜校课详情'
        onBack={back}
        list={{ to: '/night/classes', label: '返回课程列表' }}
        error={error}
        onRetry={valid ? reload : undefined}
      />
    )
  }
  return (
    <PageContainer
      title={`夜校课：${cls.title}`}
      onBack={back}
      extra={canManageNight ? <NightClassForm cls={cls} trigger={<Button>编辑</Button>} onSaved={reload} /> : null}
      content={
        <>
          <Descriptions column={4} size='small' items={summary(cls)} data-testid='night-summary' />
          {cls.description ? <Typography.Paragraph type='secondary'>{cls.description}</Typography.Paragraph> : null}
        </>
      }
    >
      <Row gutter={16}>
        <Col xs={24} xl={16}>
          <SignUps cls={cls} canManage={canManageNight} onChanged={reload} />
        </Col>
        <Col xs={24} xl={8}>
          <Card title='签到'>
            <CheckInCode cls={cls} canManage={canManageNight} onRotated={reload} />
          </Card>
        </Col>
      </Row>
    </PageContainer>
  )
}
