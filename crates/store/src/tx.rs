//! Every transaction of the store begins and ends here: durable or failed,
//! never both.
//!
//! A connection whose `COMMIT` or `ROLLBACK` failed may still be inside a
//! transaction, or `sqlx` may believe it is (it counts a connection's
//! transaction depth and leaves the count unchanged when the statement
//! fails, while SQLite may already have rolled back). Back in the pool,
//! such a connection turns the next writer's transaction into a savepoint
//! of the old one: acknowledged, never on disk, and holding SQLite's write
//! lock until the process ends ("database is locked" for every other
//! writer). So a [`Tx`] owns its pooled connection, and when its commit or
//! rollback fails the connection is closed, never returned to the pool
//! (closing it rolls back whatever it still held), and the failure is the
//! answer. [`release_clean`] is the pool's safety net for the rest: a
//! connection given back still in a transaction is closed.

use std::ops::{Deref, DerefMut};

use sqlx::pool::PoolConnection;
use sqlx::{Any, AnyConnection, AnyPool, Connection, Database, TransactionManager};

use crate::StoreError;

type Manager = <Any as Database>::TransactionManager;

/// An open transaction on a connection of the pool; used as that
/// connection (`&mut *tx` is an executor). Dropped without [`commit`] or
/// [`rollback`], it is rolled back.
pub(crate) struct Tx {
    /// `None` once committed or rolled back.
    conn: Option<PoolConnection<Any>>,
}

impl std::fmt::Debug for Tx {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Tx")
            .field("open", &self.conn.is_some())
            .finish()
    }
}

/// Begins a transaction on a connection of `pool`.
pub(crate) async fn begin(pool: &AnyPool) -> Result<Tx, StoreError> {
    let mut conn = pool.acquire().await?;
    Manager::begin(&mut conn, None).await?;
    Ok(Tx { conn: Some(conn) })
}

/// Commits `tx`. `Ok` only when the database confirmed the commit; when it
/// did not, the connection is closed instead of going back to the pool,
/// and the error says so.
pub(crate) async fn commit(mut tx: Tx) -> Result<(), StoreError> {
    let result = Manager::commit(tx.conn_mut()).await;
    let conn = tx.take();
    match result {
        Ok(()) => Ok(()),
        Err(source) => {
            discard(conn).await;
            Err(StoreError::Commit(source))
        }
    }
}

/// Rolls `tx` back; when the database refuses, the connection is closed
/// instead of going back to the pool (closing it rolls back), and the
/// error says so.
pub(crate) async fn rollback(mut tx: Tx) -> Result<(), StoreError> {
    let result = Manager::rollback(tx.conn_mut()).await;
    let conn = tx.take();
    match result {
        Ok(()) => Ok(()),
        Err(source) => {
            discard(conn).await;
            Err(StoreError::Rollback(source))
        }
    }
}

/// Closes a connection whose transaction state is in doubt, keeping it out
/// of the pool (which opens a fresh one when needed). An error closing it
/// changes nothing: the connection is gone either way.
async fn discard(conn: PoolConnection<Any>) {
    let _ = conn.close().await;
}

/// The pool's check of a connection given back (`after_release`): `true`
/// (keep it) only when it is outside any transaction once the rollback of
/// a dropped transaction has run.
pub(crate) async fn release_clean(conn: &mut AnyConnection) -> Result<bool, sqlx::Error> {
    if !conn.is_in_transaction() {
        return Ok(true);
    }
    // A dropped transaction queues its rollback; a round trip runs it.
    conn.ping().await?;
    Ok(!conn.is_in_transaction())
}

impl Tx {
    fn conn_mut(&mut self) -> &mut AnyConnection {
        self.conn
            .as_mut()
            .expect("a Tx is open until commit or rollback consumes it")
    }

    fn take(&mut self) -> PoolConnection<Any> {
        self.conn
            .take()
            .expect("a Tx is open until commit or rollback consumes it")
    }
}

impl Deref for Tx {
    type Target = AnyConnection;

    fn deref(&self) -> &AnyConnection {
        self.conn
            .as_ref()
            .expect("a Tx is open until commit or rollback consumes it")
    }
}

impl DerefMut for Tx {
    fn deref_mut(&mut self) -> &mut AnyConnection {
        self.conn_mut()
    }
}

impl Drop for Tx {
    fn drop(&mut self) {
        if let Some(conn) = self.conn.as_mut() {
            // Queued: runs on the connection's next use, at the latest when
            // the pool checks it back in (see `release_clean`).
            Manager::start_rollback(conn);
        }
    }
}
