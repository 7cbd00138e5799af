-- Pairing drafts (PostgreSQL; the twin is ../sqlite/0009_pairing_drafts.sql):
-- the proposed next round of an event with the arbiter's manual changes,
-- kept on the server until it is confirmed (it becomes the round) or
-- discarded, so leaving the page loses nothing. At most one per event. Any
-- change to the field or to a result deletes it (the log says so): a draft
-- always answers the event as it is.
CREATE TABLE desk_pairing_drafts (
    event_id BIGINT PRIMARY KEY REFERENCES desk_events (id),
    round BIGINT NOT NULL CHECK (round > 0),
    proposal TEXT NOT NULL,
    changes BIGINT NOT NULL DEFAULT 0,
    updated_by TEXT NOT NULL,
    updated_at TEXT NOT NULL
);
