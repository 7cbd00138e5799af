//! The record-level model of a TRF file: the file and its records
//! ([`TrfFile`], [`Record`]), the free-text tournament records and what
//! the file says of its tournament (the accessors of [`TrfFile`]).
//!
//! One job per file: `player.rs` the `001` record and its round cells;
//! `points.rs` the point systems as each dialect writes them (`162`, `XXS`,
//! `BB*`) and the `299` abnormal points; `records.rs` the other records that
//! steer a pairing (`013` teams, `240` byes, `250` accelerations, `260`
//! prohibited pairings, JaVaFo `XXC` and `XXA`).

mod player;
mod points;
mod records;

pub use player::*;
pub use points::*;
pub use records::*;

use rust_decimal::Decimal;

/// A whole TRF file: one [`Record`] per line, in file order.
///
/// `records[i]` is line `i + 1` of the file that was read, blank lines
/// included, so a line number from an error or a warning indexes straight
/// into it.
///
/// ```
/// use qiyuan_formats::trf::{parse_trf, Record, TextCode};
///
/// let file = parse_trf("012 Open\r\n\r\n092 Swiss\r\n")?;
/// assert_eq!(file.records.len(), 3);
/// assert_eq!(file.records[1], Record::Blank);
/// assert_eq!(file.text(TextCode::TournamentType), Some("Swiss"));
/// # Ok::<(), qiyuan_formats::trf::TrfError>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct TrfFile {
    /// The records, one per line, in file order.
    pub records: Vec<Record>,
}

/// One line of a TRF file.
///
/// ```
/// use qiyuan_formats::trf::{parse_trf, Record};
/// let file = parse_trf("XXR 9\nXXC white1\nXXP 3 8\nNED    1 m    Janssen                           1800\n")?;
/// assert_eq!(file.records[0], Record::Xxr(9));
/// assert_eq!(file.records[2], Record::Xxp(vec![3, 8]));
/// // A national-rating record is not typed: it is kept as read.
/// assert!(matches!(&file.records[3], Record::Other(line) if line.starts_with("NED")));
/// # Ok::<(), qiyuan_formats::trf::TrfError>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Record {
    /// An empty line (or one holding only spaces).
    Blank,
    /// A TRF26 comment line: `###` then this text, kept as written.
    Comment(String),
    /// A free-text tournament record (`012`, `022`, … `122`, `172`–`222`,
    /// `352`, `362`): the text from column 5, trailing spaces removed.
    Text {
        /// Which record.
        code: TextCode,
        /// Its text, from column 5.
        text: String,
    },
    /// `132`: the date of each round, `round_dates[r - 1]` for round `r`,
    /// as written (`YY/MM/DD`, or `YYYY/MM/DD`); `None` for a blank slot.
    RoundDates(Vec<Option<String>>),
    /// `001`: a player and his results.
    Player(PlayerRecord),
    /// `013`: a team and its players (TRF16, "to be phased out" in TRF26).
    Team(TeamRecord),
    /// `142` (TRF26): the number of rounds.
    NumberOfRounds(u16),
    /// `152` (TRF26): the colour of the highest-ranked player paired in round 1.
    InitialColour(InitialColour),
    /// `162` (TRF26): the point system, as (code, points) pairs in file order.
    PointSystem(Vec<(PointCode, Decimal)>),
    /// `240` (TRF26): requested byes for one round.
    Bye(ByeRecord),
    /// `250` (TRF26): accelerated rounds.
    Acceleration(AccelerationRecord),
    /// `260` (TRF26): prohibited pairings.
    ProhibitedPairing(ProhibitedPairing),
    /// `299` (TRF26): abnormal point assignments.
    AbnormalPoints(AbnormalPoints),
    /// `XXR` (JaVaFo): the total number of rounds.
    Xxr(u16),
    /// `XXC` (JaVaFo): configuration tokens (`rank`, `white1`, `black1`).
    Xxc(Vec<XxcOption>),
    /// `XXA` (JaVaFo): accelerated (fictitious) points of one player.
    Xxa(XxaRecord),
    /// `XXP` (JaVaFo): players who must not meet one another.
    Xxp(Vec<u16>),
    /// `XXZ` (JaVaFo 2.x): players absent from the round being paired.
    Xxz(Vec<u16>),
    /// `XXS` (JaVaFo 2.2): point system, as (code, points) pairs.
    Xxs(Vec<(XxsCode, Decimal)>),
    /// `BBW`, `BBD`, `BBL`, `BBZ`, `BBF`, `BBU` (bbpPairings): points for one kind of result.
    BbPoints {
        /// Which result.
        kind: BbKind,
        /// Its points.
        points: Decimal,
    },
    /// `QYT` (this project's extension, not a TRF16/TRF26 code): the title
    /// of one player as the event keeps it, for a title the `001` title
    /// field (cols 11–13, FIDE codes only) cannot hold — a Chinese national
    /// title (象棋特级大师, 候补大师 …), an amateur grade (一级棋士 …), or
    /// a FIDE title written in Chinese (国际特级大师, whose `001` field says
    /// `GM`). Cols 5–8 the starting rank, col 9 blank, the title from col
    /// 10 to the end of the line. Other programs skip the line as an
    /// unknown record; [`TrfFile::player_title`] reads it back.
    Title(TitleRecord),
    /// Any other line, kept exactly as read: national rating records (a
    /// federation code in cols 1–3, which cannot be told from another
    /// engine's extension code), the TRF26 team records `300`, `310`,
    /// `320`, `330`, `801`, `802`, Tornelo `DAT`, ….
    Other(String),
}

