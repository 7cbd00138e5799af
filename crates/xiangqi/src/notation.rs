//! Move notations, read and written on a [`Position`]: ICCS (`h2e2`), WXF
//! (`C2.5`) and Chinese (`炮二平五`). WXF as the World Xiangqi Federation
//! writes it, ICCS as the xqbase PGN dialect does, Chinese as 象棋竞赛规则 (2011)
//! appendix 记录方法 does.
//!
//! ## Conventions written
//!
//! * Files are counted 1–9 from the mover's own right; `+`/进 is towards the
//!   opponent. The target is the number of ranks for a straight move of the
//!   king, rook, cannon and pawn, and the destination file for a sideways
//!   move and for the advisor, elephant and horse.
//! * Two rooks, cannons or horses on one file: WXF `C+.5`/`C-.5` (front,
//!   rear), Chinese 前炮平五/后炮平五. Advisors and elephants always keep the
//!   file number (the direction tells them apart).
//! * Pawns (WXF page): on one file with 2 pawns `P+`, `P-`; 3 pawns `P+`,
//!   `P<file>`, `P-`; 4 pawns `++`, `P+`, `P-`, `--`; 5 pawns `++`, `P+`,
//!   `P<file>`, `P-`, `--`; when two files hold two or more pawns each:
//!   `<file>+`, `<file><file>` (middle of three), `<file>-`.
//!   Chinese (xqbase): all pawns standing on files that hold two or more
//!   pawns are ranked together; 2 → 前/后, 3 → 前/中/后, 4–5 → 一二三四五. When
//!   they stand on two files, they are ranked file by file from the mover's
//!   right, front to back within a file (this crate's reading of the xqbase
//!   rule; the reader accepts any form that picks out exactly one legal move).
//! * Chinese output uses simplified characters, Chinese numerals for Red and
//!   ASCII digits for Black (`马8进7`).
//!
//! ## Conventions read
//!
//! Everything above plus: upper- or lower-case ICCS with or without hyphen
//! (`H2-E2`); WXF letters `B`/`N` as well as `E`/`H`, `=` or nothing for the
//! sideways operator (`C2=5`, `C25`), front/rear before the letter (`+C.5`);
//! Chinese traditional characters (車 馬 傌 俥 砲 包 帥 將 進 …), full-width
//! digits (`马８进７`), Chinese numerals for either side, the piece-first
//! form 车前平三. A text is resolved against the legal moves: it must match
//! exactly one, otherwise the error says whether none or several matched.

use crate::Lang;
use crate::fen::color_zh;
use crate::position::Position;
use crate::types::{Color, Move, PieceKind, Square};

/// A move notation.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Notation {
    /// ICCS / UCCI coordinates, `h2e2` (read also `H2-E2`).
    Iccs,
    /// WXF four-character notation, `C2.5`, `H8+7`, `R+.3`.
    Wxf,
    /// Chinese notation, `炮二平五`, `马8进7`, `前车平四`.
    Chinese,
}

/// Why a move text could not be read or a move could not be written.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum NotationError {
    /// The text does not have the shape of the notation.
    #[error("{text:?} is not a {notation:?} move: {reason}")]
    Syntax {
        /// The text given.
        text: String,
        /// The notation tried.
        notation: Notation,
        /// What is wrong.
        reason: &'static str,
    },
    /// Well formed, but no legal move of the side to move matches.
    #[error("{text:?} matches no legal move of {side:?}")]
    NoMatch {
        /// The text given.
        text: String,
        /// The side to move.
        side: Color,
    },
    /// Several legal moves match (the text lacks a 前/后 or similar).
    #[error("{text:?} is ambiguous: it matches {candidates:?}")]
    Ambiguous {
        /// The text given.
        text: String,
        /// The matching moves.
        candidates: Vec<Move>,
    },
    /// The move to write is not legal in the position.
    #[error("{0} is not a legal move in this position")]
    Illegal(Move),
}

