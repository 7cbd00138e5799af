-- Accounts an administrator controls, tokens that end, and a log of what
-- happened to them (SQLite; the twin is ../postgres/0015_account_control.sql).

-- A disabled account cannot sign in; its sessions are ended and its API
-- tokens refused while it stays disabled (0: active, 1: disabled).
ALTER TABLE users ADD COLUMN disabled INTEGER NOT NULL DEFAULT 0
    CHECK (disabled IN (0, 1));

-- When an API token stops being accepted (RFC 3339, UTC; NULL: never, as for
-- every token made before this step), when it was revoked (NULL: not
-- revoked) and when it last wrote (noted at most once a minute, together
-- with a `token-write` entry of the security log).
ALTER TABLE api_tokens ADD COLUMN expires TEXT;
ALTER TABLE api_tokens ADD COLUMN revoked TEXT;
ALTER TABLE api_tokens ADD COLUMN last_write TEXT;

-- Security events: sign-ins and their failures, throttled sign-ins, account,
-- role, password and token changes, token use for writes. Append-only like
-- audit_log: rows are never changed or removed.
CREATE TABLE security_log (
    id INTEGER PRIMARY KEY,
    at TEXT NOT NULL,
    kind TEXT NOT NULL,
    -- The account the event is about (as typed, for a failed sign-in).
    username TEXT,
    -- Who did it, when it is not the account itself (an administrator).
    actor TEXT,
    -- The client's address, when the event came over the network.
    address TEXT,
    detail TEXT
);
CREATE INDEX security_log_at ON security_log (at);
CREATE TRIGGER security_log_no_update BEFORE UPDATE ON security_log
BEGIN SELECT RAISE(ABORT, 'security_log is append-only'); END;
CREATE TRIGGER security_log_no_delete BEFORE DELETE ON security_log
BEGIN SELECT RAISE(ABORT, 'security_log is append-only'); END;
