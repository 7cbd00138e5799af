//! Exports: the event as FIDE TRF (and back), standings and pairings as CSV
//! and xlsx. (A result's code is the vocabulary's: `GameResult::code`,
//! `GameResult::from_code`.)
//!
//! PGN is not exported: the tournament model holds results, not the moves
//! of the games (game records are kept by the `formats::pgn` readers, not by
//! the desk).

use qiyuan_formats::trf::{Dialect, LineEnding, Record, TextCode, WriteOptions, parse_trf};
use qiyuan_formats::trf_model::trf_from_event;
use qiyuan_rating::Lang;
use qiyuan_tournament::model::PlayerId;
use rust_decimal::Decimal;
use rust_decimal::prelude::ToPrimitive;
use rust_xlsxwriter::{Format, Workbook, XlsxError};

use crate::error::DeskError;
use crate::event::DeskEvent;
use crate::groups::GroupStandings;
use crate::import::{ImportError, trf_player_info};
use crate::reports::StandingsTable;
use crate::settings::{EventSettings, System};
use qiyuan_vocab::{Colour, Heading, Message};

fn trf_date(d: chrono::NaiveDate) -> String {
    d.format("%Y/%m/%d").to_string()
}

/// The event as a FIDE TRF file (TRF-2026 layout, or TRF16 with the JaVaFo
/// records `XXR`/`XXC` when `trf16`): the `012` name, place, dates, arbiters,
/// round dates, type, number of rounds, initial colour, forbidden pairs
/// (`XXP`), and every player with his results, points (the event's scoring)
/// and rank (when the standings can be computed). A title is written as its
/// FIDE code in the `001` record, and kept whole in a `QYT` record when it
/// has no FIDE code or is spelt otherwise (象棋特级大师, 候补大师,
/// 国际特级大师 …): a title never makes the export fail
/// (see `qiyuan_formats::trf_model`, *Titles*); [`event_from_trf`] reads
/// it back.
pub fn trf(e: &DeskEvent, trf16: bool) -> Result<String, DeskError> {
    let s = e.settings();
    let scoring = s.scoring.system();
    let standings = e.standings(None).ok();
    let mut file = trf_from_event(&s.name, e.event(), &scoring, standings.as_ref());
    let mut head = Vec::new();
    if let Some(p) = &s.place {
        head.push(Record::Text {
            code: TextCode::City,
            text: p.clone(),
        });
    }
    if let Some(d) = s.start {
        head.push(Record::Text {
            code: TextCode::StartDate,
            text: trf_date(d),
        });
    }
    if let Some(d) = s.end {
        head.push(Record::Text {
            code: TextCode::EndDate,
            text: trf_date(d),
        });
    }
    head.push(Record::Text {
        code: TextCode::NumberOfPlayers,
        text: e.event().players().len().to_string(),
    });
    head.push(Record::Text {
        code: TextCode::TournamentType,
        text: match s.system {
            System::Swiss { .. } => "Swiss FIDE Dutch".into(),
            System::RoundRobin { cycles } => format!("Round robin ({cycles} cycle)"),
            System::Knockout { .. } => "Knockout".into(),
        },
    });
    if let Some(a) = &s.chief_arbiter {
        head.push(Record::Text {
            code: TextCode::ChiefArbiter,
            text: a.clone(),
        });
    }
    for a in &s.arbiters {
        head.push(Record::Text {
            code: TextCode::DeputyArbiter,
            text: a.clone(),
        });
    }
    // 122 Allotted times per moves/game: the control as numbers (a
    // preset's name means nothing to another program).
    if let Ok(Some(t)) = s.regulation.parsed_time_control() {
        head.push(Record::Text {
            code: TextCode::TimeControl,
            text: t.to_string(),
        });
    }
    if !s.round_dates.is_empty() {
        head.push(Record::RoundDates(
            s.round_dates
                .iter()
                .map(|d| Some(d.format("%y/%m/%d").to_string()))
                .collect(),
        ));
    }
    head.push(Record::NumberOfRounds(
        u16::try_from(e.total_rounds()).unwrap_or(u16::MAX),
    ));
    head.push(Record::InitialColour(s.initial_colour));
    for (a, b) in e.forbidden_pairs() {
        head.push(Record::Xxp(vec![
            u16::try_from(a.0).unwrap_or(u16::MAX),
            u16::try_from(b.0).unwrap_or(u16::MAX),
        ]));
    }
    // The name record first, then the header, then the players.
    let rest = file.records.split_off(1);
    file.records.extend(head);
    file.records.extend(rest);
    // FIDE ids and birth dates, which the model does not hold.
    for r in &mut file.records {
        if let Record::Player(p) = r
            && let Some(dp) = e.player(PlayerId(u32::from(p.start_number)))
        {
            p.fide_id = dp.info.fide_id.as_deref().and_then(|i| i.parse().ok());
            p.birth_date = dp.info.birth.as_ref().map(|b| b.replace('-', "/"));
        }
    }
    let opts = WriteOptions {
        dialect: if trf16 {
            Dialect::Trf16
        } else {
            Dialect::Trf2026
        },
        line_ending: LineEnding::Lf,
    };
    file.write(&opts).map_err(|e| DeskError::BadRound {
        round: 0,
        message: Message::from_fn(|lang| {
            lang.pick(
                format!("TRF export: {e}"),
                format!("TRF 导出：{}", e.text(lang)),
            )
        }),
    })
}