impl NotationError {
    /// The message in `lang`: [`Lang::En`] is the `Display` text.
    ///
    /// ```
    /// use qiyuan_xiangqi::{Lang, Notation, Position};
    /// let e = Position::startpos().parse_move("炮二平", Notation::Chinese).unwrap_err();
    /// assert_eq!(e.text(Lang::En), e.to_string());
    /// assert_eq!(
    ///     e.text(Lang::Zh),
    ///     "`炮二平` 不是中文记法的着法：应为四个字，如“炮二平五”或“马8进7”"
    /// );
    /// ```
    #[must_use]
    pub fn text(&self, lang: Lang) -> String {
        if lang == Lang::En {
            return self.to_string();
        }
        match self {
            NotationError::Syntax {
                text,
                notation,
                reason,
            } => format!(
                "`{text}` 不是{}的着法：{}",
                notation_zh(*notation),
                syntax_reason_zh(reason)
            ),
            NotationError::NoMatch { text, side } => {
                format!("`{text}` 与{}的任何合法着法都不符", color_zh(*side))
            }
            NotationError::Ambiguous { text, candidates } => {
                let moves: Vec<String> = candidates.iter().map(|m| format!("`{m}`")).collect();
                format!("`{text}` 有歧义：符合 {}", moves.join("、"))
            }
            NotationError::Illegal(mv) => format!("`{mv}` 在此局面中不是合法着法"),
        }
    }
}

/// The notation's name in Chinese.
fn notation_zh(notation: Notation) -> &'static str {
    match notation {
        Notation::Iccs => " ICCS 记法",
        Notation::Wxf => " WXF 记法",
        Notation::Chinese => "中文记法",
    }
}

/// The Chinese of a [`NotationError::Syntax`] reason (every reason this
/// module gives; a test holds the list complete).
pub(crate) fn syntax_reason_zh(reason: &str) -> &'static str {
    match reason {
        "expected four characters such as h2e2 or H2-E2" => "应为四个字符，如 `h2e2` 或 `H2-E2`",
        "bad start square (a–i, 0–9)" => "起点有误（a–i，0–9）",
        "bad end square (a–i, 0–9)" => "终点有误（a–i，0–9）",
        "start and end squares are equal" => "起点与终点相同",
        "expected four characters such as C2.5 or H8+7" => "应为四个字符，如 `C2.5` 或 `H8+7`",
        "bad file: expected 1–9, + or -" => "纵线有误：应为 1–9、`+` 或 `-`",
        "tandem pawn: after the file expected +, - or the file" => {
            "同线多兵：纵线之后应为 `+`、`-` 或纵线"
        }
        "unknown piece letter (K A E/B H/N R C P)" => {
            "未知的棋子字母（`K` `A` `E`/`B` `H`/`N` `R` `C` `P`）"
        }
        "bad operator: expected +, - or ." => "动作有误：应为 `+`、`-` 或 `.`",
        "bad target: expected 1–9" => "目标有误：应为 1–9",
        "expected four characters such as 炮二平五 or 马8进7" => {
            "应为四个字，如“炮二平五”或“马8进7”"
        }
        "after the piece expected a file number or 前/后/中" => "棋子之后应为纵线数字或前/后/中",
        "before the piece expected 前/后/中 or 一…五 (pawns)" => {
            "棋子之前应为前/后/中或一…五（兵卒）"
        }
        "no piece name (帅将仕士相象马车炮兵卒) in the first two characters" => {
            "前两个字中没有棋子名（帅将仕士相象马车炮兵卒）"
        }
        "third character must be 进, 退 or 平" => "第三个字应为进、退或平",
        "last character must be a number 1–9" => "最后一个字应为数字 1–9",
        _ => "写法有误",
    }
}

/// Direction of a move as seen by its side.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Op {
    Forward,
    Back,
    Sideways,
}

/// How the moving piece is picked out.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Sel {
    /// By its file number (from the mover's right).
    File(u8),
    /// WXF file number: for a pawn among 2–5 on its file, only the middle
    /// one of 3 or 5 (`P3`), the others take `+`/`-`.
    WxfFile(u8),
    /// Front / rear / middle of the same pieces on its file (Chinese 前后中).
    Front,
    Rear,
    Middle,
    /// WXF `P+`/`P-`: front/rear of 2–3, second from the front/rear of 4–5.
    WxfPlus,
    WxfMinus,
    /// WXF `++`/`--`: outermost of 4–5 pawns.
    WxfPlusPlus,
    WxfMinusMinus,
    /// WXF pawns on two files: file, then front/middle/rear.
    FileFront(u8),
    FileMiddle(u8),
    FileRear(u8),
    /// Chinese 一…五: rank among all tandem pawns.
    Ordinal(u8),
}