/// `QYT`: one player's title as the event keeps it (see [`Record::Title`]).
///
/// ```
/// use qiyuan_formats::trf::{parse_trf, Record, TitleRecord};
/// let file = parse_trf("001    1      Wang, Tianyi\nQYT    1 候补大师\n")?;
/// assert_eq!(file.records[1], Record::Title(TitleRecord { player: 1, title: "候补大师".into() }));
/// assert_eq!(file.player_title(1), Some("候补大师"));
/// # Ok::<(), qiyuan_formats::trf::TrfError>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TitleRecord {
    /// The player's starting rank (cols 5–8).
    pub player: u16,
    /// The title, from col 10 (trimmed; never empty when read).
    pub title: String,
}

/// The free-text tournament records.
///
/// ```
/// use qiyuan_formats::trf::TextCode;
/// assert_eq!(TextCode::ChiefArbiter.code(), "102");
/// assert_eq!(TextCode::from_code("102"), Some(TextCode::ChiefArbiter));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum TextCode {
    /// `012` tournament name.
    TournamentName,
    /// `022` city.
    City,
    /// `032` federation.
    Federation,
    /// `042` start date (TRF26: `YYYY/MM/DD`).
    StartDate,
    /// `052` end date (TRF26: `YYYY/MM/DD`).
    EndDate,
    /// `062` number of players.
    NumberOfPlayers,
    /// `072` number of rated players.
    NumberOfRatedPlayers,
    /// `082` number of teams.
    NumberOfTeams,
    /// `092` type of tournament (free text).
    TournamentType,
    /// `102` chief arbiter.
    ChiefArbiter,
    /// `112` deputy chief arbiter (one line each).
    DeputyArbiter,
    /// `122` allotted time per moves/game.
    TimeControl,
    /// `172` (TRF26) starting-rank method: federation (cols 5–7) and method (cols 9–13).
    StartingRankMethod,
    /// `182` (TRF26) pairing controller.
    PairingController,
    /// `192` (TRF26) encoded tournament type, e.g. `FIDE_DUTCH_2025`.
    EncodedTournamentType,
    /// `202` (TRF26) tie-breaks that break ties.
    TieBreaks,
    /// `212` (TRF26) tie-breaks that define the standings.
    StandingsTieBreaks,
    /// `222` (TRF26) encoded time control, e.g. `40/6000+30:900+30`.
    EncodedTimeControl,
    /// `352` (TRF26) team board colour sequence, e.g. `WBWB`.
    TeamColourSequence,
    /// `362` (TRF26) team match-point system.
    TeamPointSystem,
}

