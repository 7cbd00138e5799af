-- The public side of the desk's players (SQLite; the twin is
-- ../postgres/0020_desk_list_player.sql).
--
-- The rating list's player a desk player was added from (the list's own,
-- public id of him: players.id), set when the arbiter adds him from the
-- rating list; NULL: entered by hand or from a file. The public pages link
-- the event's player card to that player's list page — only while he is
-- on a published list — and the list page lists the public events he
-- played. It is not the desk's national_id, which may hold an id number
-- the public must never see. No foreign key: a discarded draft list takes
-- its new players with it, and the link is then simply not shown.
ALTER TABLE desk_players ADD COLUMN list_player_id INTEGER;
CREATE INDEX desk_players_list_player ON desk_players (list_player_id)
    WHERE list_player_id IS NOT NULL;

-- The office's id of each desk player of an imported submission, as the
-- import named him (JSON object: pairing number → list id; the newcomers'
-- ids were given at the import). NULL: not imported, or imported before
-- this step (the submitted list ids then say it for all but newcomers).
ALTER TABLE desk_submissions ADD COLUMN office_ids TEXT;