#[derive(Debug, Clone, Copy)]
struct Spec {
    kind: Option<PieceKind>,
    sel: Sel,
    op: Op,
    target: u8,
}

/// File number 1–9 counted from `color`'s right.
fn file_number(color: Color, sq: Square) -> u8 {
    match color {
        Color::Red => 9 - sq.file(),
        Color::Black => sq.file() + 1,
    }
}

/// How far forward a square is for `color` (0 = own back rank).
fn advance(color: Color, sq: Square) -> i8 {
    match color {
        Color::Red => sq.rank() as i8,
        Color::Black => 9 - sq.rank() as i8,
    }
}

/// Where a `kind` of `color` on `from` lands moving `op` by `target` (the
/// number written: ranks for a straight move of the king, rook, cannon and
/// pawn, the destination file otherwise), if such a square exists. The
/// inverse of [`Position::op_and_target`].
fn destination(color: Color, kind: PieceKind, from: Square, op: Op, target: u8) -> Option<Square> {
    let forward: i32 = match color {
        Color::Red => 1,
        Color::Black => -1,
    };
    let to_file = i32::from(match color {
        Color::Red => 9u8.checked_sub(target)?,
        Color::Black => target.checked_sub(1)?,
    });
    let (file, rank) = (i32::from(from.file()), i32::from(from.rank()));
    let (to_file, to_rank) = if is_diagonal_mover(kind) {
        let ranks = match (kind, (to_file - file).abs()) {
            (PieceKind::Advisor, 1) | (PieceKind::Horse, 2) => 1,
            (PieceKind::Elephant, 2) | (PieceKind::Horse, 1) => 2,
            _ => return None,
        };
        match op {
            Op::Forward => (to_file, rank + forward * ranks),
            Op::Back => (to_file, rank - forward * ranks),
            Op::Sideways => return None,
        }
    } else {
        let ranks = i32::from(target);
        match op {
            Op::Forward => (file, rank + forward * ranks),
            Op::Back => (file, rank - forward * ranks),
            Op::Sideways => (to_file, rank),
        }
    };
    Square::new(u8::try_from(to_file).ok()?, u8::try_from(to_rank).ok()?)
}

const fn is_diagonal_mover(kind: PieceKind) -> bool {
    matches!(
        kind,
        PieceKind::Advisor | PieceKind::Elephant | PieceKind::Horse
    )
}

impl Position {
    /// Pieces equal to the one on `from`, on its file, front to back.
    fn same_on_file(&self, from: Square) -> Vec<Square> {
        let Some(piece) = self.piece_at(from) else {
            return Vec::new();
        };
        let mut v: Vec<Square> = (0..10)
            .filter_map(|r| Square::new(from.file(), r))
            .filter(|&s| self.piece_at(s) == Some(piece))
            .collect();
        v.sort_by_key(|&s| -advance(piece.color, s));
        v
    }

    /// Pawns of `color` on files holding two or more, file by file from the
    /// mover's right, front to back within a file.
    fn tandem_pawns(&self, color: Color) -> Vec<Vec<Square>> {
        let mut files: Vec<Vec<Square>> = Vec::new();
        for number in 1..=9u8 {
            let file = match color {
                Color::Red => 9 - number,
                Color::Black => number - 1,
            };
            let mut v: Vec<Square> = (0..10)
                .filter_map(|r| Square::new(file, r))
                .filter(|&s| {
                    self.piece_at(s)
                        .is_some_and(|p| p.color == color && p.kind == PieceKind::Pawn)
                })
                .collect();
            if v.len() >= 2 {
                v.sort_by_key(|&s| -advance(color, s));
                files.push(v);
            }
        }
        files
    }

