-- Pages and searches of rating lists and players that stay fast on a list of
-- a million (issue 16 item 4; PostgreSQL; the twin is ../sqlite/0017_list_search.sql;
-- the queries are in crates/store/src/list_pages.rs).
--
-- * list_entries_order: a list in list order (rated rows by rating, highest
--   first, then id; unrated rows last, by id), so a page is read from the
--   key of its neighbour and a position is a count over one index range.
--   The expressions are those of the queries, character for character;
--   the rating is included so that counting a range (a page's position)
--   is an index-only scan.
-- * Trigram GIN indexes (pg_trgm, a trusted extension: the database's owner
--   may create it) on the lower-case names and units of list rows and
--   players, so that LOWER(name) LIKE '%…%' of three characters or more is
--   answered from the index.
CREATE EXTENSION IF NOT EXISTS pg_trgm;

CREATE INDEX list_entries_order ON list_entries (
    list_id,
    (CASE WHEN rating IS NULL THEN 1 ELSE 0 END),
    (-COALESCE(CAST(rating AS DOUBLE PRECISION), 0)),
    player_id
) INCLUDE (rating);
CREATE INDEX list_entries_name_trgm ON list_entries USING gin (LOWER(name) gin_trgm_ops);
CREATE INDEX list_entries_unit_trgm ON list_entries USING gin (LOWER(COALESCE(unit, '')) gin_trgm_ops);
CREATE INDEX players_name_trgm ON players USING gin (LOWER(name) gin_trgm_ops);
CREATE INDEX players_unit_trgm ON players USING gin (LOWER(COALESCE(unit, '')) gin_trgm_ops);