/// Reads a whole event (players, rounds, results, forbidden pairs) from a
/// TRF file, with `settings` for what a TRF does not say (game, scoring,
/// tie-breaks). The number of rounds is the file's (`142`/`XXR`) when
/// larger than the settings'.
pub fn event_from_trf(text: &str, settings: EventSettings) -> Result<DeskEvent, ImportError> {
    let ie = |line: usize, message: Message| ImportError {
        line,
        field: None,
        message,
    };
    let file = parse_trf(text).map_err(|e| ImportError {
        line: e.line,
        field: Some(e.field.to_string()),
        message: crate::import::trf_cell_message(e.column, &e.kind),
    })?;
    let kind = if settings.is_round_robin() {
        qiyuan_tournament::model::EventKind::RoundRobin
    } else {
        qiyuan_tournament::model::EventKind::Swiss
    };
    let t = qiyuan_formats::trf_model::event_from_trf(&file, Some(kind))
        .map_err(|e| ie(0, Message::from_fn(|lang| e.text(lang))))?;
    let mut settings = settings;
    if matches!(settings.system, System::Swiss { .. }) {
        settings.rounds = settings.rounds.max(t.event.total_rounds());
    }
    if let Some(c) = file.initial_colour() {
        settings.initial_colour = c;
    }
    let mut e =
        DeskEvent::new(settings).map_err(|e| ie(0, Message::from_fn(|lang| e.text(lang))))?;
    for (i, r) in file.records.iter().enumerate() {
        let Record::Player(p) = r else { continue };
        let id = PlayerId(u32::from(p.start_number));
        let info = trf_player_info(&file, p);
        let first = t.event.player(id).map_or(1, |q| q.first_round);
        info.validate(id.0)
            .and_then(|()| e.restore_player(id, info, first, None))
            .map_err(|err| ie(i + 1, Message::from_fn(|lang| err.text(lang))))?;
    }
    e.restore_rounds(t.event.rounds().to_vec())
        .map_err(|err| ie(0, Message::from_fn(|lang| err.text(lang))))?;
    for f in file.forbidden_pairs() {
        for (k, &a) in f.players.iter().enumerate() {
            for &b in &f.players[k + 1..] {
                e.forbid_pair(PlayerId(u32::from(a)), PlayerId(u32::from(b)))
                    .map_err(|err| ie(0, Message::from_fn(|lang| err.text(lang))))?;
            }
        }
    }
    Ok(e)
}

fn headers_standings(t: &StandingsTable, lang: Lang) -> Vec<String> {
    let base: [&str; 6] = match lang {
        Lang::En => ["rank", "no", "name", "rating", "club", "points"],
        Lang::Zh => [
            Heading::Rank,
            t.numbers,
            Heading::Name,
            Heading::Rating,
            Heading::Club,
            Heading::Points,
        ]
        .map(|h| h.label(lang)),
    };
    let mut h: Vec<String> = base.iter().map(|s| s.to_string()).collect();
    h.extend(match lang {
        Lang::En => t.tiebreaks.clone(),
        Lang::Zh => t.tiebreak_names_zh.clone(),
    });
    h
}

fn dec_text(d: Option<Decimal>) -> String {
    d.map(|d| d.normalize().to_string()).unwrap_or_default()
}

