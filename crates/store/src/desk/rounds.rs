//! Rounds and results of a desk event: a round saved whole (its games,
//! byes and warnings), the pairing draft kept while an arbiter changes a
//! proposal by hand, taking back the last round, publishing a round, and
//! results written with their version (a stale one is a
//! [`StoreError::Conflict`] naming who changed the game).

use super::*;
use qiyuan_vocab::EventStatus;

impl Store {
    /// Saves a paired round (as proposed by the desk, or changed by hand)
    /// in one transaction: the desk checks it against the event as stored,
    /// then its games (all pending, version 0), its byes and a log entry
    /// with its boards and the warnings it raises are written.
    ///
    /// # Errors
    /// The desk's refusal (wrong round number, a player twice …), or as
    /// [`Store::load_event`].
    pub async fn save_round(
        &self,
        event_id: i64,
        round: &ProposedRound,
        by: &str,
    ) -> Result<SavedRound, StoreError> {
        let (mut tx, mut loaded) = self.begin_locked(event_id).await?;
        let saved = write_round(&mut tx, &mut loaded, round, by).await?;
        // The draft, if any, is now the round (or was overtaken by it).
        sqlx::query("DELETE FROM desk_pairing_drafts WHERE event_id = $1")
            .bind(event_id)
            .execute(&mut *tx)
            .await?;
        tx::commit(tx).await?;
        Ok(saved)
    }
}

/// Applies a round to the loaded event and writes it (rounds, games, byes,
/// status, log) inside the caller's transaction. Games the desk already
/// decided (a round robin's forfeits of a withdrawn player) are written
/// with their result and version 1.
pub(super) async fn write_round(
    tx: &mut Tx,
    loaded: &mut LoadedEvent,
    round: &ProposedRound,
    by: &str,
) -> Result<SavedRound, StoreError> {
    let event_id = loaded.id;
    {
        let warnings = loaded.desk.check_round(round)?;
        let first_new = loaded.desk.rounds_paired() + 1;
        loaded.desk.apply_round(round)?;
        let applied: Vec<GameResult> = loaded.desk.event().rounds()[round.round as usize - 1]
            .games
            .iter()
            .map(|g| g.result)
            .collect();
        let at = now();
        for r in first_new..=round.round {
            sqlx::query(
                "INSERT INTO desk_rounds (event_id, round, paired_at, paired_by, published) VALUES ($1, $2, $3, $4, 0)",
            )
            .bind(event_id)
            .bind(i64::from(r))
            .bind(at.clone())
            .bind(by)
            .execute(&mut **tx)
            .await?;
        }
        let mut games = Vec::with_capacity(round.boards.len());
        for (i, b) in round.boards.iter().enumerate() {
            let row = sqlx::query(&format!(
                "INSERT INTO desk_games (event_id, round, board, white, black, result, version, updated_by, updated_at) \
                 VALUES ($1, $2, $3, $4, $5, $8, $9, $6, $7) RETURNING {GAME_COLUMNS}"
            ))
            .bind(event_id)
            .bind(i64::from(round.round))
            .bind(i as i64 + 1)
            .bind(i64::from(b.white.0))
            .bind(i64::from(b.black.0))
            .bind(by)
            .bind(at.clone())
            .bind(applied[i].code())
            .bind(i64::from(applied[i] != GameResult::Pending))
            .fetch_one(&mut **tx)
            .await?;
            games.push(game_ref(&row)?);
        }
        sqlx::query("DELETE FROM desk_byes WHERE event_id = $1 AND round = $2")
            .bind(event_id)
            .bind(i64::from(round.round))
            .execute(&mut **tx)
            .await?;
        for &(player, kind) in &round.byes {
            let origin = if loaded.desk.requested_bye(round.round, player) == Some(kind) {
                "requested"
            } else {
                "allocated"
            };
            sqlx::query(
                "INSERT INTO desk_byes (event_id, round, player, kind, origin) VALUES ($1, $2, $3, $4, $5)",
            )
            .bind(event_id)
            .bind(i64::from(round.round))
            .bind(i64::from(player.0))
            .bind(kind.stored_code())
            .bind(origin)
            .execute(&mut **tx)
            .await?;
        }
        sqlx::query("UPDATE desk_events SET status = 'running', total_rounds = $1 WHERE id = $2")
            .bind(i64::from(loaded.desk.total_rounds()))
            .bind(event_id)
            .execute(&mut **tx)
            .await?;
        let detail = serde_json::json!({
            "boards": round.boards,
            "byes": round.byes,
            "warnings": warnings.iter().map(|w| w.to_string()).collect::<Vec<_>>(),
        });
        log(
            tx,
            event_id,
            by,
            "pair-round",
            Some(round.round),
            None,
            detail,
        )
        .await?;
        Ok(SavedRound {
            round: round.round,
            games,
            warnings,
        })
    }
}

