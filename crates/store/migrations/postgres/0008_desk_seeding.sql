-- Seeding at the desk (PostgreSQL; the twin is ../sqlite/0008_desk_seeding.sql):
-- how the pairing numbers were last given (qiyuan_desk::SeedingMethod as
-- JSON: "rating", "manual" or {"lot":{"seed":N}}). Renumbering players —
-- a sort, a draw of lots, a late entry placed by rating — rewrites the
-- numbers of desk_players and of every row naming them in one transaction:
-- the foreign keys that reference desk_players become deferrable, so that
-- the transaction can defer them to its commit (SET CONSTRAINTS ALL DEFERRED).
ALTER TABLE desk_events ADD COLUMN seeding TEXT NOT NULL DEFAULT '"rating"';
DO $$
DECLARE r record;
BEGIN
    FOR r IN SELECT conrelid::regclass AS tbl, conname FROM pg_constraint
             WHERE contype = 'f' AND confrelid = 'desk_players'::regclass
    LOOP
        EXECUTE format('ALTER TABLE %s ALTER CONSTRAINT %I DEFERRABLE INITIALLY IMMEDIATE', r.tbl, r.conname);
    END LOOP;
END $$;