    fn op_and_target(&self, mv: Move) -> Option<(PieceKind, Op, u8)> {
        let piece = self.piece_at(mv.from())?;
        let c = piece.color;
        let d = advance(c, mv.to()) - advance(c, mv.from());
        let op = match d {
            0 => Op::Sideways,
            d if d > 0 => Op::Forward,
            _ => Op::Back,
        };
        let target = if op == Op::Sideways || is_diagonal_mover(piece.kind) {
            file_number(c, mv.to())
        } else {
            d.unsigned_abs()
        };
        Some((piece.kind, op, target))
    }

    fn selector_matches(&self, from: Square, sel: Sel) -> bool {
        let Some(piece) = self.piece_at(from) else {
            return false;
        };
        let on_file = |f: u8| file_number(piece.color, from) == f;
        match sel {
            Sel::File(f) => return on_file(f),
            Sel::WxfFile(f) | Sel::FileFront(f) | Sel::FileMiddle(f) | Sel::FileRear(f)
                if !on_file(f) =>
            {
                return false;
            }
            Sel::WxfFile(_) if piece.kind != PieceKind::Pawn => return true,
            _ => {}
        }
        let same = self.same_on_file(from);
        let n = same.len();
        let at = |i: usize| same.get(i) == Some(&from);
        match sel {
            Sel::File(_) => true,
            Sel::WxfFile(_) => n < 2 || (n == 3 && at(1)) || (n == 5 && at(2)),
            Sel::Front => n >= 2 && at(0),
            Sel::Rear => n >= 2 && at(n - 1),
            Sel::Middle => n == 3 && at(1),
            Sel::WxfPlus => n >= 2 && at(if n >= 4 { 1 } else { 0 }),
            Sel::WxfMinus => n >= 2 && at(if n >= 4 { n - 2 } else { n - 1 }),
            Sel::WxfPlusPlus => n >= 4 && at(0),
            Sel::WxfMinusMinus => n >= 4 && at(n - 1),
            Sel::FileFront(_) => n >= 2 && at(0),
            Sel::FileMiddle(_) => n == 3 && at(1),
            Sel::FileRear(_) => n >= 2 && at(n - 1),
            Sel::Ordinal(k) => {
                piece.kind == PieceKind::Pawn
                    && self
                        .tandem_pawns(piece.color)
                        .concat()
                        .get(usize::from(k) - 1)
                        == Some(&from)
            }
        }
    }

    /// The legal moves a text describes. A piece, a direction and a number
    /// give one destination at most, so each piece of the side to move that
    /// the text can mean is tried once ([`Position::is_legal`]), instead of
    /// generating every legal move and writing each one back.
    fn resolve(&self, text: &str, spec: Spec) -> Result<Move, NotationError> {
        let side = self.side_to_move();
        let mut candidates = self
            .pieces_of(side)
            .filter(|&(_, p)| spec.kind.is_none_or(|k| k == p.kind))
            .filter_map(|(from, p)| {
                let to = destination(side, p.kind, from, spec.op, spec.target)?;
                let mv = Move::new(from, to)?;
                (self.selector_matches(from, spec.sel) && self.is_legal(mv)).then_some(mv)
            });
        match (candidates.next(), candidates.next()) {
            (Some(mv), None) => Ok(mv),
            (None, _) => Err(NotationError::NoMatch {
                text: text.to_string(),
                side,
            }),
            (Some(first), Some(second)) => Err(NotationError::Ambiguous {
                text: text.to_string(),
                candidates: [first, second].into_iter().chain(candidates).collect(),
            }),
        }
    }

    /// Reads a move written in `notation`; it must be legal here.
    ///
    /// ```
    /// use qiyuan_xiangqi::{Notation, Position};
    /// let pos = Position::startpos();
    /// let a = pos.parse_move("炮二平五", Notation::Chinese).unwrap();
    /// assert_eq!(a, pos.parse_move("C2.5", Notation::Wxf).unwrap());
    /// assert_eq!(a, pos.parse_move("h2e2", Notation::Iccs).unwrap());
    /// ```
    ///
    /// # Errors
    /// [`NotationError`]: malformed text, no matching legal move, or an
    /// ambiguous one.
    pub fn parse_move(&self, text: &str, notation: Notation) -> Result<Move, NotationError> {
        let trimmed = text.trim();
        match notation {
            Notation::Iccs => self.parse_iccs(trimmed),
            Notation::Wxf => self.resolve(trimmed, parse_wxf(trimmed)?),
            Notation::Chinese => self.resolve(trimmed, parse_chinese(trimmed)?),
        }
    }

