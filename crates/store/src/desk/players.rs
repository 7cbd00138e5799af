//! The field of a desk event: registering players (by hand, from the
//! rating list, by import — and undoing the last import), seeding, groups,
//! corrections, deleting a player before round 1, withdrawals, requested
//! byes and forbidden pairs. Each change is checked by the desk on the event
//! as stored, inside its writing transaction, and logged.

use super::*;

impl Store {
    /// Registers a player with the next pairing number (a late entry once
    /// rounds are paired). Returns the number.
    ///
    /// # Errors
    /// The desk's refusal (bad data, a late entry in a round robin), or as
    /// [`Store::load_event`].
    pub async fn add_player(
        &self,
        event_id: i64,
        info: &PlayerInfo,
        by: &str,
    ) -> Result<PlayerId, StoreError> {
        let ids = self
            .add_players(event_id, std::slice::from_ref(info), by)
            .await?;
        Ok(ids[0])
    }

    /// Registers players in one transaction (all or none), each placed where
    /// the event's seeding puts him ([`DeskEvent::add_players_placed`]): the
    /// players below move down, and the log keeps every number that moved.
    /// Returns their pairing numbers.
    ///
    /// # Errors
    /// As [`Store::add_player`].
    pub async fn add_players(
        &self,
        event_id: i64,
        infos: &[PlayerInfo],
        by: &str,
    ) -> Result<Vec<PlayerId>, StoreError> {
        self.add_players_from(event_id, infos, None, by).await
    }

    /// Registers a player the arbiter took from the rating list, as
    /// [`Store::add_player`] does, and keeps the list's id of him
    /// (`list_player_id`, migration 0020): the public pages link his
    /// player card to his list page while he is on a published list, and
    /// list this event on that page. Returns his pairing number.
    ///
    /// # Errors
    /// As [`Store::add_player`].
    pub async fn add_player_from_list(
        &self,
        event_id: i64,
        info: &PlayerInfo,
        list_player_id: u32,
        by: &str,
    ) -> Result<PlayerId, StoreError> {
        let ids = self
            .add_players_from(
                event_id,
                std::slice::from_ref(info),
                Some(list_player_id),
                by,
            )
            .await?;
        Ok(ids[0])
    }

    /// [`Store::add_players`]; `list_player_id` (one player only): the list
    /// player he was taken from.
    async fn add_players_from(
        &self,
        event_id: i64,
        infos: &[PlayerInfo],
        list_player_id: Option<u32>,
        by: &str,
    ) -> Result<Vec<PlayerId>, StoreError> {
        let (mut tx, mut loaded) = self.begin_locked(event_id).await?;
        drop_draft(&mut tx, event_id, by, "a player was added").await?;
        let last = loaded.desk.players().last().map_or(0, |p| p.id.0);
        let first_round = loaded.desk.rounds_paired() + 1;
        let (ids, moved) = loaded.desk.add_players_placed(infos)?;
        // Appended first with the next free numbers, as the desk appended
        // them, then moved to their places with everyone the desk moved.
        for (n, info) in (last + 1..).zip(infos) {
            insert_player_row(&mut tx, event_id, PlayerId(n), info, first_round, None).await?;
            if let Some(list_id) = list_player_id {
                sqlx::query(
                    "UPDATE desk_players SET list_player_id = $1 WHERE event_id = $2 AND number = $3",
                )
                .bind(i64::from(list_id))
                .bind(event_id)
                .bind(i64::from(n))
                .execute(&mut *tx)
                .await?;
            }
        }
        renumber_in(&mut tx, self.backend, event_id, &moved).await?;
        set_total_rounds(&mut tx, event_id, &loaded.desk).await?;
        let detail = match (infos, list_player_id) {
            ([info], Some(list)) => serde_json::json!({
                "number": ids[0].0, "player": info, "list_player": list, "moved": moved.moves
            }),
            ([info], None) => {
                serde_json::json!({"number": ids[0].0, "player": info, "moved": moved.moves})
            }
            _ => serde_json::json!({"imported": ids.len(), "numbers": ids, "moved": moved.moves}),
        };
        commit_logged(tx, event_id, by, "add-player", None, detail).await?;
        Ok(ids)
    }

