-- Who acted (the signed-in user of the web office, the OS user or `--by` of
-- `qiyuan office`) on every audit entry from now on (PostgreSQL; the twin is
-- ../sqlite/0007_audit_actor.sql). Entries written before this step have
-- NULL: their hash, computed without an actor, still verifies; an entry
-- with an actor has it hashed into its SHA-256 (see crates/store/src/audit.rs).
ALTER TABLE audit_log ADD COLUMN actor TEXT;
