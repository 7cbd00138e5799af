-- Accounts of the web application (SQLite). The PostgreSQL twin is
-- ../postgres/0002_accounts.sql: same tables, same columns, same meaning.
-- Instants are TEXT (RFC 3339, UTC). Secrets are never stored: a session id
-- or an API token is kept as the hex SHA-256 of the value the client holds.

-- People who sign in: administrators, rating officers (等级分管理员) and
-- arbiters (裁判). password_hash is an argon2 PHC string.
CREATE TABLE users (
    id INTEGER PRIMARY KEY,
    username TEXT NOT NULL UNIQUE,
    password_hash TEXT NOT NULL,
    role TEXT NOT NULL CHECK (role IN ('admin', 'officer', 'arbiter')),
    created TEXT NOT NULL
);

-- Server-side sessions, anonymous ones included (a login form needs a CSRF
-- token before anyone has signed in).
CREATE TABLE sessions (
    id_hash TEXT PRIMARY KEY,
    user_id INTEGER REFERENCES users (id) ON DELETE CASCADE,
    csrf TEXT NOT NULL,
    created TEXT NOT NULL,
    expires TEXT NOT NULL,
    lang TEXT CHECK (lang IN ('zh', 'en'))
);
CREATE INDEX sessions_expires ON sessions (expires);

-- Bearer tokens of the JSON API, with the role they act with; tied to an
-- account or only labelled (`qiyuan token create`).
CREATE TABLE api_tokens (
    id INTEGER PRIMARY KEY,
    token_hash TEXT NOT NULL UNIQUE,
    role TEXT NOT NULL CHECK (role IN ('admin', 'officer', 'arbiter')),
    user_id INTEGER REFERENCES users (id) ON DELETE CASCADE,
    label TEXT,
    created TEXT NOT NULL,
    last_used TEXT
);

-- Which arbiters may change which event of the desk. No foreign key to the
-- desk's events: that table belongs to a later migration.
CREATE TABLE event_arbiters (
    event_id INTEGER NOT NULL,
    user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    PRIMARY KEY (event_id, user_id)
);