impl TextCode {
    /// Every text code, in code order.
    pub const ALL: [TextCode; 20] = [
        TextCode::TournamentName,
        TextCode::City,
        TextCode::Federation,
        TextCode::StartDate,
        TextCode::EndDate,
        TextCode::NumberOfPlayers,
        TextCode::NumberOfRatedPlayers,
        TextCode::NumberOfTeams,
        TextCode::TournamentType,
        TextCode::ChiefArbiter,
        TextCode::DeputyArbiter,
        TextCode::TimeControl,
        TextCode::StartingRankMethod,
        TextCode::PairingController,
        TextCode::EncodedTournamentType,
        TextCode::TieBreaks,
        TextCode::StandingsTieBreaks,
        TextCode::EncodedTimeControl,
        TextCode::TeamColourSequence,
        TextCode::TeamPointSystem,
    ];

    /// The three-character record code, e.g. `"012"`.
    pub fn code(self) -> &'static str {
        match self {
            TextCode::TournamentName => "012",
            TextCode::City => "022",
            TextCode::Federation => "032",
            TextCode::StartDate => "042",
            TextCode::EndDate => "052",
            TextCode::NumberOfPlayers => "062",
            TextCode::NumberOfRatedPlayers => "072",
            TextCode::NumberOfTeams => "082",
            TextCode::TournamentType => "092",
            TextCode::ChiefArbiter => "102",
            TextCode::DeputyArbiter => "112",
            TextCode::TimeControl => "122",
            TextCode::StartingRankMethod => "172",
            TextCode::PairingController => "182",
            TextCode::EncodedTournamentType => "192",
            TextCode::TieBreaks => "202",
            TextCode::StandingsTieBreaks => "212",
            TextCode::EncodedTimeControl => "222",
            TextCode::TeamColourSequence => "352",
            TextCode::TeamPointSystem => "362",
        }
    }

    /// The text code for a three-character record code.
    pub fn from_code(code: &str) -> Option<TextCode> {
        TextCode::ALL.into_iter().find(|c| c.code() == code)
    }

    /// True for the records TRF26 added (absent from TRF16).
    pub fn is_trf2026_only(self) -> bool {
        matches!(
            self,
            TextCode::StartingRankMethod
                | TextCode::PairingController
                | TextCode::EncodedTournamentType
                | TextCode::TieBreaks
                | TextCode::StandingsTieBreaks
                | TextCode::EncodedTimeControl
                | TextCode::TeamColourSequence
                | TextCode::TeamPointSystem
        )
    }
}

/// The `152` initial colour (or `XXC white1`/`black1`): the vocabulary's
/// colour, `W` / `white1` for `White`, `B` / `black1` for `Black`.
///
/// ```
/// use qiyuan_formats::trf::{parse_trf, InitialColour, Record};
/// assert_eq!(parse_trf("152 B")?.records[0], Record::InitialColour(InitialColour::Black));
/// # Ok::<(), qiyuan_formats::trf::TrfError>(())
/// ```
pub use qiyuan_vocab::Colour as InitialColour;

impl TrfFile {
    /// An empty file; records are added to [`TrfFile::records`].
    ///
    /// ```
    /// use qiyuan_formats::trf::{TrfFile, Record, TextCode, PlayerRecord};
    /// let mut file = TrfFile::new();
    /// file.records.push(Record::Text { code: TextCode::TournamentName, text: "Blitz".into() });
    /// file.records.push(Record::Xxr(7));
    /// assert_eq!(file.write_trf2026()?, "012 Blitz\nXXR 7\n");
    /// # Ok::<(), qiyuan_formats::trf::TrfWriteError>(())
    /// ```
    pub fn new() -> TrfFile {
        TrfFile::default()
    }

