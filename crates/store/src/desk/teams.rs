//! Team events at the desk (`migrations/*/0005_teams.sql`): teams and
//! rosters, the pairing of teams, line-ups and the boards a round's
//! matches are played on. Board results are ordinary games
//! ([`Store::set_result`]).

use super::*;

/// Reads the teams, rosters, team pairings and line-ups of a team event.
pub(super) async fn load_teams(
    conn: &mut AnyConnection,
    event_id: i64,
    desk: &mut DeskEvent,
) -> Result<(), StoreError> {
    let mut teams: Vec<Team> = Vec::new();
    for r in sqlx::query("SELECT number, name FROM desk_teams WHERE event_id = $1 ORDER BY number")
        .bind(event_id)
        .fetch_all(&mut *conn)
        .await?
    {
        teams.push(Team {
            id: TeamId(u(r.try_get("number")?)),
            name: r.try_get("name")?,
            roster: Vec::new(),
        });
    }
    for r in sqlx::query(
        "SELECT team, player FROM desk_team_members WHERE event_id = $1 ORDER BY team, position",
    )
    .bind(event_id)
    .fetch_all(&mut *conn)
    .await?
    {
        let team = TeamId(u(r.try_get("team")?));
        let t = teams
            .iter_mut()
            .find(|t| t.id == team)
            .ok_or_else(|| StoreError::Corrupt {
                what: format!("event #{event_id}: roster of unknown team {team}"),
            })?;
        t.roster.push(PlayerId(u(r.try_get("player")?)));
    }
    let mut plans: Vec<TeamRoundPlan> = Vec::new();
    let plan = |plans: &mut Vec<TeamRoundPlan>, round: u32| -> Result<usize, StoreError> {
        while (plans.len() as u32) < round {
            let n = plans.len() as u32 + 1;
            plans.push(TeamRoundPlan {
                round: n,
                ..TeamRoundPlan::default()
            });
        }
        Ok(round as usize - 1)
    };
    for r in sqlx::query(
        "SELECT round, kind, home, away FROM desk_team_matches WHERE event_id = $1 \
         ORDER BY round, position",
    )
    .bind(event_id)
    .fetch_all(&mut *conn)
    .await?
    {
        let i = plan(&mut plans, u(r.try_get("round")?))?;
        let home = TeamId(u(r.try_get("home")?));
        match r.try_get::<String, _>("kind")?.as_str() {
            "match" => plans[i].matches.push(TeamPairing {
                home,
                away: TeamId(u(r.try_get::<Option<i64>, _>("away")?.unwrap_or(0))),
            }),
            "bye" => plans[i].bye = Some(home),
            _ => plans[i].free = Some(home),
        }
    }
    for r in sqlx::query(
        "SELECT round, team, player FROM desk_team_lineups WHERE event_id = $1 \
         ORDER BY round, team, board",
    )
    .bind(event_id)
    .fetch_all(&mut *conn)
    .await?
    {
        let i = plan(&mut plans, u(r.try_get("round")?))?;
        let team = TeamId(u(r.try_get("team")?));
        let player = PlayerId(u(r.try_get("player")?));
        match plans[i].line_ups.iter_mut().find(|(t, _)| *t == team) {
            Some((_, l)) => l.push(player),
            None => plans[i].line_ups.push((team, vec![player])),
        }
    }
    desk.restore_teams(teams, plans)?;
    Ok(())
}

/// Writes a team's roster (replacing the one stored).
async fn write_roster(
    conn: &mut AnyConnection,
    event_id: i64,
    team: &Team,
) -> Result<(), StoreError> {
    sqlx::query("DELETE FROM desk_team_members WHERE event_id = $1 AND team = $2")
        .bind(event_id)
        .bind(i64::from(team.id.0))
        .execute(&mut *conn)
        .await?;
    for (i, p) in team.roster.iter().enumerate() {
        sqlx::query(
            "INSERT INTO desk_team_members (event_id, team, position, player) VALUES ($1, $2, $3, $4)",
        )
        .bind(event_id)
        .bind(i64::from(team.id.0))
        .bind(i as i64 + 1)
        .bind(i64::from(p.0))
        .execute(&mut *conn)
        .await?;
    }
    Ok(())
}