impl Store {
    /// Keeps a manual change of the proposed next round on the server: the
    /// proposal as changed becomes the event's pairing draft (replacing any
    /// earlier one) and the change with its warnings is logged. The draft
    /// stays until the round is saved, the draft is discarded, or the field
    /// or a result changes.
    ///
    /// # Errors
    /// [`StoreError::Desk`] when the proposal is not for the next round, or
    /// as [`Store::load_event`].
    pub async fn save_pairing_draft(
        &self,
        event_id: i64,
        proposal: &ProposedRound,
        what: &str,
        warnings: &[PairingWarning],
        by: &str,
    ) -> Result<(), StoreError> {
        let (mut tx, loaded) = self.begin_locked(event_id).await?;
        let next = loaded.desk.next_round();
        if proposal.round != next {
            return Err(StoreError::Desk(qiyuan_desk::DeskError::BadRound {
                round: proposal.round,
                message: qiyuan_desk::Message::new(
                    format!("the next round is {next}"),
                    format!("下一轮是第 {next} 轮"),
                ),
            }));
        }
        let json = serde_json::to_string(proposal).map_err(|e| StoreError::Corrupt {
            what: format!("pairing draft: {e}"),
        })?;
        // One more change to the draft of this round, or the first.
        let changes: i64 = sqlx::query_scalar(
            "DELETE FROM desk_pairing_drafts WHERE event_id = $1 AND round = $2 RETURNING changes",
        )
        .bind(event_id)
        .bind(i64::from(proposal.round))
        .fetch_optional(&mut *tx)
        .await?
        .unwrap_or(0);
        sqlx::query("DELETE FROM desk_pairing_drafts WHERE event_id = $1")
            .bind(event_id)
            .execute(&mut *tx)
            .await?;
        sqlx::query(
            "INSERT INTO desk_pairing_drafts (event_id, round, proposal, changes, updated_by, updated_at) \
             VALUES ($1, $2, $3, $4, $5, $6)",
        )
        .bind(event_id)
        .bind(i64::from(proposal.round))
        .bind(json)
        .bind(changes + 1)
        .bind(by)
        .bind(now())
        .execute(&mut *tx)
        .await?;
        let detail = serde_json::json!({
            "change": what,
            "warnings": warnings.iter().map(|w| w.to_string()).collect::<Vec<_>>(),
        });
        commit_logged(
            tx,
            event_id,
            by,
            "manual-change",
            Some(proposal.round),
            detail,
        )
        .await?;
        Ok(())
    }

    /// The event's pairing draft, if one is kept for its next round.
    ///
    /// # Errors
    /// A database error, or a draft the desk cannot read.
    pub async fn pairing_draft(&self, event_id: i64) -> Result<Option<PairingDraft>, StoreError> {
        let Some(row) = sqlx::query(
            "SELECT round, proposal, changes, updated_by, updated_at FROM desk_pairing_drafts WHERE event_id = $1",
        )
        .bind(event_id)
        .fetch_optional(&self.pool)
        .await?
        else {
            return Ok(None);
        };
        let proposal: ProposedRound = serde_json::from_str(&row.try_get::<String, _>("proposal")?)
            .map_err(|e| StoreError::Corrupt {
                what: format!("event #{event_id}: pairing draft: {e}"),
            })?;
        Ok(Some(PairingDraft {
            proposal,
            changes: u(row.try_get("changes")?),
            updated_by: row.try_get("updated_by")?,
            updated_at: row.try_get("updated_at")?,
        }))
    }

