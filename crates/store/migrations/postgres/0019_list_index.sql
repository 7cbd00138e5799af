-- The search index of a published list (issue 16 item 4; PostgreSQL; the
-- twin is ../sqlite/0019_list_index.sql; written by crates/store/src/list_index.rs,
-- read by crates/store/src/list_pages.rs). A published list never changes,
-- so its order and its searches are computed once, at publication (lists
-- published before this migration: when the store next opens), and every
-- page and every search of one to three characters is then a few index
-- probes, however long the list and however deep the page.
--
-- * list_index: which lists have their index, and how many rows they have.
-- * list_positions: each row's position in list order (rated rows by
--   rating, highest first, then id; unrated rows last, by id — the order
--   of list_entries_order, migration 0017), from 1: a page is a range of
--   positions, and the rows before a page are its first position less one.
-- * list_postings: for every text of one to three characters found in a
--   row's LOWER(name) or LOWER(COALESCE(unit, '')) — the very strings the
--   search's LIKE reads —, the positions of the rows holding it (field 0:
--   in the name or the unit; field 1: in the name), in chunks of at most
--   256: each chunk's positions ascending, as variable-length deltas
--   (`positions`), its last position (`last_pos`, the key that finds the
--   chunk holding a position), the ordinal of its first position among
--   the token's (`first_ord`, from 1: the count of matches before a page)
--   and the token's number of rows (`total`). A search of one to three
--   characters then reads exactly the rows LIKE matches: the same rows,
--   order and counts as the query that reads the whole list.
--
-- The index is written once and never changed: the triggers refuse it.
CREATE TABLE list_index (
    list_id BIGINT PRIMARY KEY REFERENCES rating_lists (id),
    row_count BIGINT NOT NULL
);

CREATE TABLE list_positions (
    list_id BIGINT NOT NULL REFERENCES list_index (list_id),
    pos BIGINT NOT NULL,
    player_id BIGINT NOT NULL,
    PRIMARY KEY (list_id, pos)
);
CREATE UNIQUE INDEX list_positions_player ON list_positions (list_id, player_id) INCLUDE (pos);

CREATE TABLE list_postings (
    list_id BIGINT NOT NULL REFERENCES list_index (list_id),
    field BIGINT NOT NULL CHECK (field IN (0, 1)),
    token TEXT NOT NULL,
    last_pos BIGINT NOT NULL,
    first_ord BIGINT NOT NULL,
    total BIGINT NOT NULL,
    positions BYTEA NOT NULL,
    PRIMARY KEY (list_id, field, token, last_pos)
);

CREATE FUNCTION list_index_frozen() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    RAISE EXCEPTION 'a published rating list never changes';
END $$;
CREATE TRIGGER list_index_frozen BEFORE UPDATE OR DELETE ON list_index
FOR EACH ROW EXECUTE FUNCTION list_index_frozen();
CREATE TRIGGER list_positions_frozen BEFORE UPDATE OR DELETE ON list_positions
FOR EACH ROW EXECUTE FUNCTION list_index_frozen();
CREATE TRIGGER list_postings_frozen BEFORE UPDATE OR DELETE ON list_postings
FOR EACH ROW EXECUTE FUNCTION list_index_frozen();