    /// The player records, in file order.
    ///
    /// ```
    /// use qiyuan_formats::trf::parse_trf;
    /// let file = parse_trf("001    2      B\n001    1      A\n")?;
    /// assert_eq!(file.players().map(|p| p.start_number).collect::<Vec<_>>(), [2, 1]);
    /// # Ok::<(), qiyuan_formats::trf::TrfError>(())
    /// ```
    pub fn players(&self) -> impl Iterator<Item = &PlayerRecord> {
        self.records.iter().filter_map(|r| match r {
            Record::Player(p) => Some(p),
            _ => None,
        })
    }

    /// The player records, mutable.
    ///
    /// ```
    /// use qiyuan_formats::trf::parse_trf;
    /// let mut file = parse_trf("001    1      A\n")?;
    /// file.players_mut().for_each(|p| p.rating = Some(1500));
    /// assert_eq!(file.player(1).unwrap().rating, Some(1500));
    /// # Ok::<(), qiyuan_formats::trf::TrfError>(())
    /// ```
    pub fn players_mut(&mut self) -> impl Iterator<Item = &mut PlayerRecord> {
        self.records.iter_mut().filter_map(|r| match r {
            Record::Player(p) => Some(p),
            _ => None,
        })
    }

    /// The player with this starting rank.
    ///
    /// ```
    /// use qiyuan_formats::trf::parse_trf;
    /// let file = parse_trf("001    1      Zhang, San\n")?;
    /// assert_eq!(file.player(1).map(|p| p.name.as_str()), Some("Zhang, San"));
    /// assert!(file.player(2).is_none());
    /// # Ok::<(), qiyuan_formats::trf::TrfError>(())
    /// ```
    pub fn player(&self, start_number: u16) -> Option<&PlayerRecord> {
        self.players().find(|p| p.start_number == start_number)
    }

    /// The title of the player with this starting rank: the `QYT` record's
    /// when there is one (the last, if several), else the `001` record's
    /// title field; `None` when neither gives one.
    ///
    /// ```
    /// use qiyuan_formats::trf::parse_trf;
    /// let file = parse_trf("001    1  GM  A\n001    2      B\n001    3      C\nQYT    2 象棋特级大师\n")?;
    /// assert_eq!(file.player_title(1), Some("GM"));
    /// assert_eq!(file.player_title(2), Some("象棋特级大师"));
    /// assert_eq!(file.player_title(3), None);
    /// # Ok::<(), qiyuan_formats::trf::TrfError>(())
    /// ```
    pub fn player_title(&self, start_number: u16) -> Option<&str> {
        let extension = self.records.iter().rev().find_map(|r| match r {
            Record::Title(t) if t.player == start_number => Some(t.title.as_str()),
            _ => None,
        });
        extension.or_else(|| {
            self.player(start_number)
                .and_then(|p| p.title.as_deref())
                .map(str::trim)
                .filter(|t| !t.is_empty())
        })
    }

    /// The text of the first record with this code.
    pub fn text(&self, code: TextCode) -> Option<&str> {
        self.texts(code).next()
    }

    /// The texts of every record with this code, in file order (e.g. each deputy arbiter).
    ///
    /// ```
    /// use qiyuan_formats::trf::{parse_trf, TextCode};
    /// let file = parse_trf("112 Wu, Yi\n112 Qian, Er\n")?;
    /// assert_eq!(file.texts(TextCode::DeputyArbiter).collect::<Vec<_>>(), ["Wu, Yi", "Qian, Er"]);
    /// # Ok::<(), qiyuan_formats::trf::TrfError>(())
    /// ```
    pub fn texts(&self, code: TextCode) -> impl Iterator<Item = &str> {
        self.records.iter().filter_map(move |r| match r {
            Record::Text { code: c, text } if *c == code => Some(text.as_str()),
            _ => None,
        })
    }

