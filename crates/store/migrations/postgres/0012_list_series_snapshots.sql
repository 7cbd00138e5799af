-- Rating lists that never change once published (PostgreSQL; the twin is
-- ../sqlite/0012_list_series_snapshots.sql).
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
    name = p.name, sex = p.sex, birth = p.birth, unit = p.unit,
    titles = (SELECT string_agg(t.title || COALESCE(':' || t.awarded, ''), ';' ORDER BY t.id)
              FROM titles t WHERE t.player_id = list_entries.player_id)
FROM players p WHERE p.id = list_entries.player_id;

CREATE FUNCTION rating_list_frozen() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_TABLE_NAME = 'rating_lists' THEN
        IF OLD.status = 'published' THEN
            RAISE EXCEPTION 'a published rating list never changes';
        END IF;
    ELSIF TG_OP = 'INSERT' THEN
        IF (SELECT status FROM rating_lists WHERE id = NEW.list_id) = 'published' THEN
            RAISE EXCEPTION 'a published rating list never changes';
        END IF;
    ELSIF (SELECT status FROM rating_lists WHERE id = OLD.list_id) = 'published' THEN
        RAISE EXCEPTION 'a published rating list never changes';
    END IF;
    IF TG_OP = 'DELETE' THEN RETURN OLD; END IF;
    RETURN NEW;
END $$;
CREATE TRIGGER rating_lists_published_frozen BEFORE UPDATE OR DELETE ON rating_lists
FOR EACH ROW EXECUTE FUNCTION rating_list_frozen();
CREATE TRIGGER list_entries_published_frozen BEFORE INSERT OR UPDATE OR DELETE ON list_entries
FOR EACH ROW EXECUTE FUNCTION rating_list_frozen();