fn standings_rows(t: &StandingsTable) -> Vec<Vec<String>> {
    t.lines
        .iter()
        .map(|l| {
            let mut row = vec![
                l.rank.to_string(),
                l.player.to_string(),
                l.name.clone(),
                l.rating.map(|r| r.to_string()).unwrap_or_default(),
                l.club.clone().unwrap_or_default(),
                dec_text(Some(l.points)),
            ];
            row.extend(
                l.shown
                    .iter()
                    .map(|v| v.text(|d| d.normalize().to_string())),
            );
            row
        })
        .collect()
}

/// A CSV for spreadsheets: every cell through
/// [`qiyuan_formats::text::spreadsheet_safe`], so that a player named
/// `=HYPERLINK(…)` is shown, not run.
fn to_csv(header: Vec<String>, rows: Vec<Vec<String>>) -> String {
    use qiyuan_formats::text::spreadsheet_safe;
    let mut w = csv::Writer::from_writer(Vec::new());
    // Writing to a Vec cannot fail.
    let _ = w.write_record(&header);
    for r in rows {
        let _ = w.write_record(r.iter().map(|c| spreadsheet_safe(c).into_owned()));
    }
    let bytes = w.into_inner().unwrap_or_default();
    String::from_utf8(bytes).unwrap_or_default()
}

/// The header and rows of the standings: `t`'s, or, for an event with
/// groups (组别, `groups` not empty: [`DeskEvent::group_standings`]), each
/// group's rows after the other, ranked within the group as the pages
/// rank them, with the group in a first column.
fn standings_sheet(
    t: &StandingsTable,
    groups: &[GroupStandings],
    lang: Lang,
) -> (Vec<String>, Vec<Vec<String>>) {
    let mut header = headers_standings(t, lang);
    if groups.is_empty() {
        return (header, standings_rows(t));
    }
    header.insert(
        0,
        match lang {
            Lang::En => "group".to_string(),
            Lang::Zh => Heading::Group.label(lang).to_string(),
        },
    );
    let rows = groups
        .iter()
        .flat_map(|g| {
            standings_rows(&g.table).into_iter().map(|mut row| {
                row.insert(0, g.group.clone());
                row
            })
        })
        .collect();
    (header, rows)
}

/// The standings as CSV (a header row; tie-break columns by code in
/// English, by Chinese name in Chinese): `t`, or for an event with groups
/// each group's table (`groups`, [`DeskEvent::group_standings`]) with a
/// first column naming the group; `&[]` for an event without groups.
pub fn standings_csv(t: &StandingsTable, groups: &[GroupStandings], lang: Lang) -> String {
    let (header, rows) = standings_sheet(t, groups, lang);
    to_csv(header, rows)
}

fn pairing_rows(
    e: &DeskEvent,
    round: u32,
    lang: Lang,
) -> Result<(Vec<String>, Vec<Vec<String>>), DeskError> {
    let r = round
        .checked_sub(1)
        .and_then(|i| e.event().rounds().get(i as usize))
        .ok_or(DeskError::NoSuchBoard { round, board: 0 })?;
    let header: Vec<String> = match lang {
        Lang::En => vec![
            "board", "no", "white", "points", "result", "points", "black", "no",
        ],
        Lang::Zh => {
            let game = e.settings().game;
            let (no, points) = (
                Heading::PairingNumber.label(lang),
                Heading::Points.label(lang),
            );
            vec![
                Heading::Board.label(lang),
                no,
                Colour::White.label(game, lang),
                points,
                Heading::Result.label(lang),
                points,
                Colour::Black.label(game, lang),
                no,
            ]
        }
    }
    .into_iter()
    .map(str::to_string)
    .collect();
    let scoring = e.settings().scoring.system();
    let table = e.event().outcome_table();
    let before = |id: PlayerId| -> String {
        e.event()
            .player_index(id)
            .map(|i| {
                table[i]
                    .iter()
                    .take(round as usize - 1)
                    .map(|&o| scoring.points(o))
                    .sum::<Decimal>()
                    .normalize()
                    .to_string()
            })
            .unwrap_or_default()
    };
    let name = |id: PlayerId| {
        e.event()
            .player(id)
            .map(|p| p.name.clone())
            .unwrap_or_default()
    };
    let mut rows = Vec::new();
    for (i, g) in r.games.iter().enumerate() {
        rows.push(vec![
            (i + 1).to_string(),
            g.white.to_string(),
            name(g.white),
            before(g.white),
            e.settings().result_label(g.result, lang).to_string(),
            before(g.black),
            name(g.black),
            g.black.to_string(),
        ]);
    }
    for &(id, kind) in &r.byes {
        let what = kind.label(lang);
        rows.push(vec![
            String::new(),
            id.to_string(),
            name(id),
            before(id),
            what.to_string(),
            String::new(),
            String::new(),
            String::new(),
        ]);
    }
    Ok((header, rows))
}

