import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import ffmpegInstaller from '@ffmpeg-installer/ffmpeg'
import type { Locator, Page } from '@playwright/test'
import { expect, screenshot, test } from './harness'
import { consoleSuite, messages } from './console-support'
import { formItem, modal, openConsole, rowWith, settled, SUBMIT } from './office-support'

// One app server per file, its tests in order: a failure retries the whole file.
test.describe.configure({ mode: 'serial' })

/** The demo student (林小雨). */
const STUDENT = { phone: '13900000000', name: '林小雨' }
const COURSE = '英语写作（浏览器测试）'
const SECONDS = 6

/**
 * A short H.264/AAC mp4 made here by the ffmpeg binary of @ffmpeg-installer/ffmpeg (the demo
 * videos' maker too): nothing is downloaded.
 */
function makeVideo(): string {
  const ffmpeg = ffmpegInstaller.path
  // npm may skip the package's install script that makes it runnable.
  if ((fs.statSync(ffmpeg).mode & 0o111) === 0) fs.chmodSync(ffmpeg, 0o755)
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'am-video-')), 'clip.mp4')
  const made = spawnSync(
    ffmpeg,
    [
      ['-hide_banner', '-loglevel', 'error', '-y'],
      ['-f', 'lavfi', '-i', `testsrc=size=320x180:rate=10:duration=${SECONDS}`],
      ['-f', 'lavfi', '-i', `sine=frequency=440:duration=${SECONDS}`],
      ['-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-preset', 'veryfast', '-c:a', 'aac', '-shortest', '-movflags', '+faststart', file],
    ].flat(),
    { encoding: 'utf8' },
  )
  if (made.status !== 0) throw new Error(`ffmpeg: ${made.stderr || String(made.error)}`)
  return file
}

/** Drags by the pointer from one handle to just above another, in small steps (the drag starts after a few pixels). */
async function drag(page: Page, from: Locator, to: Locator): Promise<void> {
  const a = await from.boundingBox()
  const b = await to.boundingBox()
  if (!a || !b) throw new Error('a drag handle is not on screen')
  const x = a.x + a.width / 2
  await page.mouse.move(x, a.y + a.height / 2)
  await page.mouse.down()
  const steps = 12
  for (let i = 1; i <= steps; i += 1) await page.mouse.move(x, a.y + a.height / 2 + ((b.y + b.height / 4 - a.y - a.height / 2) * i) / steps)
  await page.mouse.up()
}

const sectionTitles = (page: Page) => page.locator('.course-section__title').allTextContents()

/**
 * The office's courses in the console at 1366×768: 管理员 creates a course, its chapter and two
 * video sections (uploaded with their length read in the browser), orders them by dragging, lists
 * the course, grants it to the demo student and reads the course's and the student's reports;
 * 财务 reads without the write actions.
 */