    /// Gives the players new pairing numbers before round 1: by rating,
    /// title and name, by lot from a seed, or one player moved by hand
    /// ([`qiyuan_desk::seeding`]). The log keeps the method, the seed of a
    /// draw and every number that moved.
    ///
    /// # Errors
    /// The desk's refusal (the event has started, an unknown player or
    /// number), or as [`Store::load_event`].
    pub async fn seed_players(
        &self,
        event_id: i64,
        how: SeedAction,
        by: &str,
    ) -> Result<Renumbering, StoreError> {
        let (mut tx, mut loaded) = self.begin_locked(event_id).await?;
        drop_draft(&mut tx, event_id, by, "the numbers changed").await?;
        let moved = loaded.desk.seed(how)?;
        renumber_in(&mut tx, self.backend, event_id, &moved).await?;
        set_seeding(&mut tx, event_id, &loaded.desk).await?;
        commit_logged(
            tx,
            event_id,
            by,
            "seed-players",
            None,
            serde_json::json!({"how": how, "moved": moved.moves}),
        )
        .await?;
        Ok(moved)
    }

    /// Registers imported players in one transaction (all or none). Returns
    /// their pairing numbers.
    ///
    /// # Errors
    /// As [`Store::add_player`].
    pub async fn import_players(
        &self,
        event_id: i64,
        players: &[ImportedPlayer],
        by: &str,
    ) -> Result<Vec<PlayerId>, StoreError> {
        let (mut tx, mut loaded) = self.begin_locked(event_id).await?;
        drop_draft(&mut tx, event_id, by, "players were imported").await?;
        let last = loaded.desk.players().last().map_or(0, |p| p.id.0);
        let first_round = loaded.desk.rounds_paired() + 1;
        let (ids, moved, kept) = loaded.desk.import_players(players)?;
        if kept {
            for &id in &ids {
                insert_player(&mut tx, event_id, &loaded.desk, id).await?;
            }
            set_seeding(&mut tx, event_id, &loaded.desk).await?;
        } else {
            for (n, p) in (last + 1..).zip(players) {
                insert_player_row(&mut tx, event_id, PlayerId(n), &p.info, first_round, None)
                    .await?;
            }
            renumber_in(&mut tx, self.backend, event_id, &moved).await?;
        }
        set_total_rounds(&mut tx, event_id, &loaded.desk).await?;
        // The import's batch number, for [`Store::undo_last_import`].
        let batch: i64 = sqlx::query_scalar(
            "SELECT COALESCE(MAX(import_batch), 0) + 1 FROM desk_players WHERE event_id = $1",
        )
        .bind(event_id)
        .fetch_one(&mut *tx)
        .await?;
        for id in &ids {
            sqlx::query(
                "UPDATE desk_players SET import_batch = $1 WHERE event_id = $2 AND number = $3",
            )
            .bind(batch)
            .bind(event_id)
            .bind(i64::from(id.0))
            .execute(&mut *tx)
            .await?;
        }
        commit_logged(
            tx,
            event_id,
            by,
            "add-player",
            None,
            serde_json::json!({"imported": ids.len(), "numbers_from_file": kept, "moved": moved.moves, "batch": batch}),
        )
        .await?;
        Ok(ids)
    }

