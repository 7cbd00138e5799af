-- The rating office's schema (SQLite). The PostgreSQL twin is
-- ../postgres/0001_office.sql: same tables, same columns, same meaning.
-- Ratings are exact decimals kept as TEXT ("2450.5"), dates as TEXT
-- (YYYY-MM-DD), instants as TEXT (RFC 3339, UTC).

-- Every import, correction, computation and publication, in order. Rows are
-- never updated or deleted (triggers below); each row carries the SHA-256 of
-- its content chained to the previous row's hash, so a rewritten history
-- shows.
CREATE TABLE audit_log (
    id INTEGER PRIMARY KEY,
    at TEXT NOT NULL,
    action TEXT NOT NULL CHECK (action IN
        ('import-list', 'import-event', 'correction', 'compute-period', 'publish')),
    subject TEXT NOT NULL,
    detail TEXT NOT NULL,
    prev_hash TEXT NOT NULL,
    hash TEXT NOT NULL UNIQUE,
    UNIQUE (prev_hash)
);
CREATE TRIGGER audit_log_no_update BEFORE UPDATE ON audit_log
BEGIN SELECT RAISE(ABORT, 'audit_log is append-only'); END;
CREATE TRIGGER audit_log_no_delete BEFORE DELETE ON audit_log
BEGIN SELECT RAISE(ABORT, 'audit_log is append-only'); END;

-- A player's identity: the federation id is the id used in lists and event files.
CREATE TABLE players (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    sex TEXT NOT NULL CHECK (sex IN ('m', 'f')),
    birth TEXT,
    unit TEXT,
    audit_id INTEGER NOT NULL REFERENCES audit_log (id)
);

-- Titles with the date they were awarded (称号).
CREATE TABLE titles (
    id INTEGER PRIMARY KEY,
    player_id INTEGER NOT NULL REFERENCES players (id),
    title TEXT NOT NULL,
    awarded TEXT,
    source TEXT NOT NULL,
    audit_id INTEGER NOT NULL REFERENCES audit_log (id),
    UNIQUE (player_id, title)
);

-- Events as imported: the file verbatim, its hash (an event is imported once).
CREATE TABLE events (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    game TEXT NOT NULL,
    system TEXT NOT NULL,
    start_date TEXT,
    end_date TEXT,
    profile TEXT NOT NULL,
    file_name TEXT NOT NULL,
    file_sha256 TEXT NOT NULL UNIQUE,
    file_content TEXT NOT NULL,
    player_count INTEGER NOT NULL,
    game_count INTEGER NOT NULL,
    audit_id INTEGER NOT NULL REFERENCES audit_log (id)
);

-- Players of an event, with what the file said about them.
CREATE TABLE event_players (
    event_id INTEGER NOT NULL REFERENCES events (id),
    player_id INTEGER NOT NULL REFERENCES players (id),
    rating_in_file TEXT,
    title_in_file TEXT,
    event_rank INTEGER,
    PRIMARY KEY (event_id, player_id)
) WITHOUT ROWID;

-- Games and byes of an event, in file order (seq from 0). A bye has no black.
-- result: 1-0, 1/2-1/2, 0-1, +-, -+, --, bye, half-bye, zero-bye (the event
-- file's spellings).
CREATE TABLE games (
    event_id INTEGER NOT NULL REFERENCES events (id),
    seq INTEGER NOT NULL,
    round INTEGER NOT NULL,
    white INTEGER NOT NULL REFERENCES players (id),
    black INTEGER REFERENCES players (id),
    result TEXT NOT NULL,
    PRIMARY KEY (event_id, seq)
) WITHOUT ROWID;

-- A rating list: imported (a starting list) or computed by a period
-- (periods.result_list_id);
-- status draft until published.
CREATE TABLE rating_lists (
    id INTEGER PRIMARY KEY,
    list_date TEXT NOT NULL,
    origin TEXT NOT NULL CHECK (origin IN ('imported', 'computed')),
    status TEXT NOT NULL CHECK (status IN ('draft', 'published')),
    file_name TEXT,
    file_sha256 TEXT,
    audit_id INTEGER NOT NULL REFERENCES audit_log (id)
);

-- One row per player per list. carried_*: an unrated player's games carried
-- over to the next period (count, the engine's running sum, first year);
-- notes: what the period did to the row (JSON array of text).
CREATE TABLE list_entries (
    list_id INTEGER NOT NULL REFERENCES rating_lists (id),
    player_id INTEGER NOT NULL REFERENCES players (id),
    rating TEXT,
    valid_games INTEGER NOT NULL,
    k INTEGER,
    status TEXT NOT NULL CHECK (status IN ('active', 'inactive', 'unrated')),
    highest TEXT,
    rated_events INTEGER NOT NULL DEFAULT 0,
    last_active TEXT,
    carried_games INTEGER NOT NULL DEFAULT 0,
    carried_sum TEXT NOT NULL DEFAULT '0',
    carried_since INTEGER,
    notes TEXT,
    PRIMARY KEY (list_id, player_id)
) WITHOUT ROWID;
CREATE INDEX list_entries_player ON list_entries (player_id);

-- A computed rating period: which list it starts from, which events it rates.
CREATE TABLE periods (
    id INTEGER PRIMARY KEY,
    profile TEXT NOT NULL,
    list_date TEXT NOT NULL,
    start_date TEXT NOT NULL,
    end_date TEXT NOT NULL,
    base_list_id INTEGER REFERENCES rating_lists (id),
    result_list_id INTEGER NOT NULL REFERENCES rating_lists (id),
    audit_id INTEGER NOT NULL REFERENCES audit_log (id)
);

CREATE TABLE period_events (
    period_id INTEGER NOT NULL REFERENCES periods (id),
    event_id INTEGER NOT NULL REFERENCES events (id),
    PRIMARY KEY (period_id, event_id)
) WITHOUT ROWID;

-- What one event gave one player in a period (a line of the event's
-- 等级分计算表): the rating used (Ro), Ra, D, P, N, We, W, K, ΔR, performance.
CREATE TABLE rating_changes (
    period_id INTEGER NOT NULL REFERENCES periods (id),
    player_id INTEGER NOT NULL REFERENCES players (id),
    event_id INTEGER NOT NULL REFERENCES events (id),
    games INTEGER NOT NULL,
    score TEXT NOT NULL,
    rating_used TEXT NOT NULL,
    k INTEGER,
    change TEXT,
    performance TEXT,
    opponents_average TEXT,
    difference TEXT,
    expected_fraction TEXT,
    expected_score TEXT,
    champion_protected INTEGER NOT NULL,
    PRIMARY KEY (period_id, player_id, event_id)
) WITHOUT ROWID;

-- Norms (等级称号标准) achieved in events.
CREATE TABLE norms (
    id INTEGER PRIMARY KEY,
    player_id INTEGER NOT NULL REFERENCES players (id),
    event_id INTEGER NOT NULL REFERENCES events (id),
    title TEXT NOT NULL,
    audit_id INTEGER NOT NULL REFERENCES audit_log (id),
    UNIQUE (player_id, event_id, title)
);