test.describe('console 课程: the office builds a course and grants it', () => {
  const t = consoleSuite()
  let page: Page
  let courseUrl = ''
  const errors: string[] = []
  /** A refusal the test asks for: the browser logs its status as an error, which is expected then. */
  let refusal: number | undefined

  test.beforeAll(async () => {
    page = await t.page('admin')
    page.on('pageerror', (e) => errors.push(e.message))
    page.on('console', (m) => {
      if (m.type() !== 'error') return
      if (refusal && m.text().startsWith(`Failed to load resource: the server responded with a status of ${refusal}`)) return
      errors.push(m.text())
    })
  })

  test.afterEach(() => {
    expect(errors).toStrictEqual([])
  })

  test('creates a course with its price in yuan, a chapter, and two video sections whose length the browser read', async () => {
    const video = makeVideo()
    await openConsole(page, t.app, '/courses')
    await page.getByRole('button', { name: '新建课程' }).click()
    await page.getByLabel('课程名称').fill(COURSE)
    await page.locator('.ant-cascader').click()
    await page.locator('.ant-cascader-menu-item', { hasText: '职业技能教育' }).click()
    await page.locator('.ant-cascader-menu-item', { hasText: /^电子商务$/ }).click()
    await page.getByLabel('价格').fill('88.5')
    await page.getByLabel('讲师').fill('周老师')
    await page.getByRole('switch', { name: '首次观看禁止拖动' }).click()
    await page.getByRole('button', { name: '创建课程' }).click()
    await page.getByText(`课程：${COURSE}`).waitFor()
    courseUrl = new URL(page.url()).pathname.replace(/^\/admin/, '').replace(/\/content$/, '')
    const summary = page.getByTestId('course-summary')
    await expect(summary).toContainText('¥88.50')
    await expect(summary).toContainText('电子商务')
    await expect(page.locator('.console-page-header__heading .ant-tag', { hasText: '下架' })).toBeVisible()

    await page.getByRole('button', { name: '新增章' }).click()
    const chapter = modal(page, '新增章')
    await chapter.getByLabel('章标题').fill('第一章 句子')
    await chapter.getByRole('button', { name: SUBMIT }).click()
    await page.getByText('第一章 句子').waitFor()

    for (const title of ['简单句', '复合句']) {
      await page.getByRole('button', { name: '新增节' }).click()
      const form = modal(page, '新增节')
      await form.getByLabel('节标题').fill(title)
      await form.locator('input[type=file]').setInputFiles(video)
      await form.getByTestId('uploaded-file').waitFor()
      // AAC's priming may add a few hundredths.
      await expect(formItem(form, '时长').locator('input')).toHaveValue(new RegExp(`^${SECONDS}\\.\\d\\d$`), { timeout: 15_000 })
      await expect(form).toContainText('已从视频文件读取')
      if (title === '简单句') {
        await form.getByRole('switch', { name: '试看' }).click()
        await screenshot(page, 'console-course-section-form')
      }
      await form.getByRole('button', { name: SUBMIT }).click()
      await expect(form).toBeHidden()
      await page.locator('.course-section__title', { hasText: title }).waitFor()
    }
    expect(await sectionTitles(page)).toStrictEqual(['简单句', '复合句'])
    // The server kept the length the browser read, and signed the file for a preview.
    await expect(page.locator('.course-section').first()).toContainText(`0:0${SECONDS} · clip.mp4`)
    await page.locator('.course-section').first().getByText('预览').click()
    const player = page.getByTestId('section-preview-video')
    await expect.poll(() => player.evaluate((v: HTMLVideoElement) => Math.round(v.duration || 0))).toBe(SECONDS)
    await page.keyboard.press('Escape')
    await expect(player).toBeHidden()
  })

  test('orders the sections by dragging, and the order is the server’s after a reload', async () => {
    await drag(page, page.getByRole('button', { name: '拖动排序「复合句」' }), page.getByRole('button', { name: '拖动排序「简单句」' }))
    await expect.poll(() => sectionTitles(page)).toStrictEqual(['复合句', '简单句'])
    await expect.poll(() => messages(page)).toContain('顺序已保存')
    await page.reload()
    await settled(page)
    expect(await sectionTitles(page)).toStrictEqual(['复合句', '简单句'])
    await screenshot(page, 'console-course-content')

    // Listed: students see it now.
    await page.getByRole('button', { name: /^上\s*架$/ }).click()
    await page
      .locator('.ant-popconfirm')
      .getByRole('button', { name: /上\s*架/ })
      .click()
    await page.locator('.console-page-header__heading .ant-tag', { hasText: '上架' }).waitFor()
  })

  test('lists the course by keyword with its sections and students, then grants it to the demo student', async () => {
    await openConsole(page, t.app, `/courses?keyword=${encodeURIComponent('英语写作')}`)
    const row = rowWith(page, COURSE)
    await expect(row).toContainText('¥88.50')
    await expect(row).toContainText('上架')
    await expect(row.locator('td').nth(4)).toHaveText('2')
    await screenshot(page, 'console-courses')

    await row.getByRole('link', { name: COURSE }).click()
    await page.getByRole('tab', { name: '学员与进度' }).click()
    await page.getByText('还没有学员加入这门课程').waitFor()
    await page.getByRole('button', { name: '开通课程' }).click()
    const grant = modal(page, '开通课程')
    await grant.locator('.ant-select').click()
    await page.keyboard.type(STUDENT.phone)
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: STUDENT.name }).click()
    await grant.locator('.ant-modal-title').click()
    await grant.getByRole('button', { name: /^开\s*通$/ }).click()
    await expect(grant.getByTestId('grant-result')).toContainText('已为 1 名学员开通')
    await screenshot(page, 'console-course-grant')
    await grant.getByRole('button', { name: '完成' }).click()

    const student = rowWith(page, STUDENT.name)
    await expect(student).toContainText('学校开通')
    await expect(student).toContainText('已学完 0/2 节')
    await expect(page.getByTestId('course-summary')).toContainText('1 / 0')
    await screenshot(page, 'console-course-students')

    // Granted again: nobody new.
    await page.getByRole('button', { name: '开通课程' }).click()
    await grant.getByText('按学籍条件').click()
    await formItem(grant, '学校').locator('input').fill('浙江工商大学')
    await grant.getByRole('button', { name: /^开\s*通$/ }).click()
    await expect(grant.getByTestId('grant-result')).toContainText('没有新开通的学员：1 名学员已有此课程')
    await grant.getByRole('button', { name: '完成' }).click()
  })

  test('the student’s study report lists the granted course; a course with students cannot be deleted', async () => {
    await rowWith(page, STUDENT.name).getByRole('link', { name: STUDENT.name }).click()
    await page.getByText(`学习报告：${STUDENT.name}`).waitFor()
    await settled(page)
    await expect(rowWith(page, COURSE)).toContainText('学校开通')
    await screenshot(page, 'console-student-study')

    await openConsole(page, t.app, courseUrl)
    refusal = 422
    await page.locator('.console-page-header').getByText('删除', { exact: true }).click()
    await page
      .locator('.ant-popconfirm')
      .getByRole('button', { name: /删\s*除/ })
      .click()
    await expect.poll(() => messages(page)).toContain('已有学员学习，请改为下架')
    await expect(page.getByText(`课程：${COURSE}`)).toBeVisible()
    refusal = undefined
  })

  test('财务 reads courses and their content without writing', async () => {
    const finance = await t.page('finance')
    await openConsole(finance, t.app, '/courses')
    await rowWith(finance, COURSE).waitFor()
    await expect(finance.getByRole('button', { name: '新建课程' })).toHaveCount(0)
    await openConsole(finance, t.app, courseUrl)
    await finance.locator('.course-section__title').first().waitFor()
    await expect(finance.getByRole('button', { name: /^拖动排序/ })).toHaveCount(0)
    await expect(finance.getByRole('button', { name: '新增章' })).toHaveCount(0)
    await expect(finance.getByRole('button', { name: /^下\s*架$/ })).toHaveCount(0)
  })
})