    /// Puts a player in a group of the event (组别), or out of every group
    /// (`None`), before he is paired (logged).
    ///
    /// # Errors
    /// The desk's refusal (a paired player, a label too long), or as
    /// [`Store::load_event`].
    pub async fn set_group(
        &self,
        event_id: i64,
        player: PlayerId,
        group: Option<&str>,
        by: &str,
    ) -> Result<(), StoreError> {
        if let Some(g) = group {
            qiyuan_desk::check_player_text(g.trim(), qiyuan_desk::groups::MAX_GROUP_LABEL)
                .map_err(|r| qiyuan_desk::DeskError::PlayerField {
                    player: player.0,
                    field: "group",
                    message: qiyuan_desk::Message::from_fn(|lang| r.text(lang)),
                })?;
        }
        let (mut tx, mut loaded) = self.begin_locked(event_id).await?;
        loaded.desk.set_group(player, group)?;
        sqlx::query("UPDATE desk_players SET group_label = $1 WHERE event_id = $2 AND number = $3")
            .bind(loaded.desk.group_of(player).map(str::to_string))
            .bind(event_id)
            .bind(i64::from(player.0))
            .execute(&mut *tx)
            .await?;
        commit_logged(
            tx,
            event_id,
            by,
            "group",
            None,
            serde_json::json!({"player": player.0, "group": loaded.desk.group_of(player)}),
        )
        .await
    }

    /// Deletes a player before round 1 (entered by mistake): the players
    /// after him move up one number. The log keeps his data.
    ///
    /// # Errors
    /// [`DeskError::AlreadyStarted`] once round 1 is paired,
    /// [`DeskError::UnknownPlayer`], a player on a team's roster, or as
    /// [`Store::load_event`].
    pub async fn delete_player(
        &self,
        event_id: i64,
        player: PlayerId,
        by: &str,
    ) -> Result<(), StoreError> {
        let (mut tx, loaded) = self.begin_locked(event_id).await?;
        if loaded.desk.rounds_paired() > 0 {
            return Err(DeskError::AlreadyStarted(qiyuan_desk::Message::new(
                "deleting a player",
                "删除棋手",
            ))
            .into());
        }
        drop_draft(&mut tx, event_id, by, "a player was deleted").await?;
        let gone = remove_players(&mut tx, self.backend, &loaded, &[player]).await?;
        commit_logged(
            tx,
            event_id,
            by,
            "delete-player",
            None,
            serde_json::json!({"players": gone}),
        )
        .await
    }

    /// Undoes the event's last player import (a file imported twice, the
    /// wrong file): its players are deleted while none of them has a game
    /// or a bye — before round 1, or late entries not yet paired in a
    /// Swiss. Answers how many players went.
    ///
    /// # Errors
    /// [`StoreError::NothingToUndo`] when no import is left or its players
    /// have played, or as [`Store::load_event`].
    pub async fn undo_last_import(&self, event_id: i64, by: &str) -> Result<usize, StoreError> {
        let (mut tx, loaded) = self.begin_locked(event_id).await?;
        let Some(batch) = sqlx::query_scalar::<_, Option<i64>>(
            "SELECT MAX(import_batch) FROM desk_players WHERE event_id = $1",
        )
        .bind(event_id)
        .fetch_one(&mut *tx)
        .await?
        else {
            return Err(StoreError::NothingToUndo {
                event_id,
                why: "no import is left to undo".into(),
            });
        };
        let numbers: Vec<i64> = sqlx::query_scalar(
            "SELECT number FROM desk_players WHERE event_id = $1 AND import_batch = $2 ORDER BY number",
        )
        .bind(event_id)
        .bind(batch)
        .fetch_all(&mut *tx)
        .await?;
        let players: Vec<PlayerId> = numbers.into_iter().map(|n| PlayerId(u(n))).collect();
        let played: Vec<String> = players
            .iter()
            .filter(|&&p| {
                loaded.desk.event().rounds().iter().any(|r| {
                    r.games.iter().any(|g| g.white == p || g.black == p)
                        || r.byes.iter().any(|(b, _)| *b == p)
                })
            })
            .map(|p| name_of(&loaded, *p))
            .collect();
        if !played.is_empty() {
            return Err(StoreError::NothingToUndo {
                event_id,
                why: format!(
                    "players of the last import are paired already: {}",
                    played.join(", ")
                ),
            });
        }
        drop_draft(&mut tx, event_id, by, "an import was undone").await?;
        let gone = remove_players(&mut tx, self.backend, &loaded, &players).await?;
        let n = gone.len();
        commit_logged(
            tx,
            event_id,
            by,
            "undo-import",
            None,
            serde_json::json!({"batch": batch, "players": gone}),
        )
        .await?;
        Ok(n)
    }

