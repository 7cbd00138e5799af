-- Rating lists that never change once published (SQLite; the twin is
-- ../postgres/0012_list_series_snapshots.sql).
--
-- * series: the profile whose list this is (cxa-2019, cca-chess …): one
--   database holds a list series per profile, and a period starts from the
--   latest published list of its own series. NULL: a list of before this
--   step, which a period of any profile may start from.
-- * import_notes: what an import left out of a draft and why (rows refused,
--   a repeated id's later rows), as JSON, for the officer to review.
-- * list_entries carry the player's identity as the list has it (name, sex,
--   year of birth, unit, titles "GM:2025-03-10;NM"): what a published list
--   shows is what it published, whatever later lists say of the same id.
--   Rows of the lists of before this step take the identity known now.
-- * A published list and its rows are frozen by triggers: no import,
--   correction or period can alter, add or delete them.
ALTER TABLE rating_lists ADD COLUMN series TEXT;
ALTER TABLE rating_lists ADD COLUMN import_notes TEXT;
UPDATE rating_lists SET series = (SELECT p.profile FROM periods p WHERE p.result_list_id = rating_lists.id);

ALTER TABLE list_entries ADD COLUMN name TEXT;
ALTER TABLE list_entries ADD COLUMN sex TEXT;
ALTER TABLE list_entries ADD COLUMN birth TEXT;
ALTER TABLE list_entries ADD COLUMN unit TEXT;
ALTER TABLE list_entries ADD COLUMN titles TEXT;
UPDATE list_entries SET
    name = (SELECT p.name FROM players p WHERE p.id = list_entries.player_id),
    sex = (SELECT p.sex FROM players p WHERE p.id = list_entries.player_id),
    birth = (SELECT p.birth FROM players p WHERE p.id = list_entries.player_id),
    unit = (SELECT p.unit FROM players p WHERE p.id = list_entries.player_id),
    titles = (SELECT group_concat(t.title || COALESCE(':' || t.awarded, ''), ';')
              FROM titles t WHERE t.player_id = list_entries.player_id);

CREATE TRIGGER rating_lists_published_frozen BEFORE UPDATE ON rating_lists
WHEN OLD.status = 'published'
BEGIN SELECT RAISE(ABORT, 'a published rating list never changes'); END;
CREATE TRIGGER rating_lists_published_kept BEFORE DELETE ON rating_lists
WHEN OLD.status = 'published'
BEGIN SELECT RAISE(ABORT, 'a published rating list is never deleted'); END;
CREATE TRIGGER list_entries_published_insert BEFORE INSERT ON list_entries
WHEN (SELECT status FROM rating_lists WHERE id = NEW.list_id) = 'published'
BEGIN SELECT RAISE(ABORT, 'a published rating list never changes'); END;
CREATE TRIGGER list_entries_published_update BEFORE UPDATE ON list_entries
WHEN (SELECT status FROM rating_lists WHERE id = OLD.list_id) = 'published'
BEGIN SELECT RAISE(ABORT, 'a published rating list never changes'); END;
CREATE TRIGGER list_entries_published_delete BEFORE DELETE ON list_entries
WHEN (SELECT status FROM rating_lists WHERE id = OLD.list_id) = 'published'
BEGIN SELECT RAISE(ABORT, 'a published rating list never changes'); END;
