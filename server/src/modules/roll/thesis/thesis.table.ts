import { sql } from 'drizzle-orm'
import { check, date, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core'
import { createdAt, id, ts, updatedAt } from '../../../db/columns.ts'
import { students } from '../students/students.table.ts'

/**
 * A thesis batch (论文批次) for one student batch: its windows (topic selection, then each stage's
 * last day, Beijing dates, the whole day) and how the total score is made (the advisor's and the
 * defence's weights, percent, adding to 100; the pass mark).
 */
export const thesisBatches = pgTable(
  'thesis_batches',
  {
    id: id(),
    name: text('name').notNull(),
    batchYear: integer('batch_year').notNull(),
    batch: integer('batch').notNull(),
    topicFrom: date('topic_from').notNull(),
    topicTo: date('topic_to').notNull(),
    proposalDue: date('proposal_due').notNull(),
    draftDue: date('draft_due').notNull(),
    finalDue: date('final_due').notNull(),
    /** The internship report's last day; null: the programme needs none. */
    internshipDue: date('internship_due'),
    advisorWeight: integer('advisor_weight').notNull(),
    defenceWeight: integer('defence_weight').notNull(),
    passScore: integer('pass_score').notNull(),
    createdBy: text('created_by').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('thesis_batches_batch_idx').on(t.batchYear, t.batch)],
)

/**
 * A topic (题目) an advisor (an operator) offers with a number of places, or a student proposed
 * (one place, theirs). `taken` counts the selections holding a place; the database never lets it
 * pass `capacity` (thesis_topics_capacity), and a selection takes its place with one conditional
 * update, so two students racing for the last place leave one with it.
 */
export const thesisTopics = pgTable(
  'thesis_topics',
  {
    id: id(),
    thesisBatchId: integer('thesis_batch_id')
      .notNull()
      .references(() => thesisBatches.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description'),
    advisorId: integer('advisor_id').notNull(),
    advisorName: text('advisor_name').notNull(),
    capacity: integer('capacity').notNull(),
    taken: integer('taken').notNull().default(0),
    proposedByStudentId: integer('proposed_by_student_id').references(() => students.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('thesis_topics_batch_idx').on(t.thesisBatchId, t.id),
    check('thesis_topics_capacity', sql`${t.taken} >= 0 and ${t.taken} <= ${t.capacity}`),
  ],
)

/**
 * A student's thesis in a batch (选题): the topic, its advisor's decision (待确认 -> 已确认 / 已拒绝),
 * the defence session, and the scores: the advisor's, the defence's, the total by the batch's
 * weights; 已发布 locks them (a change goes through the audited rollback of that step). One live
 * selection per student and batch (thesis_selections_live_idx).
 */
export const thesisSelections = pgTable(
  'thesis_selections',
  {
    id: id(),
    thesisBatchId: integer('thesis_batch_id')
      .notNull()
      .references(() => thesisBatches.id, { onDelete: 'cascade' }),
    studentId: integer('student_id')
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
    topicId: integer('topic_id')
      .notNull()
      .references(() => thesisTopics.id, { onDelete: 'cascade' }),
    advisorId: integer('advisor_id').notNull(),
    /** ThesisSelectionStatus label. */
    status: text('status').notNull(),
    refusal: text('refusal'),
    decidedAt: ts('decided_at'),
    defenceSessionId: integer('defence_session_id'),
    advisorScore: integer('advisor_score'),
    defenceScore: integer('defence_score'),
    totalScore: integer('total_score'),
    /** ThesisScoreStatus label: 未评分 -> 已评分 -> 已发布. */
    scoreStatus: text('score_status').notNull(),
    publishedAt: ts('published_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('thesis_selections_live_idx')
      .on(t.thesisBatchId, t.studentId)
      .where(sql`status <> '已拒绝'`),
    index('thesis_selections_advisor_idx').on(t.advisorId, t.thesisBatchId),
    index('thesis_selections_student_idx').on(t.studentId),
  ],
)

/**
 * One submitted file of a stage (开题报告, 初稿, 定稿, 实习报告): never overwritten, each submission a
 * new version with its own time; the advisor's review (通过 / 退回修改) with a comment and an
 * annotated file. A staff upload on the student's behalf keeps who uploaded it and when beside the
 * student's own submission time.
 */
export const thesisFiles = pgTable(
  'thesis_files',
  {
    id: id(),
    selectionId: integer('selection_id')
      .notNull()
      .references(() => thesisSelections.id, { onDelete: 'cascade' }),
    /** ThesisStage label. */
    stage: text('stage').notNull(),
    version: integer('version').notNull(),
    key: text('key').notNull(),
    fileName: text('file_name').notNull(),
    bytes: integer('bytes').notNull(),
    /** When the student submitted it (a staff upload says when the student handed it in). */
    submittedAt: ts('submitted_at').notNull(),
    uploadedByName: text('uploaded_by_name'),
    uploadedAt: ts('uploaded_at').notNull(),
    /** ThesisFileStatus label: 待审阅 -> 通过 / 退回修改. */
    status: text('status').notNull(),
    comment: text('comment'),
    commentKey: text('comment_key'),
    commentFileName: text('comment_file_name'),
    reviewedBy: text('reviewed_by'),
    reviewedAt: ts('reviewed_at'),
  },
  (t) => [uniqueIndex('thesis_files_version_idx').on(t.selectionId, t.stage, t.version)],
)

/** The office's extension of one stage's deadline for one student (补交). */
export const thesisExtensions = pgTable(
  'thesis_extensions',
  {
    id: id(),
    selectionId: integer('selection_id')
      .notNull()
      .references(() => thesisSelections.id, { onDelete: 'cascade' }),
    stage: text('stage').notNull(),
    until: date('until').notNull(),
    reason: text('reason').notNull(),
    grantedBy: text('granted_by').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('thesis_extensions_stage_idx').on(t.selectionId, t.stage)],
)

/** A defence session (答辩): when, where (a room or an online address), its panel (operators). */
export const thesisDefenceSessions = pgTable(
  'thesis_defence_sessions',
  {
    id: id(),
    thesisBatchId: integer('thesis_batch_id')
      .notNull()
      .references(() => thesisBatches.id, { onDelete: 'cascade' }),
    startsAt: ts('starts_at').notNull(),
    place: text('place'),
    onlineUrl: text('online_url'),
    panelIds: integer('panel_ids').array().notNull(),
    panelNames: text('panel_names').array().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('thesis_defence_sessions_batch_idx').on(t.thesisBatchId, t.startsAt)],
)
