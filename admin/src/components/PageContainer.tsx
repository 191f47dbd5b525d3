/**
 * A console screen's page: its header (back arrow, title, what it is, its tags, its actions on
 * the right, a line of content under them, the screen's tabs) and its body.
 *
 * The console's own, on antd's Tabs and Skeleton: pro-components' PageContainer brought its
 * provider, its card and its styles computed in the browser (a 145 KB script) to every screen
 * for a header; this one is a few elements styled by console.css.
 */
import { ArrowLeftOutlined } from '@ant-design/icons'
import { Skeleton, Tabs } from 'antd'
import type { ReactNode } from 'react'

export interface PageTab {
  key: string
  tab: ReactNode
}

export interface PageContainerProps {
  title: ReactNode
  /** What the page shows, beside the title (全部线索, a status). */
  subTitle?: ReactNode
  tags?: ReactNode
  /** The page's actions, on the right of the title. */
  extra?: ReactNode
  /** Under the title: a summary of the record. */
  content?: ReactNode
  /** The header's back arrow (返回). */
  onBack?: () => void
  /** A skeleton in place of the body. */
  loading?: boolean
  tabList?: PageTab[]
  tabActiveKey?: string
  onTabChange?: (key: string) => void
  className?: string
  children?: ReactNode
}

export function PageContainer({
  title,
  subTitle,
  tags,
  extra,
  content,
  onBack,
  loading,
  tabList,
  tabActiveKey,
  onTabChange,
  className,
  children,
}: PageContainerProps) {
  return (
    <div className={className ? `console-page ${className}` : 'console-page'}>
      <header className='console-page-header'>
        <div className='console-page-header__heading'>
          <div className='console-page-header__left'>
            {onBack ? (
              <button type='button' className='console-page-header__back' aria-label='返回' onClick={onBack}>
                <ArrowLeftOutlined />
              </button>
            ) : null}
            <h2 className='console-page-header__title' title={typeof title === 'string' ? title : undefined}>
              {title}
            </h2>
            {subTitle ? <span className='console-page-header__sub'>{subTitle}</span> : null}
            {tags ? <span className='console-page-header__tags'>{tags}</span> : null}
          </div>
          {extra ? <div className='console-page-header__extra'>{extra}</div> : null}
        </div>
        {content ? <div className='console-page-header__content'>{content}</div> : null}
        {tabList ? (
          <Tabs
            className='console-page-header__tabs'
            activeKey={tabActiveKey}
            onChange={onTabChange}
            items={tabList.map((t) => ({ key: t.key, label: t.tab }))}
          />
        ) : null}
      </header>
      <div className='console-page__body'>{loading ? <Skeleton active paragraph={{ rows: 8 }} /> : children}</div>
    </div>
  )
}