/// Writes the line-up of a team in a round (replacing the one stored).
async fn write_line_up(
    conn: &mut AnyConnection,
    event_id: i64,
    round: u32,
    team: TeamId,
    players: &[PlayerId],
) -> Result<(), StoreError> {
    sqlx::query("DELETE FROM desk_team_lineups WHERE event_id = $1 AND round = $2 AND team = $3")
        .bind(event_id)
        .bind(i64::from(round))
        .bind(i64::from(team.0))
        .execute(&mut *conn)
        .await?;
    for (b, p) in players.iter().enumerate() {
        sqlx::query(
            "INSERT INTO desk_team_lineups (event_id, round, team, board, player) \
             VALUES ($1, $2, $3, $4, $5)",
        )
        .bind(event_id)
        .bind(i64::from(round))
        .bind(i64::from(team.0))
        .bind(b as i64 + 1)
        .bind(i64::from(p.0))
        .execute(&mut *conn)
        .await?;
    }
    Ok(())
}

fn ids(v: &[PlayerId]) -> Vec<u32> {
    v.iter().map(|p| p.0).collect()
}

/// Team events: teams and rosters, the pairing of teams, line-ups and the
/// boards of a round. Board results are [`Store::set_result`]'s.
impl Store {
    /// Registers a team with its roster (board order). Returns its number.
    ///
    /// # Errors
    /// The desk's refusal (not a team event, a player unknown or on another
    /// team, the event started), or as [`Store::load_event`].
    pub async fn add_team(
        &self,
        event_id: i64,
        name: &str,
        roster: &[PlayerId],
        by: &str,
    ) -> Result<TeamId, StoreError> {
        let (mut tx, mut loaded) = self.begin_locked(event_id).await?;
        let id = loaded.desk.add_team(name, roster.to_vec())?;
        let team = loaded.desk.team(id).cloned().unwrap_or(Team {
            id,
            name: name.into(),
            roster: roster.to_vec(),
        });
        sqlx::query("INSERT INTO desk_teams (event_id, number, name) VALUES ($1, $2, $3)")
            .bind(event_id)
            .bind(i64::from(id.0))
            .bind(team.name.clone())
            .execute(&mut *tx)
            .await?;
        write_roster(&mut tx, event_id, &team).await?;
        sqlx::query("UPDATE desk_events SET total_rounds = $1 WHERE id = $2")
            .bind(i64::from(loaded.desk.total_rounds()))
            .bind(event_id)
            .execute(&mut *tx)
            .await?;
        commit_logged(
            tx,
            event_id,
            by,
            "add-team",
            None,
            serde_json::json!({"team": id.0, "name": team.name, "roster": ids(&team.roster)}),
        )
        .await?;
        Ok(id)
    }

    /// Changes a team's name and roster (the roster only before the first
    /// team round is paired).
    ///
    /// # Errors
    /// The desk's refusal, or as [`Store::load_event`].
    pub async fn update_team(
        &self,
        event_id: i64,
        team: TeamId,
        name: &str,
        roster: &[PlayerId],
        by: &str,
    ) -> Result<(), StoreError> {
        let (mut tx, mut loaded) = self.begin_locked(event_id).await?;
        loaded.desk.set_team(team, name, roster.to_vec())?;
        let t = loaded
            .desk
            .team(team)
            .cloned()
            .ok_or(StoreError::NoSuchDeskEvent(event_id))?;
        sqlx::query("UPDATE desk_teams SET name = $1 WHERE event_id = $2 AND number = $3")
            .bind(t.name.clone())
            .bind(event_id)
            .bind(i64::from(team.0))
            .execute(&mut *tx)
            .await?;
        write_roster(&mut tx, event_id, &t).await?;
        commit_logged(
            tx,
            event_id,
            by,
            "update-team",
            None,
            serde_json::json!({"team": team.0, "name": t.name, "roster": ids(&t.roster)}),
        )
        .await?;
        Ok(())
    }

