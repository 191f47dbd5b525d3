import type { Executor } from '../../../db/types.ts'
import { htmlToText, sanitizeHtml } from '../../../lib/sanitize-html.ts'
import { ActivityState, ActivityStatus, ActivityType } from '../../../wire.ts'
import {
  createActivityEmptyBodyError,
  createActivityEndedError,
  createActivityNoClueFormError,
  createActivityNotFoundError,
  createActivityNotStartedError,
  createActivityWindowError,
} from './activities.errors.ts'
import { type ActivityRow, createActivitiesRepository } from './activities.repository.ts'

export interface ActivityInput {
  title: string
  cover?: string
  summary?: string
  body: string
  type: ActivityType
  startAt: Date
  endAt: Date
  clueForm: boolean
}

/** Where `now` falls in the activity's window; the end is exclusive. */
export function activityState({ startAt, endAt }: { startAt: Date; endAt: Date }, now: Date = new Date()): ActivityState {
  if (now.getTime() < startAt.getTime()) return ActivityState.notStarted
  if (now.getTime() >= endAt.getTime()) return ActivityState.ended
  return ActivityState.ongoing
}

function summaryOf(a: ActivityRow): string {
  if (a.summary) return a.summary
  const text = htmlToText(a.body)
  return text.length > 80 ? `${text.slice(0, 80)}…` : text
}

function common(a: ActivityRow, now: Date) {
  const state = activityState(a, now)
  return {
    id: a.id,
    title: a.title,
    cover: a.cover,
    summary: summaryOf(a),
    type: a.type,
    state,
    acceptsClues: a.type === ActivityType.campaign && a.clueForm && state === ActivityState.ongoing,
    startAt: a.startAt.toISOString(),
    endAt: a.endAt.toISOString(),
  }
}

export const toClientActivityItem = (a: ActivityRow, now = new Date()) => common(a, now)
export const toClientActivity = (a: ActivityRow, now = new Date()) => ({ ...common(a, now), body: a.body })
export function toAdminActivity(a: ActivityRow, now = new Date()) {
  return {
    ...common(a, now),
    body: a.body,
    status: a.status,
    clueForm: a.clueForm,
    publishedAt: a.publishedAt?.toISOString() ?? null,
    createdAt: a.createdAt.toISOString(),
    updatedAt: a.updatedAt.toISOString(),
  }
}

/** Validates the window and sanitises the body: what is stored is always safe to render. */
function prepare(input: ActivityInput) {
  if (input.endAt.getTime() <= input.startAt.getTime()) throw createActivityWindowError()
  const body = sanitizeHtml(input.body)
  if (htmlToText(body) === '' && !/<(img|video)\b/.test(body)) throw createActivityEmptyBodyError()
  return {
    title: input.title,
    cover: input.cover ?? null,
    summary: input.summary ?? null,
    body,
    type: input.type,
    startAt: input.startAt,
    endAt: input.endAt,
    clueForm: input.clueForm,
  }
}

export async function createActivity({ db, input }: { db: Executor; input: ActivityInput }) {
  return createActivitiesRepository({ db }).insert({ ...prepare(input), status: ActivityStatus.unpublished })
}

export async function updateActivity({ db, id, input }: { db: Executor; id: number; input: ActivityInput }) {
  const row = await createActivitiesRepository({ db }).update({ id, values: prepare(input) })
  if (!row) throw createActivityNotFoundError()
  return row
}

export async function setPublished({ db, id, published }: { db: Executor; id: number; published: boolean }) {
  const values = published ? { status: ActivityStatus.published, publishedAt: new Date() } : { status: ActivityStatus.unpublished }
  const row = await createActivitiesRepository({ db }).update({ id, values })
  if (!row) throw createActivityNotFoundError()
  return row
}

/** A published activity, as the client sees it; unpublished ones do not exist for the client. */
export async function findPublished({ db, id }: { db: Executor; id: number }) {
  const row = await createActivitiesRepository({ db }).findById({ id })
  if (!row || row.status !== ActivityStatus.published) throw createActivityNotFoundError()
  return row
}

/**
 * The rule of the activity clue form (POST /api/ems/partner/clue/saveForActivity): the activity
 * must be a published 招生活动 with its form on, whose window contains `now`.
 */
export async function assertActivityAcceptsClues({
  db,
  activityId,
  now = new Date(),
}: {
  db: Executor
  activityId: string
  now?: Date
}): Promise<ActivityRow> {
  if (!/^[1-9]\d{0,9}$/.test(activityId) || Number(activityId) > 2147483647) throw createActivityNotFoundError()
  const activity = await findPublished({ db, id: Number(activityId) })
  if (activity.type !== ActivityType.campaign || !activity.clueForm) throw createActivityNoClueFormError()
  const state = activityState(activity, now)
  if (state === ActivityState.notStarted) throw createActivityNotStartedError()
  if (state === ActivityState.ended) throw createActivityEndedError()
  return activity
}

/** Activities, latest start first, by the filter. */
export async function listActivities({
  db,
  ...query
}: { db: Executor } & Parameters<ReturnType<typeof createActivitiesRepository>['list']>[0]) {
  return createActivitiesRepository({ db }).list(query)
}

/** One activity, published or not. */
export async function findActivity({
  db,
  ...query
}: { db: Executor } & Parameters<ReturnType<typeof createActivitiesRepository>['findById']>[0]) {
  return createActivitiesRepository({ db }).findById(query)
}

export async function deleteActivity({ db, id }: { db: Executor; id: number }): Promise<void> {
  if (!(await createActivitiesRepository({ db }).delete({ id }))) throw createActivityNotFoundError()
}