    /// Discards the event's pairing draft (logged). Returns whether there
    /// was one.
    ///
    /// # Errors
    /// As [`Store::load_event`].
    pub async fn discard_pairing_draft(&self, event_id: i64, by: &str) -> Result<bool, StoreError> {
        let (mut tx, _) = self.begin_locked(event_id).await?;
        let had = sqlx::query_scalar::<_, i64>(
            "SELECT COUNT(*) FROM desk_pairing_drafts WHERE event_id = $1",
        )
        .bind(event_id)
        .fetch_one(&mut *tx)
        .await?
            > 0;
        drop_draft(&mut tx, event_id, by, "discarded by the arbiter").await?;
        tx::commit(tx).await?;
        Ok(had)
    }

    /// Removes the last round if none of its results is entered (to re-pair
    /// after a mistake).
    ///
    /// # Errors
    /// The desk's refusal (a result entered), or as [`Store::load_event`].
    pub async fn unpair_last_round(&self, event_id: i64, by: &str) -> Result<u32, StoreError> {
        let (mut tx, mut loaded) = self.begin_locked(event_id).await?;
        drop_draft(&mut tx, event_id, by, "a round was unpaired").await?;
        let round = loaded.desk.unpair_last_round()?;
        for sql in [
            "DELETE FROM desk_games WHERE event_id = $1 AND round = $2",
            "DELETE FROM desk_byes WHERE event_id = $1 AND round = $2 AND origin = 'allocated'",
            "DELETE FROM desk_rounds WHERE event_id = $1 AND round = $2",
        ] {
            sqlx::query(sql)
                .bind(event_id)
                .bind(i64::from(round))
                .execute(&mut *tx)
                .await?;
        }
        let status = if round == 1 {
            EventStatus::Registration
        } else {
            EventStatus::Running
        }
        .code();
        sqlx::query("UPDATE desk_events SET status = $1 WHERE id = $2")
            .bind(status)
            .bind(event_id)
            .execute(&mut *tx)
            .await?;
        commit_logged(
            tx,
            event_id,
            by,
            "unpair-round",
            Some(round),
            serde_json::json!({}),
        )
        .await?;
        Ok(round)
    }

    /// Publishes (or withdraws from the public pages) a paired round.
    ///
    /// # Errors
    /// A round not paired ([`StoreError::Desk`]), or a database error.
    pub async fn publish_round(
        &self,
        event_id: i64,
        round: u32,
        published: bool,
        by: &str,
    ) -> Result<(), StoreError> {
        let mut tx = tx::begin(&self.pool).await?;
        lock(&mut tx, event_id).await?;
        let done =
            sqlx::query("UPDATE desk_rounds SET published = $1 WHERE event_id = $2 AND round = $3")
                .bind(i64::from(published))
                .bind(event_id)
                .bind(i64::from(round))
                .execute(&mut *tx)
                .await?;
        if done.rows_affected() == 0 {
            return Err(qiyuan_desk::DeskError::BadRound {
                round,
                message: qiyuan_desk::Message::new("not paired", "尚未编排"),
            }
            .into());
        }
        commit_logged(
            tx,
            event_id,
            by,
            "publish-round",
            Some(round),
            serde_json::json!({"published": published}),
        )
        .await?;
        Ok(())
    }

