import type { Executor } from '../../../db/types.ts'
import { AppPlatform } from '../../../wire.ts'
import { createAppVersionsRepository } from './app-versions.repository.ts'

/** Demo releases for both platforms. */
export async function seedAppVersionsDemo({ db, now = new Date() }: { db: Executor; now?: Date }) {
  const repo = createAppVersionsRepository({ db })
  const daysAgo = (n: number) => new Date(now.getTime() - n * 86400_000)
  await repo.insert({
    platform: AppPlatform.android,
    version: '1.2.0',
    buildNumber: 120,
    downloadUrl: 'https://download.example.com/app/activity-mobile-1.2.0.apk',
    releaseNotes: '新增合伙人海报分享\n优化线索列表加载速度',
    forceUpdate: false,
    releasedAt: daysAgo(40),
  })
  await repo.insert({
    platform: AppPlatform.android,
    version: '1.3.0',
    buildNumber: 130,
    downloadUrl: 'https://download.example.com/app/activity-mobile-1.3.0.apk',
    releaseNotes: '新增志愿查询\n支持在线付款\n修复部分机型登录异常',
    forceUpdate: false,
    releasedAt: daysAgo(5),
  })
  await repo.insert({
    platform: AppPlatform.ios,
    version: '1.3.0',
    buildNumber: 130,
    downloadUrl: 'https://apps.apple.com/cn/app/id0000000000',
    releaseNotes: '新增志愿查询\n支持在线付款',
    forceUpdate: false,
    releasedAt: daysAgo(5),
  })
}
