-- Pages and searches of rating lists and players that stay fast on a list of
-- a million (issue 16 item 4; SQLite; the twin is ../postgres/0017_list_search.sql;
-- the queries are in crates/store/src/list_pages.rs).
--
-- * list_entries_order: a list in list order (rated rows by rating, highest
--   first, then id; unrated rows last, by id), so a page is read from the
--   key of its neighbour and a position is a count over one index range.
--   The expressions are those of the queries, character for character;
--   the rating itself ends the index so that counting a range (a page's
--   position) reads the index alone.
-- * list_search, player_search: the names and units of list rows and of
--   players in FTS5 tables with the trigram tokenizer, so that a substring
--   of three characters or more (a Chinese name's, a unit's) is found
--   without reading the list; kept by the triggers below. A list row's rowid is
--   list_id × 2^32 + player_id (player ids are 32-bit), a player's its id.
CREATE INDEX list_entries_order ON list_entries (
    list_id,
    (CASE WHEN rating IS NULL THEN 1 ELSE 0 END),
    (-COALESCE(CAST(rating AS DOUBLE PRECISION), 0)),
    player_id,
    rating
);

CREATE VIRTUAL TABLE list_search USING fts5 (
    name, unit, tokenize = 'trigram'
);
INSERT INTO list_search (rowid, name, unit)
    SELECT list_id * 4294967296 + player_id, name, unit FROM list_entries;
CREATE TRIGGER list_search_insert AFTER INSERT ON list_entries BEGIN
    INSERT INTO list_search (rowid, name, unit)
        VALUES (NEW.list_id * 4294967296 + NEW.player_id, NEW.name, NEW.unit);
END;
CREATE TRIGGER list_search_delete AFTER DELETE ON list_entries BEGIN
    DELETE FROM list_search WHERE rowid = OLD.list_id * 4294967296 + OLD.player_id;
END;
CREATE TRIGGER list_search_update AFTER UPDATE OF list_id, player_id, name, unit ON list_entries BEGIN
    DELETE FROM list_search WHERE rowid = OLD.list_id * 4294967296 + OLD.player_id;
    INSERT INTO list_search (rowid, name, unit)
        VALUES (NEW.list_id * 4294967296 + NEW.player_id, NEW.name, NEW.unit);
END;

CREATE VIRTUAL TABLE player_search USING fts5 (
    name, unit, tokenize = 'trigram'
);
INSERT INTO player_search (rowid, name, unit) SELECT id, name, unit FROM players;
CREATE TRIGGER player_search_insert AFTER INSERT ON players BEGIN
    INSERT INTO player_search (rowid, name, unit) VALUES (NEW.id, NEW.name, NEW.unit);
END;
CREATE TRIGGER player_search_delete AFTER DELETE ON players BEGIN
    DELETE FROM player_search WHERE rowid = OLD.id;
END;
CREATE TRIGGER player_search_update AFTER UPDATE OF id, name, unit ON players BEGIN
    DELETE FROM player_search WHERE rowid = OLD.id;
    INSERT INTO player_search (rowid, name, unit) VALUES (NEW.id, NEW.name, NEW.unit);
END;
