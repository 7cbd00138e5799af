-- Seeding at the desk (SQLite; the twin is ../postgres/0008_desk_seeding.sql):
-- how the pairing numbers were last given (qiyuan_desk::SeedingMethod as
-- JSON: "rating", "manual" or {"lot":{"seed":N}}). Renumbering players —
-- a sort, a draw of lots, a late entry placed by rating — rewrites the
-- numbers of desk_players and of every row naming them in one transaction,
-- with the foreign keys checked at commit (PRAGMA defer_foreign_keys).
ALTER TABLE desk_events ADD COLUMN seeding TEXT NOT NULL DEFAULT '"rating"';