    /// `012`, the tournament name.
    ///
    /// ```
    /// use qiyuan_formats::trf::parse_trf;
    /// assert_eq!(parse_trf("012 Asian Cities\n")?.tournament_name(), Some("Asian Cities"));
    /// # Ok::<(), qiyuan_formats::trf::TrfError>(())
    /// ```
    pub fn tournament_name(&self) -> Option<&str> {
        self.text(TextCode::TournamentName)
    }

    /// `042`, the start date, when it is written `YYYY/MM/DD` (TRF26);
    /// `None` when absent or in another form (TRF16 left it free; see
    /// [`TrfFile::check`], which warns about it).
    ///
    /// ```
    /// use qiyuan_formats::trf::parse_trf;
    /// let file = parse_trf("042 2026/03/01\n052 5 March 2026\n")?;
    /// assert_eq!(file.start_date().map(|d| d.to_string()), Some("2026-03-01".into()));
    /// assert_eq!(file.end_date(), None);
    /// # Ok::<(), qiyuan_formats::trf::TrfError>(())
    /// ```
    pub fn start_date(&self) -> Option<chrono::NaiveDate> {
        parse_ymd(self.text(TextCode::StartDate)?)
    }

    /// `052`, the end date, when it is written `YYYY/MM/DD`.
    pub fn end_date(&self) -> Option<chrono::NaiveDate> {
        parse_ymd(self.text(TextCode::EndDate)?)
    }

    /// `132`, the date of each round (`YY/MM/DD` is read as 20YY); `None`
    /// for a round with no date.
    ///
    /// ```
    /// use qiyuan_formats::trf::parse_trf;
    /// let line = format!("132{}26/03/01  26/03/02", " ".repeat(88));
    /// let dates = parse_trf(&line)?.round_dates();
    /// assert_eq!(dates[1].map(|d| d.to_string()), Some("2026-03-02".into()));
    /// # Ok::<(), qiyuan_formats::trf::TrfError>(())
    /// ```
    pub fn round_dates(&self) -> Vec<Option<chrono::NaiveDate>> {
        self.records
            .iter()
            .find_map(|r| match r {
                Record::RoundDates(v) => Some(v),
                _ => None,
            })
            .map(|v| {
                v.iter()
                    .map(|d| {
                        let d = d.as_deref()?;
                        if d.len() == 8 {
                            parse_ymd(&format!("20{d}"))
                        } else {
                            parse_ymd(d)
                        }
                    })
                    .collect()
            })
            .unwrap_or_default()
    }

    /// The total number of rounds: `142` (TRF26) if present, else `XXR`.
    ///
    /// ```
    /// use qiyuan_formats::trf::parse_trf;
    /// assert_eq!(parse_trf("XXR 9\n")?.total_rounds(), Some(9));
    /// assert_eq!(parse_trf("XXR 9\n142 11\n")?.total_rounds(), Some(11));
    /// assert_eq!(parse_trf("012 x\n")?.total_rounds(), None);
    /// # Ok::<(), qiyuan_formats::trf::TrfError>(())
    /// ```
    pub fn total_rounds(&self) -> Option<u16> {
        self.records
            .iter()
            .find_map(|r| match r {
                Record::NumberOfRounds(n) => Some(*n),
                _ => None,
            })
            .or_else(|| {
                self.records.iter().find_map(|r| match r {
                    Record::Xxr(n) => Some(*n),
                    _ => None,
                })
            })
    }

    /// The number of round blocks in the longest player record (rounds present in the file).
    ///
    /// ```
    /// use qiyuan_formats::trf::parse_trf;
    /// let line = format!("001    1      A{}0000 - H  0000 - Z", " ".repeat(76)); // round 1 at col 92
    /// assert_eq!(parse_trf(&line)?.rounds_in_file(), 2);
    /// # Ok::<(), qiyuan_formats::trf::TrfError>(())
    /// ```
    pub fn rounds_in_file(&self) -> usize {
        self.players().map(|p| p.rounds.len()).max().unwrap_or(0)
    }

