-- An ID number belongs to one student (issue 37). Written by hand around drizzle-kit's statement:
-- where two students share a number already, the unique index cannot be built, and the migration
-- must not fail the start for it. It then leaves the index out and says so; the server reports the
-- students concerned at every start (ensureUniqueIdCards) and builds the index once they are corrected.
DO $$
BEGIN
  IF EXISTS (
    SELECT 1 FROM "students"
    WHERE id_card IS NOT NULL AND btrim(id_card) <> ''
    GROUP BY upper(btrim(id_card))
    HAVING count(*) > 1
  ) THEN
    RAISE WARNING 'students: some ID numbers are held by more than one student; students_id_card_uq is not created until they are corrected (the server lists them at start)';
  ELSE
    CREATE UNIQUE INDEX "students_id_card_uq" ON "students" USING btree (upper(btrim(id_card))) WHERE id_card is not null and btrim(id_card) <> '';
  END IF;
END $$;