    /// Enters or corrects a result with optimistic concurrency: the stored
    /// version must be `expected_version` (the one the form was filled
    /// from), else [`StoreError::Conflict`] names the game, who changed it
    /// and the result now stored. Posting the result already stored again
    /// changes nothing and succeeds (`changed: false`), whatever the version.
    /// A change is logged (`result`, or `correction` with old → new).
    ///
    /// # Errors
    /// [`StoreError::Conflict`], [`StoreError::NoSuchGame`],
    /// [`StoreError::NoSuchDeskEvent`], or a database error.
    pub async fn set_result(
        &self,
        event_id: i64,
        game_id: i64,
        result: GameResult,
        expected_version: i64,
        by: &str,
    ) -> Result<ResultOutcome, StoreError> {
        let mut tx = tx::begin(&self.pool).await?;
        lock(&mut tx, event_id).await?;
        let Some(row) = sqlx::query(&format!(
            "SELECT {GAME_COLUMNS} FROM desk_games WHERE id = $1 AND event_id = $2"
        ))
        .bind(game_id)
        .bind(event_id)
        .fetch_optional(&mut *tx)
        .await?
        else {
            return Err(StoreError::NoSuchGame { event_id, game_id });
        };
        let game = game_ref(&row)?;
        if game.result == result {
            // Nothing to change; the transaction only touched updated_at.
            tx::rollback(tx).await?;
            return Ok(ResultOutcome {
                previous: result,
                game,
                changed: false,
            });
        }
        if game.version != expected_version {
            let name = |id: PlayerId| async move {
                sqlx::query_scalar::<_, String>(
                    "SELECT name FROM desk_players WHERE event_id = $1 AND number = $2",
                )
                .bind(event_id)
                .bind(i64::from(id.0))
                .fetch_optional(&self.pool)
                .await
                .ok()
                .flatten()
                .map_or_else(|| id.to_string(), |n| format!("{id} {n}"))
            };
            tx::rollback(tx).await?;
            return Err(StoreError::Conflict(Box::new(
                crate::error::ResultConflict {
                    game_id,
                    round: game.round,
                    board: game.board,
                    white: name(game.white).await,
                    black: name(game.black).await,
                    by: game.updated_by.clone().unwrap_or_else(|| "?".into()),
                    current: game.result,
                    version: game.version,
                    expected: expected_version,
                },
            )));
        }
        drop_draft(&mut tx, event_id, by, "a result changed").await?;
        let at = now();
        let done = sqlx::query(
            "UPDATE desk_games SET result = $1, version = version + 1, updated_by = $2, updated_at = $3 \
             WHERE id = $4 AND version = $5",
        )
        .bind(result.code())
        .bind(by)
        .bind(at.clone())
        .bind(game_id)
        .bind(expected_version)
        .execute(&mut *tx)
        .await?;
        if done.rows_affected() != 1 {
            // Cannot happen while the event's lock is held; refuse rather
            // than guess.
            return Err(StoreError::Corrupt {
                what: format!("game #{game_id}: version changed under the event's lock"),
            });
        }
        let action = if game.result == GameResult::Pending {
            "result"
        } else {
            "correction"
        };
        log(
            &mut tx,
            event_id,
            by,
            action,
            Some(game.round),
            Some(game_id),
            serde_json::json!({
                "board": game.board,
                "before": game.result.code(),
                "after": result.code(),
                "version": game.version + 1,
            }),
        )
        .await?;
        let pending: Option<i64> = sqlx::query_scalar(
            "SELECT 1 FROM desk_games WHERE event_id = $1 AND result = 'pending' LIMIT 1",
        )
        .bind(event_id)
        .fetch_optional(&mut *tx)
        .await?;
        sqlx::query(
            "UPDATE desk_events SET status = CASE WHEN $1 = 0 AND \
             (SELECT COUNT(*) FROM desk_rounds WHERE event_id = $2) >= total_rounds \
             THEN 'finished' ELSE 'running' END WHERE id = $2",
        )
        .bind(i64::from(pending.is_some()))
        .bind(event_id)
        .execute(&mut *tx)
        .await?;
        tx::commit(tx).await?;
        Ok(ResultOutcome {
            game: GameRef {
                result,
                version: game.version + 1,
                updated_by: Some(by.to_string()),
                updated_at: Some(at),
                ..game
            },
            previous: game.result,
            changed: true,
        })
    }
}