    /// Saves the pairing of teams of the next round (from
    /// `DeskEvent::pair_next_team_round`, possibly changed by hand).
    ///
    /// # Errors
    /// The desk's refusal (results missing, a team twice, wrong round), or
    /// as [`Store::load_event`].
    pub async fn save_team_round(
        &self,
        event_id: i64,
        plan: &TeamRoundPlan,
        by: &str,
    ) -> Result<u32, StoreError> {
        let (mut tx, mut loaded) = self.begin_locked(event_id).await?;
        let round = loaded.desk.apply_team_round(plan)?;
        let mut rows: Vec<(&str, TeamId, Option<TeamId>)> = plan
            .matches
            .iter()
            .map(|m| ("match", m.home, Some(m.away)))
            .collect();
        rows.extend(plan.bye.map(|t| ("bye", t, None)));
        rows.extend(plan.free.map(|t| ("free", t, None)));
        for (i, (kind, home, away)) in rows.iter().enumerate() {
            sqlx::query(
                "INSERT INTO desk_team_matches (event_id, round, position, kind, home, away) \
                 VALUES ($1, $2, $3, $4, $5, $6)",
            )
            .bind(event_id)
            .bind(i64::from(round))
            .bind(i as i64 + 1)
            .bind(*kind)
            .bind(i64::from(home.0))
            .bind(away.map(|a| i64::from(a.0)))
            .execute(&mut *tx)
            .await?;
        }
        commit_logged(
            tx,
            event_id,
            by,
            "pair-teams",
            Some(round),
            serde_json::json!({
                "matches": plan.matches.iter().map(|m| [m.home.0, m.away.0]).collect::<Vec<_>>(),
                "bye": plan.bye.map(|t| t.0),
                "free": plan.free.map(|t| t.0),
            }),
        )
        .await?;
        Ok(round)
    }

    /// Removes the last pairing of teams, while its boards are not made.
    ///
    /// # Errors
    /// The desk's refusal, or as [`Store::load_event`].
    pub async fn unpair_team_round(&self, event_id: i64, by: &str) -> Result<u32, StoreError> {
        let (mut tx, mut loaded) = self.begin_locked(event_id).await?;
        let round = loaded.desk.unpair_last_team_round()?;
        for table in ["desk_team_lineups", "desk_team_matches"] {
            sqlx::query(&format!(
                "DELETE FROM {table} WHERE event_id = $1 AND round = $2"
            ))
            .bind(event_id)
            .bind(i64::from(round))
            .execute(&mut *tx)
            .await?;
        }
        commit_logged(
            tx,
            event_id,
            by,
            "unpair-teams",
            Some(round),
            serde_json::json!({}),
        )
        .await?;
        Ok(round)
    }

    /// Enters a team's line-up for a round whose boards are not made yet.
    ///
    /// # Errors
    /// The desk's refusal (against the roster or its order, wrong number of
    /// players, boards already made), or as [`Store::load_event`].
    pub async fn set_line_up(
        &self,
        event_id: i64,
        round: u32,
        team: TeamId,
        players: &[PlayerId],
        by: &str,
    ) -> Result<(), StoreError> {
        let (mut tx, mut loaded) = self.begin_locked(event_id).await?;
        loaded.desk.set_line_up(round, team, players.to_vec())?;
        write_line_up(&mut tx, event_id, round, team, players).await?;
        commit_logged(
            tx,
            event_id,
            by,
            "line-up",
            Some(round),
            serde_json::json!({"team": team.0, "players": ids(players)}),
        )
        .await?;
        Ok(())
    }

    /// Makes the boards of a team round from its pairing and line-ups (a
    /// team without a line-up plays its first roster players), in one
    /// transaction: the line-ups are fixed and the games stored like an
    /// individual round's.
    ///
    /// # Errors
    /// The desk's refusal, or as [`Store::load_event`].
    pub async fn make_team_boards(
        &self,
        event_id: i64,
        round: u32,
        by: &str,
    ) -> Result<SavedRound, StoreError> {
        let (mut tx, mut loaded) = self.begin_locked(event_id).await?;
        let boards = loaded.desk.team_boards(round)?;
        let mut line_ups = Vec::new();
        if let Some(plan) = loaded.desk.team_rounds().get(round as usize - 1) {
            for m in &plan.matches {
                for t in [m.home, m.away] {
                    line_ups.push((t, loaded.desk.line_up(round, t)?));
                }
            }
        }
        let saved = write_round(&mut tx, &mut loaded, &boards, by).await?;
        for (t, players) in &line_ups {
            write_line_up(&mut tx, event_id, round, *t, players).await?;
        }
        tx::commit(tx).await?;
        Ok(saved)
    }
}
