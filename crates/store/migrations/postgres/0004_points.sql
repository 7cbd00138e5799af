-- Platform point systems (积分, regulations §6) as served by the web API
-- (POST /api/v1/points/{system}). The SQLite twin is
-- ../sqlite/0004_points.sql: same tables, same columns, same meaning.
-- Points are exact decimals kept as TEXT ("1676", "97.4"); a Glicko-2
-- rating, deviation and volatility are the f64's shortest round-trip text
-- ("1662.3118929235", read back to the same f64); instants are TEXT
-- (RFC 3339, UTC).

-- One player of one system: the state after the player's last game.
-- points: the points total (or the Glicko-2 rating r); level: the level or
-- title of that total (NULL for Glicko-2); rd, volatility: Glicko-2 only;
-- games: scored games played.
CREATE TABLE points_players (
    system TEXT NOT NULL,
    player_id TEXT NOT NULL,
    points TEXT NOT NULL,
    level TEXT,
    rd TEXT,
    volatility TEXT,
    games BIGINT NOT NULL,
    updated TEXT NOT NULL,
    PRIMARY KEY (system, player_id)
);

-- Every game applied, once (a game id posted again gets the stored response
-- and changes nothing). seq: the order of application, from 1, across all
-- systems; request: the game as received (JSON); response: the answer as
-- computed (JSON, the shape of `qiyuan points` output lines).
CREATE TABLE points_games (
    system TEXT NOT NULL,
    game_id TEXT NOT NULL,
    seq BIGINT NOT NULL UNIQUE,
    request TEXT NOT NULL,
    response TEXT NOT NULL,
    applied_at TEXT NOT NULL,
    PRIMARY KEY (system, game_id)
);