    fn parse_iccs(&self, text: &str) -> Result<Move, NotationError> {
        let syntax = |reason| NotationError::Syntax {
            text: text.to_string(),
            notation: Notation::Iccs,
            reason,
        };
        let mut compact = [0u8; 4];
        let mut n = 0;
        for c in text.chars().filter(|&c| c != '-') {
            if n == 4 || !c.is_ascii() {
                return Err(syntax("expected four characters such as h2e2 or H2-E2"));
            }
            compact[n] = c as u8;
            n += 1;
        }
        if n != 4 {
            return Err(syntax("expected four characters such as h2e2 or H2-E2"));
        }
        let square = |b: &[u8]| match (b[0].to_ascii_lowercase(), b[1]) {
            (f @ b'a'..=b'i', r @ b'0'..=b'9') => Square::new(f - b'a', r - b'0'),
            _ => None,
        };
        let from = square(&compact[..2]).ok_or_else(|| syntax("bad start square (a–i, 0–9)"))?;
        let to = square(&compact[2..]).ok_or_else(|| syntax("bad end square (a–i, 0–9)"))?;
        let mv = Move::new(from, to).ok_or_else(|| syntax("start and end squares are equal"))?;
        if self.is_legal(mv) {
            Ok(mv)
        } else {
            Err(NotationError::NoMatch {
                text: text.to_string(),
                side: self.side_to_move(),
            })
        }
    }

    /// Writes a legal move in `notation`.
    ///
    /// ```
    /// use qiyuan_xiangqi::{Notation, Position};
    /// let pos = Position::startpos();
    /// let m = pos.parse_move("b0c2", Notation::Iccs).unwrap();
    /// assert_eq!(pos.format_move(m, Notation::Wxf).unwrap(), "H8+7");
    /// assert_eq!(pos.format_move(m, Notation::Chinese).unwrap(), "马八进七");
    /// ```
    ///
    /// # Errors
    /// [`NotationError::Illegal`] if `mv` is not a legal move here.
    pub fn format_move(&self, mv: Move, notation: Notation) -> Result<String, NotationError> {
        if !self.is_legal(mv) {
            return Err(NotationError::Illegal(mv));
        }
        Ok(match notation {
            Notation::Iccs => mv.to_string(),
            Notation::Wxf => self.format_wxf(mv),
            Notation::Chinese => self.format_chinese(mv),
        })
    }

    fn format_wxf(&self, mv: Move) -> String {
        let (kind, op, target) = self.op_and_target(mv).expect("legal move has a piece");
        let color = self.side_to_move();
        let from = mv.from();
        let digit = |n: u8| char::from(b'0' + n);
        let letter = match kind {
            PieceKind::King => 'K',
            PieceKind::Advisor => 'A',
            PieceKind::Elephant => 'E',
            PieceKind::Horse => 'H',
            PieceKind::Rook => 'R',
            PieceKind::Cannon => 'C',
            PieceKind::Pawn => 'P',
        };
        let file = digit(file_number(color, from));
        let same = self.same_on_file(from);
        let (n, i) = (
            same.len(),
            same.iter().position(|&s| s == from).unwrap_or(0),
        );
        let head: String = match kind {
            PieceKind::Advisor | PieceKind::Elephant => format!("{letter}{file}"),
            PieceKind::Pawn if n >= 2 => {
                let tandem_files = self.tandem_pawns(color).len();
                if tandem_files >= 2 {
                    let second = match (n, i) {
                        (_, 0) => '+',
                        (3, 1) => file,
                        _ => '-',
                    };
                    format!("{file}{second}")
                } else {
                    match (n, i) {
                        (2 | 3, 0) | (4 | 5, 1) => "P+".to_string(),
                        (3, 1) | (5, 2) => format!("P{file}"),
                        (4 | 5, 0) => "++".to_string(),
                        (4, 3) | (5, 4) => "--".to_string(),
                        _ => "P-".to_string(),
                    }
                }
            }
            _ if n >= 2 => format!("{letter}{}", if i == 0 { '+' } else { '-' }),
            _ => format!("{letter}{file}"),
        };
        let op = match op {
            Op::Forward => '+',
            Op::Back => '-',
            Op::Sideways => '.',
        };
        format!("{head}{op}{}", digit(target))
    }

