-- Desk events handed to the rating office (SQLite; the twin is
-- ../postgres/0013_desk_submissions.sql). An arbiter submits a finished
-- event from its page: the event file (players by their pairing numbers)
-- and, per player, the list id he was added with (NULL: not on any list).
-- An officer reviews it — players matched to the office's records, new
-- players to enter — and imports it (the players then named by list ids,
-- new ones given the next free ids) or refuses it with a note. Rows are
-- kept: what was submitted and what was decided.
CREATE TABLE desk_submissions (
    id INTEGER PRIMARY KEY,
    desk_event_id INTEGER NOT NULL REFERENCES desk_events (id),
    profile TEXT NOT NULL,
    event_file TEXT NOT NULL,
    players TEXT NOT NULL,
    submitted_by TEXT NOT NULL,
    submitted_at TEXT NOT NULL,
    status TEXT NOT NULL CHECK (status IN ('pending', 'imported', 'refused')),
    office_event_id INTEGER REFERENCES events (id),
    decided_by TEXT,
    decided_at TEXT,
    note TEXT
);
CREATE INDEX desk_submissions_status ON desk_submissions (status, id);