/// The pairings (and results so far) of a round as CSV: board, numbers,
/// names, points before the round, result; byes after the boards.
pub fn pairings_csv(e: &DeskEvent, round: u32, lang: Lang) -> Result<String, DeskError> {
    let (h, rows) = pairing_rows(e, round, lang)?;
    Ok(to_csv(h, rows))
}

/// A workbook of one sheet: the title in row 1, the header in row 3, the
/// rows, then each of `notes` on a row of its own after a blank one.
fn xlsx(
    sheet: &str,
    title: &str,
    header: Vec<String>,
    rows: Vec<Vec<String>>,
    notes: &[&str],
) -> Result<Vec<u8>, XlsxError> {
    let mut book = Workbook::new();
    let ws = book.add_worksheet();
    ws.set_name(sheet)?;
    let bold = Format::new().set_bold();
    ws.write_string_with_format(0, 0, title, &bold)?;
    for (c, h) in header.iter().enumerate() {
        ws.write_string_with_format(2, c as u16, h, &bold)?;
    }
    for (r, row) in rows.iter().enumerate() {
        for (c, v) in row.iter().enumerate() {
            let (r, c) = (r as u32 + 3, c as u16);
            match v.parse::<Decimal>().ok().and_then(|d| d.to_f64()) {
                Some(n) if !v.is_empty() && c != 2 && c != 6 => ws.write_number(r, c, n)?,
                _ => ws.write_string(r, c, v)?,
            };
        }
    }
    for (i, note) in notes.iter().enumerate() {
        ws.write_string(rows.len() as u32 + 4 + i as u32, 0, *note)?;
    }
    book.save_to_buffer()
}

fn xlsx_err(e: XlsxError) -> DeskError {
    DeskError::BadRound {
        round: 0,
        message: Message::new(format!("xlsx export: {e}"), format!("xlsx 导出失败：`{e}`")),
    }
}

/// The standings of the event `event_name` as an xlsx workbook: the
/// name and the standings' heading in row 1
/// ([`crate::reports::standings_heading`]), the header in row 3; an event
/// with groups as in [`standings_csv`].
pub fn standings_xlsx(
    event_name: &str,
    t: &StandingsTable,
    groups: &[GroupStandings],
    final_ranking: bool,
    lang: Lang,
) -> Result<Vec<u8>, DeskError> {
    let title = format!(
        "{event_name} — {}",
        crate::reports::standings_heading(lang, t.after_round, final_ranking)
    );
    let sheet = match lang {
        Lang::En => "Standings",
        Lang::Zh => "排名",
    };
    // A marked DE figure needs its legend beside it (C.07 art. 6).
    let notes = match lang {
        Lang::En => &t.tiebreak_notes_en,
        Lang::Zh => &t.tiebreak_notes_zh,
    };
    let notes: Vec<&str> = notes
        .iter()
        .map(String::as_str)
        .filter(|n| !n.is_empty())
        .collect();
    let (header, rows) = standings_sheet(t, groups, lang);
    xlsx(sheet, &title, header, rows, &notes).map_err(xlsx_err)
}

/// A round's pairings as an xlsx workbook.
pub fn pairings_xlsx(e: &DeskEvent, round: u32, lang: Lang) -> Result<Vec<u8>, DeskError> {
    let (h, rows) = pairing_rows(e, round, lang)?;
    let title = match lang {
        Lang::En => format!("{} — round {round}", e.settings().name),
        Lang::Zh => format!("{} 第{round}轮对阵表", e.settings().name),
    };
    let sheet = match lang {
        Lang::En => "Pairings",
        Lang::Zh => "对阵",
    };
    xlsx(sheet, &title, h, rows, &[]).map_err(xlsx_err)
}