    /// Changes a player's data (results stay).
    ///
    /// # Errors
    /// The desk's refusal, or as [`Store::load_event`].
    pub async fn update_player(
        &self,
        event_id: i64,
        player: PlayerId,
        info: &PlayerInfo,
        by: &str,
    ) -> Result<(), StoreError> {
        let (mut tx, mut loaded) = self.begin_locked(event_id).await?;
        let before = loaded.desk.player(player).map(|p| p.info);
        loaded.desk.update_player(player, info.clone())?;
        sqlx::query(
            "UPDATE desk_players SET name = $1, rating = $2, title = $3, club = $4, federation = $5, \
             sex = $6, birth = $7, national_id = $8, fide_id = $9, rated_games = $10, \
             rated_events = $11, ever_reached = $12 WHERE event_id = $13 AND number = $14",
        )
        .bind(info.name.trim().to_string())
        .bind(info.rating.map(i64::from))
        .bind(info.title.clone())
        .bind(info.club.clone())
        .bind(info.federation.clone())
        .bind(sex_code(info.sex))
        .bind(info.birth.clone())
        .bind(info.national_id.clone())
        .bind(info.fide_id.clone())
        .bind(info.rated_games.map(i64::from))
        .bind(info.rated_events.map(i64::from))
        .bind(info.ever_reached.map(|d| d.to_string()))
        .bind(event_id)
        .bind(i64::from(player.0))
        .execute(&mut *tx)
        .await?;
        // The link to the list player he was taken from holds while the
        // desk keeps that list id for him (the id an arbiter corrects is
        // another player's, or none).
        let kept = info
            .national_id
            .as_deref()
            .and_then(|s| s.trim().parse::<u32>().ok())
            .map_or(-1, i64::from);
        sqlx::query(
            "UPDATE desk_players SET list_player_id = NULL WHERE event_id = $1 AND number = $2 \
             AND list_player_id IS NOT NULL AND list_player_id <> $3",
        )
        .bind(event_id)
        .bind(i64::from(player.0))
        .bind(kept)
        .execute(&mut *tx)
        .await?;
        commit_logged(
            tx,
            event_id,
            by,
            "update-player",
            None,
            serde_json::json!({"number": player.0, "before": before, "after": info}),
        )
        .await?;
        Ok(())
    }

    /// Records a withdrawal (退赛) after round `after`.
    ///
    /// # Errors
    /// The desk's refusal (already paired in a later round), or as
    /// [`Store::load_event`].
    pub async fn withdraw(
        &self,
        event_id: i64,
        player: PlayerId,
        after: u32,
        by: &str,
    ) -> Result<(), StoreError> {
        let (mut tx, mut loaded) = self.begin_locked(event_id).await?;
        drop_draft(&mut tx, event_id, by, "a player withdrew").await?;
        loaded.desk.withdraw(player, after)?;
        sqlx::query(
            "UPDATE desk_players SET withdrawn_after = $1 WHERE event_id = $2 AND number = $3",
        )
        .bind(i64::from(after))
        .bind(event_id)
        .bind(i64::from(player.0))
        .execute(&mut *tx)
        .await?;
        commit_logged(
            tx,
            event_id,
            by,
            "withdraw",
            Some(after),
            serde_json::json!({"number": player.0, "after_round": after}),
        )
        .await?;
        Ok(())
    }

