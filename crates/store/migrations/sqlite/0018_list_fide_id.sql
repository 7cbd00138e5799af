-- The FIDE id a rating list gives a player (SQLite; the twin is
-- ../postgres/0018_list_fide_id.sql): part of the identity as the list
-- holds it, like the name and the unit, so a published list keeps the id
-- it published. A computed list carries it over from the list its period
-- started from. NULL: the list gives none (every row of before this step).
ALTER TABLE list_entries ADD COLUMN fide_id INTEGER;
