-- Issue 26, slice "targets": backfill clues.assigned_at for clues assigned before the column existed.
-- Run once, after the migration that adds the column. The latest audit entry that gave the clue to its
-- current assignee (分配线索 or 领取线索) tells when; a clue taken by acting on it from the pool (no
-- such entry) falls back to its first follow, then to its creation.
UPDATE clues c
SET assigned_at = COALESCE(
  (
    SELECT max(a.created_at)
    FROM audit_logs a
    WHERE a.entity_type = 'clue'
      AND a.entity_id = c.id::text
      AND a.action IN ('clue.assign', 'clue.take')
      AND (a.after ->> 'assigneeId') = c.assignee_id::text
  ),
  c.followed_at,
  c.created_at
)
WHERE c.assignee_id IS NOT NULL AND c.assigned_at IS NULL;
