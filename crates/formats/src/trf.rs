//! FIDE Tournament Report File (TRF16, TRF-2026, JaVaFo/bbpPairings extensions): reading and writing the records.
//!
//! A TRF is a line-oriented, fixed-column text file. This module reads it
//! into a **record-level** model, [`TrfFile`]: one [`Record`] per line, in
//! file order, so that nothing is lost — blank lines, `###` comments (TRF26)
//! and records this module does not know are kept ([`Record::Blank`],
//! [`Record::Comment`], [`Record::Other`], the last one verbatim).
//! Higher-level meaning (who played whom, the tournament model) is the job of
//! [`crate::trf_model`]; [`TrfFile`] offers accessors that make that easy:
//! [`TrfFile::players`], [`TrfFile::total_rounds`], [`TrfFile::initial_colour`],
//! [`TrfFile::point_system`], [`TrfFile::forbidden_pairs`]…
//!
//! Column numbers in this module and in its errors are **1-based and
//! inclusive**, counted in characters, as in the FIDE documents.
//!
//! Typed records: `001` players, `013` teams, the free-text tournament
//! records `012`–`122` and TRF26 `172`–`222`, `352`, `362`
//! ([`Record::Text`]), `132` round dates, TRF26 `142`, `152`, `162`, `240`,
//! `250`, `260`, `299`, JaVaFo `XXR`, `XXC`, `XXA`, `XXP`, `XXZ`, `XXS` and
//! bbpPairings `BBW BBD BBL BBZ BBF BBU`, and this project's `QYT`
//! ([`Record::Title`]: a player's title that the three-column `001` title
//! field, made for the FIDE codes, cannot hold — see
//! [`crate::trf_model`]'s *Titles*). Kept verbatim as [`Record::Other`]:
//! national rating records (their code is a federation, which cannot be told
//! from another program's extension code), the TRF26 team records `300`,
//! `310`, `320`, `330`, `801`, `802`, and anything else.
//!
//! # Reading
//!
//! [`parse_trf`] accepts CR, LF and CRLF line ends (and a leading UTF-8 byte
//! order mark). It never panics. It rejects, with the line, the column and
//! the field ([`TrfError`]):
//!
//! * a field whose text is not what the format allows (a rating that is not a
//!   number, a birth date that is not `YYYY/MM/DD` or `YYYY`, a `132` round
//!   date that is not a calendar date `YY/MM/DD`, a colour other than
//!   `w`/`b`/`-`/blank, a result letter outside `1 = 0 + - W D L H F U Z`
//!   and blank, a bad `XXR`/`XXC`/`XXA`/`XXP`/`BB?`/`142`/`152`/`162`/`240`/
//!   `250`/`260`/`299`/`QYT` value…);
//! * a non-space character in a column that the layout keeps blank (this is
//!   how a shifted, misaligned line shows itself);
//! * a player record too short to hold its starting rank (cols 5–8);
//! * two player records with the same starting rank;
//! * a round whose opponent is not a player of the file, or the player
//!   himself.
//!
//! Inconsistencies that a file can carry and still be read — an opponent
//! who does not point back, two players with the same colour in one game,
//! results that do not match (`1` against `1`), a points column that differs
//! from the sum of the results, ids in `XXP`/`XXZ`/`260`/`240`/`299`/`XXA`/`013`/`QYT` that
//! are not players, two pairing-allocated byes in one round, `XXR` and `142`
//! disagreeing, `062` not counting the players, `042`/`052` not written
//! `YYYY/MM/DD` — are **warnings**, returned by [`TrfFile::check`]: the FIDE
//! documents mark those fields "warning if wrong", and engines differ on
//! them (bbpPairings refuses a points mismatch, JaVaFo does not unless `XXS`
//! is present). The points check uses [`TrfFile::point_system`]; it is
//! skipped when an `XXS` record is present and for players named in a `299`
//! record. Reading a file to pair its next round
//! ([`crate::trf_swiss::next_round_input`], `qiyuan pair --dutch`) is
//! stricter: there a points column that disagrees with the results is an
//! error naming the player, unless the caller asks for the computed points to
//! be used (then it is a warning); see [`crate::trf_swiss`], *Scores*.
//!
//! # Writing
//!
//! [`TrfFile::write_trf2026`] writes every record back in the FIDE column
//! layout, the one FIDE-endorsed engines write. For a file in that layout
//! (every file in `testdata/swiss`), reading then writing gives the same
//! bytes, line ends aside. For any file that reads, writing then reading
//! again gives an equal [`TrfFile`] (values, not spellings: `03.5` is read as
//! 3.5 and written ` 3.5`; a lowercase `w` result is written `W`; trailing
//! spaces are not written). [`TrfFile::write_trf16`] writes the TRF16
//! dialect with the JaVaFo extensions instead (no comments, `142` → `XXR`,
//! `152` → `XXC white1|black1`).
//!
//! ```
//! use qiyuan_formats::trf::{parse_trf, ResultCode, RoundColour};
//!
//! let text = "012 Club championship\n\
//! 001    1 m    Zhang, San                        2100 CHN     8600001 1990/01/01  1.0    1     2 w 1\n\
//! 001    2 w    Li, Si                            1900 CHN     8600002             0.0    2     1 b 0\n\
//! XXR 5\n";
//! let file = parse_trf(text)?;
//! assert_eq!(file.tournament_name(), Some("Club championship"));
//! assert_eq!(file.total_rounds(), Some(5));
//! let zhang = file.player(1).unwrap();
//! assert_eq!(zhang.name, "Zhang, San");
//! assert_eq!(zhang.rating, Some(2100));
//! assert_eq!(zhang.round(1).opponent, Some(2));
//! assert_eq!(zhang.round(1).colour, RoundColour::White);
//! assert_eq!(zhang.round(1).result, ResultCode::Win);
//! assert!(file.check().is_empty());
//! assert_eq!(file.write_trf2026()?, text);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod check;
mod model;
mod parse;
mod write;

pub use check::{TrfWarning, TrfWarningKind};
pub use model::*;
pub use parse::{Field, TrfError, TrfErrorKind, parse_trf};
pub use write::{Dialect, LineEnding, TrfWriteError, WriteOptions};
