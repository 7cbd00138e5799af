-- What the desk may take back, logged in desk_log (the twin is
-- ../sqlite/0014_desk_visibility.sql).
--
-- An event's visibility: 'public' (listed on the public pages), 'hidden'
-- (on no public page or anonymous API route; the desk still shows it),
-- 'archived' (off the lists of current events, its pages still reachable)
-- or 'deleted' (a draft deleted before round 1: gone from every page; its
-- rows and its log are kept, as desk_log rows are never deleted).
ALTER TABLE desk_events ADD COLUMN visibility TEXT NOT NULL DEFAULT 'public'
    CHECK (visibility IN ('public', 'hidden', 'archived', 'deleted'));

-- The import a player came in by (1, 2, … per event; NULL: entered by
-- hand), so that the last import can be undone while its players have
-- played no game.
ALTER TABLE desk_players ADD COLUMN import_batch INTEGER;

-- A player's group within the event (组别: paired and ranked apart;
-- NULL: none).
ALTER TABLE desk_players ADD COLUMN group_label TEXT;