    fn format_chinese(&self, mv: Move) -> String {
        let (kind, op, target) = self.op_and_target(mv).expect("legal move has a piece");
        let color = self.side_to_move();
        let from = mv.from();
        let number = |n: u8| match color {
            Color::Red => CHINESE_NUMERALS[usize::from(n) - 1],
            Color::Black => char::from(b'0' + n),
        };
        let name = kind.chinese(color);
        let same = self.same_on_file(from);
        let (n, i) = (
            same.len(),
            same.iter().position(|&s| s == from).unwrap_or(0),
        );
        let head: String = match kind {
            PieceKind::Advisor | PieceKind::Elephant => {
                format!("{name}{}", number(file_number(color, from)))
            }
            PieceKind::Pawn if n >= 2 => {
                let all = self.tandem_pawns(color).concat();
                let k = all.iter().position(|&s| s == from).unwrap_or(0);
                let mark = match (all.len(), k) {
                    (2 | 3, 0) => '前',
                    (2, _) | (3, 2) => '后',
                    (3, _) => '中',
                    (_, k) => CHINESE_NUMERALS[k],
                };
                format!("{mark}{name}")
            }
            _ if n >= 2 => format!("{}{name}", if i == 0 { '前' } else { '后' }),
            _ => format!("{name}{}", number(file_number(color, from))),
        };
        let op = match op {
            Op::Forward => '进',
            Op::Back => '退',
            Op::Sideways => '平',
        };
        format!("{head}{op}{}", number(target))
    }
}

const CHINESE_NUMERALS: [char; 9] = ['一', '二', '三', '四', '五', '六', '七', '八', '九'];

fn wxf_kind(c: char) -> Option<PieceKind> {
    match c.to_ascii_uppercase() {
        'K' | 'G' => Some(PieceKind::King),
        'A' => Some(PieceKind::Advisor),
        'E' | 'B' => Some(PieceKind::Elephant),
        'H' | 'N' => Some(PieceKind::Horse),
        'R' => Some(PieceKind::Rook),
        'C' => Some(PieceKind::Cannon),
        'P' => Some(PieceKind::Pawn),
        _ => None,
    }
}

fn digit_value(c: char) -> Option<u8> {
    c.to_digit(10)
        .filter(|d| (1..=9).contains(d))
        .map(|d| d as u8)
}

/// The characters of a move text and their number, if there are at most
/// four (every move text has four, or three in WXF's `C25`).
fn four_chars(chars: impl Iterator<Item = char>) -> Option<([char; 4], usize)> {
    let mut out = ['\0'; 4];
    let mut n = 0;
    for c in chars {
        *out.get_mut(n)? = c;
        n += 1;
    }
    Some((out, n))
}