    /// Records a requested bye (half-, zero- or full-point) for a round not
    /// yet paired.
    ///
    /// # Errors
    /// The desk's refusal, or as [`Store::load_event`].
    pub async fn request_bye(
        &self,
        event_id: i64,
        round: u32,
        player: PlayerId,
        kind: ByeKind,
        by: &str,
    ) -> Result<(), StoreError> {
        let (mut tx, mut loaded) = self.begin_locked(event_id).await?;
        drop_draft(&mut tx, event_id, by, "a bye was requested").await?;
        loaded.desk.request_bye(round, player, kind)?;
        sqlx::query("DELETE FROM desk_byes WHERE event_id = $1 AND round = $2 AND player = $3")
            .bind(event_id)
            .bind(i64::from(round))
            .bind(i64::from(player.0))
            .execute(&mut *tx)
            .await?;
        sqlx::query(
            "INSERT INTO desk_byes (event_id, round, player, kind, origin) VALUES ($1, $2, $3, $4, 'requested')",
        )
        .bind(event_id)
        .bind(i64::from(round))
        .bind(i64::from(player.0))
        .bind(kind.stored_code())
        .execute(&mut *tx)
        .await?;
        commit_logged(
            tx,
            event_id,
            by,
            "request-bye",
            Some(round),
            serde_json::json!({"number": player.0, "kind": kind.stored_code()}),
        )
        .await?;
        Ok(())
    }

    /// Withdraws a requested bye of a round not yet paired. Returns whether
    /// there was one.
    ///
    /// # Errors
    /// As [`Store::load_event`].
    pub async fn cancel_bye(
        &self,
        event_id: i64,
        round: u32,
        player: PlayerId,
        by: &str,
    ) -> Result<bool, StoreError> {
        let (mut tx, loaded) = self.begin_locked(event_id).await?;
        drop_draft(&mut tx, event_id, by, "a bye was cancelled").await?;
        if round <= loaded.desk.rounds_paired() {
            return Err(qiyuan_desk::DeskError::BadRound {
                round,
                message: qiyuan_desk::Message::new(
                    "already paired; change the pairing instead",
                    "已编排；请改为修改编排",
                ),
            }
            .into());
        }
        let done =
            sqlx::query("DELETE FROM desk_byes WHERE event_id = $1 AND round = $2 AND player = $3")
                .bind(event_id)
                .bind(i64::from(round))
                .bind(i64::from(player.0))
                .execute(&mut *tx)
                .await?;
        let had = done.rows_affected() > 0;
        if had {
            log(
                &mut tx,
                event_id,
                by,
                "cancel-bye",
                Some(round),
                None,
                serde_json::json!({"number": player.0}),
            )
            .await?;
        }
        tx::commit(tx).await?;
        Ok(had)
    }

    /// Forbids two players to meet.
    ///
    /// # Errors
    /// The desk's refusal (unknown player), or as [`Store::load_event`].
    pub async fn forbid_pair(
        &self,
        event_id: i64,
        a: PlayerId,
        b: PlayerId,
        by: &str,
    ) -> Result<(), StoreError> {
        let (mut tx, mut loaded) = self.begin_locked(event_id).await?;
        drop_draft(&mut tx, event_id, by, "a pair was forbidden").await?;
        if loaded.desk.is_forbidden(a, b) {
            return Ok(());
        }
        loaded.desk.forbid_pair(a, b)?;
        sqlx::query(
            "INSERT INTO desk_forbidden (event_id, player_a, player_b) VALUES ($1, $2, $3)",
        )
        .bind(event_id)
        .bind(i64::from(a.0.min(b.0)))
        .bind(i64::from(a.0.max(b.0)))
        .execute(&mut *tx)
        .await?;
        commit_logged(
            tx,
            event_id,
            by,
            "forbid-pair",
            None,
            serde_json::json!({"players": [a.0.min(b.0), a.0.max(b.0)]}),
        )
        .await?;
        Ok(())
    }
}