    /// The initial colour: `152` (TRF26) if present, else `XXC white1`/`black1`.
    ///
    /// ```
    /// use qiyuan_formats::trf::{parse_trf, InitialColour};
    /// assert_eq!(parse_trf("XXC rank black1\n")?.initial_colour(), Some(InitialColour::Black));
    /// # Ok::<(), qiyuan_formats::trf::TrfError>(())
    /// ```
    pub fn initial_colour(&self) -> Option<InitialColour> {
        self.records
            .iter()
            .find_map(|r| match r {
                Record::InitialColour(c) => Some(*c),
                _ => None,
            })
            .or_else(|| {
                self.xxc_options().find_map(|o| match o {
                    XxcOption::White1 => Some(InitialColour::White),
                    XxcOption::Black1 => Some(InitialColour::Black),
                    XxcOption::Rank => None,
                })
            })
    }

    /// True when an `XXC rank` token asks to pair by position in the file.
    ///
    /// ```
    /// use qiyuan_formats::trf::parse_trf;
    /// assert!(parse_trf("XXC rank\n")?.pair_by_rank());
    /// assert!(!parse_trf("XXC white1\n")?.pair_by_rank());
    /// # Ok::<(), qiyuan_formats::trf::TrfError>(())
    /// ```
    pub fn pair_by_rank(&self) -> bool {
        self.xxc_options().any(|o| o == XxcOption::Rank)
    }