fn parse_wxf(text: &str) -> Result<Spec, NotationError> {
    let syntax = |reason| NotationError::Syntax {
        text: text.to_string(),
        notation: Notation::Wxf,
        reason,
    };
    let (c0, c1, op_char, target_char) = match four_chars(text.chars()) {
        Some((c, 4)) => (c[0], c[1], c[2], c[3]),
        // Sideways operator omitted: `C25`.
        Some((c, 3)) => (c[0], c[1], '.', c[2]),
        _ => return Err(syntax("expected four characters such as C2.5 or H8+7")),
    };
    let (kind, sel) = match (c0, c1) {
        ('+', '+') => (Some(PieceKind::Pawn), Sel::WxfPlusPlus),
        ('-', '-') => (Some(PieceKind::Pawn), Sel::WxfMinusMinus),
        ('+' | '-', k) if wxf_kind(k).is_some() => (
            wxf_kind(k),
            if c0 == '+' {
                Sel::WxfPlus
            } else {
                Sel::WxfMinus
            },
        ),
        (k, '+') if wxf_kind(k).is_some() => (wxf_kind(k), Sel::WxfPlus),
        (k, '-') if wxf_kind(k).is_some() => (wxf_kind(k), Sel::WxfMinus),
        (k, f) if wxf_kind(k).is_some() => (
            wxf_kind(k),
            Sel::WxfFile(digit_value(f).ok_or_else(|| syntax("bad file: expected 1–9, + or -"))?),
        ),
        (f, s) if digit_value(f).is_some() => {
            let file = digit_value(f).expect("checked");
            let sel = match s {
                '+' => Sel::FileFront(file),
                '-' => Sel::FileRear(file),
                s if digit_value(s) == Some(file) => Sel::FileMiddle(file),
                _ => {
                    return Err(syntax(
                        "tandem pawn: after the file expected +, - or the file",
                    ));
                }
            };
            (Some(PieceKind::Pawn), sel)
        }
        _ => return Err(syntax("unknown piece letter (K A E/B H/N R C P)")),
    };
    let op = match op_char {
        '+' => Op::Forward,
        '-' => Op::Back,
        '.' | '=' => Op::Sideways,
        _ => return Err(syntax("bad operator: expected +, - or .")),
    };
    let target = digit_value(target_char).ok_or_else(|| syntax("bad target: expected 1–9"))?;
    Ok(Spec {
        kind,
        sel,
        op,
        target,
    })
}

/// A number written as an ASCII or full-width digit or a Chinese numeral
/// (一 to 九), as Chinese move notation writes files and distances.
///
/// ```
/// use qiyuan_xiangqi::notation::chinese_number;
/// assert_eq!(chinese_number('五'), Some(5));
/// assert_eq!(chinese_number('８'), Some(8));
/// assert_eq!(chinese_number('十'), None);
/// ```
pub fn chinese_number(c: char) -> Option<u8> {
    if let Some(i) = CHINESE_NUMERALS.iter().position(|&n| n == c) {
        return Some(i as u8 + 1);
    }
    let c = match c {
        '１'..='９' => char::from_u32(c as u32 - '１' as u32 + '1' as u32)?,
        c => c,
    };
    digit_value(c)
}

fn parse_chinese(text: &str) -> Result<Spec, NotationError> {
    let syntax = |reason| NotationError::Syntax {
        text: text.to_string(),
        notation: Notation::Chinese,
        reason,
    };
    let Some((c, 4)) = four_chars(text.chars().filter(|c| !c.is_whitespace())) else {
        return Err(syntax(
            "expected four characters such as 炮二平五 or 马8进7",
        ));
    };
    let position_word = |ch: char| match ch {
        '前' => Some(Sel::Front),
        '后' | '後' => Some(Sel::Rear),
        '中' => Some(Sel::Middle),
        _ => None,
    };
    let (kind, sel) = if let Some(kind) = PieceKind::from_chinese(c[0]) {
        let sel = match (position_word(c[1]), chinese_number(c[1])) {
            (Some(sel), _) => sel,
            (None, Some(n)) => Sel::File(n),
            _ => return Err(syntax("after the piece expected a file number or 前/后/中")),
        };
        (kind, sel)
    } else if let Some(kind) = PieceKind::from_chinese(c[1]) {
        let sel = match (position_word(c[0]), chinese_number(c[0])) {
            (Some(sel), _) => sel,
            (None, Some(k)) if kind == PieceKind::Pawn && k <= 5 => Sel::Ordinal(k),
            _ => {
                return Err(syntax(
                    "before the piece expected 前/后/中 or 一…五 (pawns)",
                ));
            }
        };
        (kind, sel)
    } else {
        return Err(syntax(
            "no piece name (帅将仕士相象马车炮兵卒) in the first two characters",
        ));
    };
    let op = match c[2] {
        '进' | '進' => Op::Forward,
        '退' => Op::Back,
        '平' => Op::Sideways,
        _ => return Err(syntax("third character must be 进, 退 or 平")),
    };
    let target =
        chinese_number(c[3]).ok_or_else(|| syntax("last character must be a number 1–9"))?;
    Ok(Spec {
        kind: Some(kind),
        sel,
        op,
        target,
    })
}
