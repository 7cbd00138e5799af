-- Team events at the desk (PostgreSQL; the SQLite twin is
-- ../sqlite/0005_teams.sql). A team event is a desk event whose settings
-- carry a `team` part (boards, match points, team tie-breaks); its board
-- games are ordinary rows of desk_games (results with the same optimistic
-- version check). These tables hold what the individual model does not:
-- teams, rosters in board order, the pairing of teams per round and the
-- line-ups.

-- Teams (队), by team number.
CREATE TABLE desk_teams (
    event_id BIGINT NOT NULL REFERENCES desk_events (id),
    number BIGINT NOT NULL CHECK (number > 0),
    name TEXT NOT NULL,
    PRIMARY KEY (event_id, number)
);

-- Rosters: `position` 1 is the first board; the order is the board order
-- of the whole event. A player is on one team at most.
CREATE TABLE desk_team_members (
    event_id BIGINT NOT NULL,
    team BIGINT NOT NULL,
    position BIGINT NOT NULL CHECK (position > 0),
    player BIGINT NOT NULL,
    PRIMARY KEY (event_id, team, position),
    UNIQUE (event_id, player),
    FOREIGN KEY (event_id, team) REFERENCES desk_teams (event_id, number),
    FOREIGN KEY (event_id, player) REFERENCES desk_players (event_id, number)
);

-- The pairing of teams of each round: matches (`kind` 'match', home team
-- first-named, in match order `position`), the team with the
-- pairing-allocated bye ('bye') and a round robin's free team ('free').
CREATE TABLE desk_team_matches (
    event_id BIGINT NOT NULL REFERENCES desk_events (id),
    round BIGINT NOT NULL CHECK (round > 0),
    position BIGINT NOT NULL CHECK (position > 0),
    kind TEXT NOT NULL CHECK (kind IN ('match', 'bye', 'free')),
    home BIGINT NOT NULL,
    away BIGINT,
    CHECK ((kind = 'match') = (away IS NOT NULL)),
    PRIMARY KEY (event_id, round, position),
    FOREIGN KEY (event_id, home) REFERENCES desk_teams (event_id, number),
    FOREIGN KEY (event_id, away) REFERENCES desk_teams (event_id, number)
);

-- Line-ups: the player of `team` on `board` in `round`.
CREATE TABLE desk_team_lineups (
    event_id BIGINT NOT NULL,
    round BIGINT NOT NULL CHECK (round > 0),
    team BIGINT NOT NULL,
    board BIGINT NOT NULL CHECK (board > 0),
    player BIGINT NOT NULL,
    PRIMARY KEY (event_id, round, team, board),
    UNIQUE (event_id, round, player),
    FOREIGN KEY (event_id, team) REFERENCES desk_teams (event_id, number),
    FOREIGN KEY (event_id, player) REFERENCES desk_players (event_id, number)
);