    fn xxc_options(&self) -> impl Iterator<Item = XxcOption> + '_ {
        self.records
            .iter()
            .filter_map(|r| match r {
                Record::Xxc(v) => Some(v.iter().copied()),
                _ => None,
            })
            .flatten()
    }

    /// Every prohibition: `XXP` records (for all rounds) and `260` records, in file order.
    ///
    /// ```
    /// use qiyuan_formats::trf::parse_trf;
    /// let file = parse_trf("XXP 3 4\n260 001 002    5    6\n")?;
    /// let all = file.forbidden_pairs();
    /// assert_eq!(all[0].rounds, None);
    /// assert_eq!(all[1].rounds, Some((1, 2)));
    /// assert_eq!(all[1].players, [5, 6]);
    /// # Ok::<(), qiyuan_formats::trf::TrfError>(())
    /// ```
    pub fn forbidden_pairs(&self) -> Vec<ProhibitedPairing> {
        self.records
            .iter()
            .filter_map(|r| match r {
                Record::Xxp(players) => Some(ProhibitedPairing {
                    rounds: None,
                    players: players.clone(),
                }),
                Record::ProhibitedPairing(p) => Some(p.clone()),
                _ => None,
            })
            .collect()
    }

    /// The `240` requested byes, in file order.
    ///
    /// ```
    /// use qiyuan_formats::trf::{parse_trf, ByeType};
    /// let file = parse_trf("240 Z 004    7\n240 H 004    2    9\n")?;
    /// let half: Vec<u16> = file.requested_byes().filter(|b| b.bye == ByeType::Half).flat_map(|b| b.players.clone()).collect();
    /// assert_eq!(half, [2, 9]);
    /// # Ok::<(), qiyuan_formats::trf::TrfError>(())
    /// ```
    pub fn requested_byes(&self) -> impl Iterator<Item = &ByeRecord> {
        self.records.iter().filter_map(|r| match r {
            Record::Bye(b) => Some(b),
            _ => None,
        })
    }

    /// The `013` team records, in file order.
    ///
    /// ```
    /// use qiyuan_formats::trf::parse_trf;
    /// let file = parse_trf(&format!("013 {:<32}   3    4", "Beijing"))?;
    /// assert_eq!(file.teams().next().map(|t| t.players.clone()), Some(vec![3, 4]));
    /// # Ok::<(), qiyuan_formats::trf::TrfError>(())
    /// ```
    pub fn teams(&self) -> impl Iterator<Item = &TeamRecord> {
        self.records.iter().filter_map(|r| match r {
            Record::Team(t) => Some(t),
            _ => None,
        })
    }

    /// The `XXA` records.
    ///
    /// ```
    /// use qiyuan_formats::trf::parse_trf;
    /// let file = parse_trf("XXA    1  1.0\nXXA    2  0.5\n")?;
    /// assert_eq!(file.accelerations().map(|a| a.player).collect::<Vec<_>>(), [1, 2]);
    /// # Ok::<(), qiyuan_formats::trf::TrfError>(())
    /// ```
    pub fn accelerations(&self) -> impl Iterator<Item = &XxaRecord> {
        self.records.iter().filter_map(|r| match r {
            Record::Xxa(a) => Some(a),
            _ => None,
        })
    }

    /// The point system: the standard one, changed by the `BB?` records,
    /// then by the `162` record (`XXS` is not applied: its colour-dependent
    /// values do not fit [`PointSystem`]; read [`Record::Xxs`] for them).
    ///
    /// ```
    /// use qiyuan_formats::trf::parse_trf;
    /// use rust_decimal::Decimal;
    /// // 162: W at col 6, value cols 7–10; D at col 15, value cols 16–19.
    /// let ps = parse_trf("162  W 3.0    D 1.0\n")?.point_system();
    /// assert_eq!(ps.win, Decimal::new(3, 0));
    /// assert_eq!(ps.pairing_allocated_bye, Decimal::new(3, 0)); // P defaults to W
    /// assert_eq!(ps.half_point_bye, Decimal::new(1, 0));
    /// # Ok::<(), qiyuan_formats::trf::TrfError>(())
    /// ```
    pub fn point_system(&self) -> PointSystem {
        let mut ps = PointSystem::STANDARD;
        let mut bbu = None;
        for r in &self.records {
            if let Record::BbPoints { kind, points } = r {
                match kind {
                    BbKind::Win => ps.win = *points,
                    BbKind::Draw => ps.draw = *points,
                    BbKind::Loss => ps.loss = *points,
                    BbKind::ZeroPointBye => ps.zero_point_bye = *points,
                    BbKind::ForfeitLoss => ps.forfeit_loss = *points,
                    BbKind::PairingAllocatedBye => bbu = Some(*points),
                }
            }
        }
        // bbpPairings: BBU defaults to BBW; half and full byes follow draw and win.
        ps.pairing_allocated_bye = bbu.unwrap_or(ps.win);
        ps.full_point_bye = ps.win;
        ps.half_point_bye = ps.draw;
        let pairs: Vec<(PointCode, Decimal)> = self
            .records
            .iter()
            .filter_map(|r| match r {
                Record::PointSystem(v) => Some(v.iter().copied()),
                _ => None,
            })
            .flatten()
            .collect();
        if !pairs.is_empty() {
            let get = |code| pairs.iter().find(|(c, _)| *c == code).map(|(_, v)| *v);
            // TRF26 162 defaults: W 1.0, D 0.5, L 0.0, A 0.0, P = W, X = D.
            let w = get(PointCode::Win).unwrap_or(ps.win);
            let d = get(PointCode::Draw).unwrap_or(ps.draw);
            let a = get(PointCode::Absence).unwrap_or(ps.zero_point_bye);
            ps.win = w;
            ps.full_point_bye = w;
            ps.draw = d;
            ps.half_point_bye = d;
            ps.loss = get(PointCode::Loss).unwrap_or(ps.loss);
            ps.forfeit_loss = a;
            ps.zero_point_bye = a;
            ps.pairing_allocated_bye = get(PointCode::PairingAllocatedBye).unwrap_or(w);
        }
        ps
    }
}

/// `YYYY/MM/DD` → a date.
pub(super) fn parse_ymd(text: &str) -> Option<chrono::NaiveDate> {
    let t = text.trim();
    if t.len() != 10 {
        return None;
    }
    chrono::NaiveDate::parse_from_str(t, "%Y/%m/%d").ok()
}
