-- The arbiter's desk (SQLite). The PostgreSQL twin is ../postgres/0003_desk.sql:
-- same tables, same columns, same meaning. Instants are TEXT (RFC 3339, UTC),
-- dates TEXT (YYYY-MM-DD). An event is kept in normalised tables (players,
-- rounds, games, byes, forbidden pairs); only its settings are one JSON
-- document (qiyuan_desk::EventSettings), read and checked by the desk.

-- One event run at the desk. `total_rounds` is the plan (a round robin's and
-- a knockout's depend on the number of players); `status` follows the games.
CREATE TABLE desk_events (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    settings TEXT NOT NULL,
    status TEXT NOT NULL CHECK (status IN ('registration', 'running', 'finished')),
    total_rounds INTEGER NOT NULL,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL
);

-- Its players, by pairing number (编号).
CREATE TABLE desk_players (
    event_id INTEGER NOT NULL REFERENCES desk_events (id),
    number INTEGER NOT NULL CHECK (number > 0),
    name TEXT NOT NULL,
    rating INTEGER,
    title TEXT,
    club TEXT,
    federation TEXT,
    sex TEXT CHECK (sex IN ('m', 'f')),
    birth TEXT,
    national_id TEXT,
    fide_id TEXT,
    first_round INTEGER NOT NULL DEFAULT 1,
    withdrawn_after INTEGER,
    infringements INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (event_id, number)
);

-- Rounds paired, each saved whole in one transaction.
CREATE TABLE desk_rounds (
    event_id INTEGER NOT NULL REFERENCES desk_events (id),
    round INTEGER NOT NULL CHECK (round > 0),
    paired_at TEXT NOT NULL,
    paired_by TEXT NOT NULL,
    published INTEGER NOT NULL DEFAULT 0 CHECK (published IN (0, 1)),
    PRIMARY KEY (event_id, round)
);

-- Games in board order. `version` grows by one with every change of the
-- result: a result is written only where the version is the one the writer
-- read (optimistic concurrency), so two arbiters never overwrite each other
-- unknowingly.
CREATE TABLE desk_games (
    id INTEGER PRIMARY KEY,
    event_id INTEGER NOT NULL,
    round INTEGER NOT NULL,
    board INTEGER NOT NULL CHECK (board > 0),
    white INTEGER NOT NULL,
    black INTEGER NOT NULL,
    result TEXT NOT NULL CHECK (result IN ('pending', '1-0', '1/2-1/2', '0-1', '+-', '-+', '--')),
    version INTEGER NOT NULL DEFAULT 0,
    updated_by TEXT,
    updated_at TEXT,
    UNIQUE (event_id, round, board),
    FOREIGN KEY (event_id, round) REFERENCES desk_rounds (event_id, round),
    FOREIGN KEY (event_id, white) REFERENCES desk_players (event_id, number),
    FOREIGN KEY (event_id, black) REFERENCES desk_players (event_id, number)
);
CREATE INDEX desk_games_event ON desk_games (event_id, round);
-- Finding whether an event still has a game without a result, at once.
CREATE INDEX desk_games_pending ON desk_games (event_id) WHERE result = 'pending';

-- Byes: requested before the round is paired (origin 'requested'), and, once
-- a round is paired, every bye of it (the pairing-allocated bye and a round
-- robin's free round are 'allocated'). Kinds: pab, full, half, zero, absent.
CREATE TABLE desk_byes (
    event_id INTEGER NOT NULL,
    round INTEGER NOT NULL CHECK (round > 0),
    player INTEGER NOT NULL,
    kind TEXT NOT NULL CHECK (kind IN ('pab', 'full', 'half', 'zero', 'absent')),
    origin TEXT NOT NULL CHECK (origin IN ('requested', 'allocated')),
    PRIMARY KEY (event_id, round, player),
    FOREIGN KEY (event_id, player) REFERENCES desk_players (event_id, number)
);

-- Pairs that must not meet (player_a < player_b).
CREATE TABLE desk_forbidden (
    event_id INTEGER NOT NULL,
    player_a INTEGER NOT NULL,
    player_b INTEGER NOT NULL,
    CHECK (player_a < player_b),
    PRIMARY KEY (event_id, player_a, player_b),
    FOREIGN KEY (event_id, player_a) REFERENCES desk_players (event_id, number),
    FOREIGN KEY (event_id, player_b) REFERENCES desk_players (event_id, number)
);

-- Who did what at the desk, in order: settings, players, pairings (with the
-- warnings of manual changes), results and corrections (old → new). Rows
-- are never updated or deleted (triggers below).
CREATE TABLE desk_log (
    id INTEGER PRIMARY KEY,
    event_id INTEGER NOT NULL REFERENCES desk_events (id),
    at TEXT NOT NULL,
    by_user TEXT NOT NULL,
    action TEXT NOT NULL,
    round INTEGER,
    game_id INTEGER,
    detail TEXT NOT NULL
);
CREATE INDEX desk_log_event ON desk_log (event_id, id);
CREATE TRIGGER desk_log_no_update BEFORE UPDATE ON desk_log
BEGIN SELECT RAISE(ABORT, 'desk_log is append-only'); END;
CREATE TRIGGER desk_log_no_delete BEFORE DELETE ON desk_log
BEGIN SELECT RAISE(ABORT, 'desk_log is append-only'); END;
