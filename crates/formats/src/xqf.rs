//! XQF, the binary game format of 象棋演播室 (XQStudio).
//!
//! Layout (little-endian), as documented publicly for XQStudio files:
//!
//! * a 1,024-byte header: `XQ` magic, the version byte at 0x02 (10 = XQF 1.0;
//!   11 and up are obfuscated), the key bytes at 0x03–0x0F, the 32 piece
//!   squares at 0x10 (Red 车马相仕帅仕相马车炮炮兵兵兵兵兵, then Black in the
//!   same order; a square is `file * 10 + rank`, file 0 = Red's left, rank 0
//!   = Red's back rank; a value above 89 means the piece is not on the board),
//!   the result byte at 0x33 (0 unknown, 1 Red wins, 2 Black wins, 3 draw),
//!   the game type at 0x40 (0 full game, 1 opening, 2 middle game, 3 endgame),
//!   and Pascal strings (a length byte, then GBK text): title 0x50 (64 bytes),
//!   event 0xD0 (64), date 0x110 (16), site 0x120 (16), Red 0x130 (16),
//!   Black 0x140 (16);
//! * from 0x400, the move tree in pre-order, one record per node, the first
//!   record being the root (the start position, whose comment is the game's):
//!   4 bytes `from + 24`, `to + 32`, flags, reserved. Version ≤ 10: flags
//!   `0xF0` = has a next move, `0x0F` = has a variation (an alternative to
//!   this move, coming after this move's subtree); every record is followed
//!   by a 32-bit comment length and the comment. Version ≥ 11: flags `0x80`
//!   next move, `0x40` variation, `0x20` comment present (only then do the
//!   length and the comment follow).
//!
//! ## Obfuscation (version ≥ 11)
//!
//! With the header bytes `KeyMask` (0x03), `KeyOrA..D` (0x08–0x0B),
//! `KeysSum`, `KeyXY`, `KeyXYf`, `KeyXYt` (0x0C–0x0F), and `f(x) = (54x² +
//! 221)` in 8-bit arithmetic: `kXY = f(KeyXY)·KeyXY`, `kXYf = f(KeyXYf)·kXY`,
//! `kXYt = f(KeyXYt)·kXYf` (all mod 256). Piece squares: from version 12 the
//! array is rotated (byte `i` belongs to slot `(i + kXY + 1) mod 32`), and
//! every square is stored plus `kXY`. Everything after the header is stored
//! plus a 32-byte key stream, byte `n` (counted from 0x400) plus
//! `K[n mod 32]`, where `K[i]` is the `i`-th character of `[(C) Copyright Mr.
//! Dong Shiwei.]` AND-ed with one of four bytes `(KeysSum & KeyMask) |
//! KeyOrA`, `(KeyXY & KeyMask) | KeyOrB`, `(KeyXYf & KeyMask) | KeyOrC`,
//! `(KeyXYt & KeyMask) | KeyOrD` (by `i mod 4`). Move squares are then
//! stored plus `kXYf` (from) and `kXYt` (to) on top of the 24/32 offsets, and
//! comment lengths plus `(KeysSum·256 + KeyXY) mod 32000 + 767`.
//!
//! XQF has no side-to-move field: the side is that of the piece making the
//! first move (Red when there is none).
//!
//! ## Writing
//!
//! [`write_xqf`] writes XQF 1.0 (version 10, not obfuscated), the layout
//! above with every record followed by its comment length; the root record's
//! reserved byte is 0xFF and the pieces fill their slots in FEN order, as
//! XQStudio-compatible encoders do. [`XqfGame::from_pgn_game`] turns a PGN
//! game into an [`XqfGame`] to write.

use qiyuan_rating::Lang;
use qiyuan_xiangqi::{Color, Move, Notation, PieceKind, Position, Square};
use thiserror::Error;

use crate::pgn::xiangqi::{XiangqiCheck, XiangqiGame, XiangqiMove, XiangqiResult, check_moves};
use crate::pgn::{Element, Tag};

/// Size of the header.
pub const HEADER_LEN: usize = 1024;

const COPYRIGHT: &[u8; 32] = b"[(C) Copyright Mr. Dong Shiwei.]";

/// Variation nesting deeper than this is refused (protects the stack).
const MAX_NESTING: usize = 200;

/// The kind of piece in each of the 32 slots of the header (Red 0–15, Black 16–31).
const SLOT_KINDS: [PieceKind; 16] = [
    PieceKind::Rook,
    PieceKind::Horse,
    PieceKind::Elephant,
    PieceKind::Advisor,
    PieceKind::King,
    PieceKind::Advisor,
    PieceKind::Elephant,
    PieceKind::Horse,
    PieceKind::Rook,
    PieceKind::Cannon,
    PieceKind::Cannon,
    PieceKind::Pawn,
    PieceKind::Pawn,
    PieceKind::Pawn,
    PieceKind::Pawn,
    PieceKind::Pawn,
];

/// Why an XQF file could not be read.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum XqfError {
    /// The file is shorter than its header or does not start with `XQ`.
    #[error("not an XQF file: {0}")]
    NotXqf(&'static str),
    /// Two pieces on one square.
    #[error("bad start position: {0}")]
    BadPosition(String),
    /// The position (as FEN) is not a legal set-up.
    #[error("bad start position: {fen}: {reason}")]
    BadSetup {
        /// The start position read, as FEN.
        fen: String,
        /// Why the position is refused.
        reason: qiyuan_xiangqi::FenError,
    },
    /// The move records end in the middle of a record.
    #[error("move record {record} at byte {offset:#x} is cut short")]
    Truncated {
        /// 0-based record number (0 is the root).
        record: usize,
        /// Byte offset where it starts.
        offset: usize,
    },
    /// A move's squares are not on the board.
    #[error("move record {record} at byte {offset:#x}: squares {from} → {to} are not on the board")]
    BadSquare {
        /// 0-based record number.
        record: usize,
        /// Byte offset of the record.
        offset: usize,
        /// Decoded start square value.
        from: u8,
        /// Decoded end square value.
        to: u8,
    },
    /// A comment length beyond the end of the file or negative.
    #[error("move record {record} at byte {offset:#x}: comment length {length} is impossible")]
    BadComment {
        /// 0-based record number.
        record: usize,
        /// Byte offset of the record.
        offset: usize,
        /// Decoded length.
        length: i64,
    },
    /// Variations nested too deeply.
    #[error("variations nested more than {MAX_NESTING} deep")]
    TooDeep,
    /// A move is illegal (only when converting to a PGN game).
    #[error("{0}")]
    IllegalMove(String),
}

impl XqfError {
    /// The message in `lang`: [`Lang::En`] is the `Display` text.
    ///
    /// ```
    /// use qiyuan_formats::xqf::XqfError;
    /// use qiyuan_rating::Lang;
    /// let e = XqfError::Truncated { record: 3, offset: 0x420 };
    /// assert_eq!(e.text(Lang::En), "move record 3 at byte 0x420 is cut short");
    /// assert_eq!(e.text(Lang::Zh), "着法记录 3（字节 0x420）不完整");
    /// ```
    #[must_use]
    pub fn text(&self, lang: Lang) -> String {
        if lang == Lang::En {
            return self.to_string();
        }
        match self {
            XqfError::NotXqf(why) => format!("不是 XQF 文件：{}", not_xqf_zh(why)),
            XqfError::BadPosition(why) => format!("起始局面有误：{}", bad_position_zh(why)),
            XqfError::BadSetup { fen, reason } => {
                format!("起始局面有误：{fen}：{}", reason.text(lang))
            }
            XqfError::Truncated { record, offset } => {
                format!("着法记录 {record}（字节 {offset:#x}）不完整")
            }
            XqfError::BadSquare {
                record,
                offset,
                from,
                to,
            } => format!("着法记录 {record}（字节 {offset:#x}）：格子 {from} → {to} 不在棋盘上"),
            XqfError::BadComment {
                record,
                offset,
                length,
            } => format!("着法记录 {record}（字节 {offset:#x}）：注释长度 {length} 不可能"),
            XqfError::TooDeep => format!("变着嵌套超过 {MAX_NESTING} 层"),
            XqfError::IllegalMove(what) => illegal_move_zh(what),
        }
    }
}

/// The reader's [`XqfError::NotXqf`] reasons in Chinese.
fn not_xqf_zh(why: &str) -> String {
    match why {
        "shorter than the 1,024-byte header" => "比 1,024 字节的文件头还短".to_string(),
        "does not start with `XQ`" => "不以 `XQ` 开头".to_string(),
        other => other.to_string(),
    }
}

/// The reader's [`XqfError::BadPosition`] reasons in Chinese: two pieces
/// on a square, or a position the FEN reader refuses (`FEN: reason`).
fn bad_position_zh(why: &str) -> String {
    match why.strip_prefix("two pieces on ") {
        Some(square) => format!("{square} 上有两个棋子"),
        None => why.to_string(),
    }
}

/// [`XqfError::IllegalMove`] in Chinese: `move 12. h2e2 (ply 23) is not legal`.
fn illegal_move_zh(what: &str) -> String {
    let parsed = what.strip_prefix("move ").and_then(|r| {
        let (mv, r) = r.split_once(" (ply ")?;
        let ply = r.strip_suffix(") is not legal")?;
        Some(format!("着法 {mv}（第 {ply} 步）不合规则"))
    });
    parsed.unwrap_or_else(|| what.to_string())
}

/// A move of an XQF file with its comment.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct XqfMove {
    /// The move (not yet checked for legality).
    pub mv: Move,
    /// The comment after it, if any.
    pub comment: Option<String>,
}

/// An XQF game.
#[derive(Debug, Clone)]
pub struct XqfGame {
    /// The version byte (10 = XQF 1.0; ≥ 11 obfuscated).
    pub version: u8,
    /// Title (标题).
    pub title: String,
    /// Event (赛事).
    pub event: String,
    /// Date.
    pub date: String,
    /// Site.
    pub site: String,
    /// Red player.
    pub red: String,
    /// Black player.
    pub black: String,
    /// The result byte read as a result.
    pub result: XiangqiResult,
    /// Game type: 0 full game, 1 opening, 2 middle game, 3 endgame.
    pub game_type: u8,
    /// The start position.
    pub start: Position,
    /// The comment on the start position.
    pub comment: Option<String>,
    /// The main line and variations, as in PGN movetext.
    pub movetext: Vec<Element<XqfMove>>,
}

struct Keys {
    xy: u8,
    xyf: u8,
    xyt: u8,
    comment: i64,
    stream: [u8; 32],
}

fn f(x: u8) -> u8 {
    let x = u32::from(x);
    ((x * x * 54 + 221) & 0xFF) as u8
}

fn keys(h: &[u8]) -> Keys {
    let version = h[2];
    if version < 11 {
        return Keys {
            xy: 0,
            xyf: 0,
            xyt: 0,
            comment: 0,
            stream: [0; 32],
        };
    }
    let mask = h[3];
    let (sum, kxy_b, kxyf_b, kxyt_b) = (h[12], h[13], h[14], h[15]);
    let xy = f(kxy_b).wrapping_mul(kxy_b);
    let xyf = f(kxyf_b).wrapping_mul(xy);
    let xyt = f(kxyt_b).wrapping_mul(xyf);
    let four = [
        (sum & mask) | h[8],
        (kxy_b & mask) | h[9],
        (kxyf_b & mask) | h[10],
        (kxyt_b & mask) | h[11],
    ];
    let mut stream = [0u8; 32];
    for (i, k) in stream.iter_mut().enumerate() {
        *k = COPYRIGHT[i] & four[i % 4];
    }
    Keys {
        xy,
        xyf,
        xyt,
        comment: (i64::from(sum) * 256 + i64::from(kxy_b)) % 32000 + 767,
        stream,
    }
}

fn gbk(bytes: &[u8]) -> String {
    let (s, _, _) = encoding_rs::GBK.decode(bytes);
    s.trim_end_matches('\0').trim().to_string()
}

fn pascal(h: &[u8], at: usize, size: usize) -> String {
    let len = usize::from(h[at]).min(size - 1);
    gbk(&h[at + 1..at + 1 + len])
}

/// Decodes the start position from the header.
fn start_position(h: &[u8], k: &Keys, first_from: Option<u8>) -> Result<Position, XqfError> {
    let mut slots = [0u8; 32];
    slots.copy_from_slice(&h[0x10..0x30]);
    if h[2] >= 12 {
        let mut t = [0u8; 32];
        for (i, &b) in slots.iter().enumerate() {
            t[(i + usize::from(k.xy) + 1) & 31] = b;
        }
        slots = t;
    }
    let mut board: [Option<(Color, PieceKind)>; 90] = [None; 90];
    for (i, &b) in slots.iter().enumerate() {
        let sq = b.wrapping_sub(k.xy);
        if sq > 89 {
            continue;
        }
        let (file, rank) = (sq / 10, sq % 10);
        let idx = usize::from(rank) * 9 + usize::from(file);
        if board[idx].is_some() {
            return Err(XqfError::BadPosition(format!(
                "two pieces on {}",
                Square::new(file, rank).map_or(String::new(), |s| s.to_string())
            )));
        }
        let color = if i < 16 { Color::Red } else { Color::Black };
        board[idx] = Some((color, SLOT_KINDS[i % 16]));
    }
    let side = first_from
        .and_then(|from| {
            let (file, rank) = (from / 10, from % 10);
            board
                .get(usize::from(rank) * 9 + usize::from(file))
                .copied()
                .flatten()
        })
        .map_or(Color::Red, |(c, _)| c);
    let mut fen = String::new();
    for rank in (0..10).rev() {
        let mut empty = 0;
        for file in 0..9 {
            match board[rank * 9 + file] {
                None => empty += 1,
                Some((c, kind)) => {
                    if empty > 0 {
                        fen.push(char::from(b'0' + empty));
                        empty = 0;
                    }
                    let l = kind.fen_letter();
                    fen.push(if c == Color::Red {
                        l
                    } else {
                        l.to_ascii_lowercase()
                    });
                }
            }
        }
        if empty > 0 {
            fen.push(char::from(b'0' + empty));
        }
        if rank > 0 {
            fen.push('/');
        }
    }
    fen.push_str(if side == Color::Red { " w" } else { " b" });
    fen.push_str(" - - 0 1");
    Position::from_fen(&fen).map_err(|reason| XqfError::BadSetup { fen, reason })
}

/// One node of the move tree.
struct Node {
    from: u8,
    to: u8,
    comment: Option<String>,
    child: Option<usize>,
    sibling: Option<usize>,
    record: usize,
    offset: usize,
}

struct Records<'a> {
    bytes: &'a [u8],
    pos: usize,
    keys: Keys,
    version: u8,
    count: usize,
}

impl Records<'_> {
    fn take(&mut self, n: usize) -> Option<Vec<u8>> {
        let end = self.pos.checked_add(n)?;
        let slice = self.bytes.get(self.pos..end)?;
        let out = slice
            .iter()
            .enumerate()
            .map(|(i, &b)| b.wrapping_sub(self.keys.stream[(self.pos + i - HEADER_LEN) % 32]))
            .collect();
        self.pos = end;
        Some(out)
    }

    /// Reads one record: (from, to, has next, has variation, comment, record, offset).
    fn read(&mut self) -> Result<(Node, bool, bool), XqfError> {
        let record = self.count;
        let offset = self.pos;
        self.count += 1;
        let cut = XqfError::Truncated { record, offset };
        let r = self.take(4).ok_or(cut.clone())?;
        let from = r[0].wrapping_sub(24).wrapping_sub(self.keys.xyf);
        let to = r[1].wrapping_sub(32).wrapping_sub(self.keys.xyt);
        let flags = r[2];
        let (next, variation, has_comment) = if self.version <= 10 {
            (flags & 0xF0 != 0, flags & 0x0F != 0, true)
        } else {
            (flags & 0x80 != 0, flags & 0x40 != 0, flags & 0x20 != 0)
        };
        let mut comment = None;
        if has_comment {
            let l = self.take(4).ok_or(cut.clone())?;
            let length =
                i64::from(i32::from_le_bytes([l[0], l[1], l[2], l[3]])) - self.keys.comment;
            let remaining = (self.bytes.len() - self.pos) as i64;
            if length < 0 || length > remaining {
                return Err(XqfError::BadComment {
                    record,
                    offset,
                    length,
                });
            }
            let text = self.take(length as usize).ok_or(cut)?;
            let text = gbk(&text);
            if !text.is_empty() {
                comment = Some(text);
            }
        }
        Ok((
            Node {
                from,
                to,
                comment,
                child: None,
                sibling: None,
                record,
                offset,
            },
            next,
            variation,
        ))
    }
}

/// Reads the move tree (iteratively: files may hold long lines).
fn read_tree(r: &mut Records<'_>) -> Result<Vec<Node>, XqfError> {
    let mut nodes = Vec::new();
    if r.pos >= r.bytes.len() {
        return Ok(nodes);
    }
    let (root, mut next, _) = r.read()?;
    nodes.push(root);
    let mut cur = 0;
    let mut waiting: Vec<usize> = Vec::new();
    loop {
        if next {
            let (n, nx, var) = r.read()?;
            nodes.push(n);
            let id = nodes.len() - 1;
            nodes[cur].child = Some(id);
            if var {
                waiting.push(id);
            }
            cur = id;
            next = nx;
            continue;
        }
        // Nothing follows this node: the latest move with a variation gets it.
        let Some(x) = waiting.pop() else { break };
        let (n, nx, var) = r.read()?;
        nodes.push(n);
        let id = nodes.len() - 1;
        nodes[x].sibling = Some(id);
        if var {
            waiting.push(id);
        }
        cur = id;
        next = nx;
    }
    Ok(nodes)
}

fn to_move(n: &Node) -> Result<Move, XqfError> {
    let bad = XqfError::BadSquare {
        record: n.record,
        offset: n.offset,
        from: n.from,
        to: n.to,
    };
    let sq = |v: u8| {
        if v > 89 {
            None
        } else {
            Square::new(v / 10, v % 10)
        }
    };
    let (Some(a), Some(b)) = (sq(n.from), sq(n.to)) else {
        return Err(bad);
    };
    Move::new(a, b).ok_or(bad)
}

/// The line starting at node `first` (a move), with its variations. The
/// siblings of a variation's first move are alternatives to the same move as
/// the variation itself: the caller lists them, so they are skipped here.
fn line(
    nodes: &[Node],
    first: usize,
    depth: usize,
    is_variation: bool,
) -> Result<Vec<Element<XqfMove>>, XqfError> {
    if depth > MAX_NESTING {
        return Err(XqfError::TooDeep);
    }
    let mut out = Vec::new();
    let mut cur = Some(first);
    while let Some(i) = cur {
        let n = &nodes[i];
        out.push(Element::Move(XqfMove {
            mv: to_move(n)?,
            comment: n.comment.clone(),
        }));
        let mut alt = if is_variation && i == first {
            None
        } else {
            n.sibling
        };
        while let Some(s) = alt {
            out.push(Element::Variation(line(nodes, s, depth + 1, true)?));
            alt = nodes[s].sibling;
        }
        cur = n.child;
    }
    Ok(out)
}

/// Reads an XQF file.
///
/// # Errors
/// [`XqfError`]: not an XQF file, a bad start position, or a damaged move
/// record (with its number and offset). Moves are not checked for legality
/// here: see [`check_xqf`] and [`XqfGame::to_pgn_game`].
pub fn read_xqf(bytes: &[u8]) -> Result<XqfGame, XqfError> {
    if bytes.len() < HEADER_LEN {
        return Err(XqfError::NotXqf("shorter than the 1,024-byte header"));
    }
    if &bytes[..2] != b"XQ" {
        return Err(XqfError::NotXqf("does not start with `XQ`"));
    }
    let h = &bytes[..HEADER_LEN];
    let k = keys(h);
    let mut records = Records {
        bytes,
        pos: HEADER_LEN,
        keys: k,
        version: h[2],
        count: 0,
    };
    let nodes = read_tree(&mut records)?;
    let k = records.keys;
    let first_from = nodes
        .first()
        .and_then(|root| root.child)
        .map(|c| nodes[c].from);
    let start = start_position(h, &k, first_from)?;
    let movetext = match nodes.first().and_then(|root| root.child) {
        Some(c) => line(&nodes, c, 0, false)?,
        None => Vec::new(),
    };
    Ok(XqfGame {
        version: h[2],
        title: pascal(h, 0x50, 64),
        event: pascal(h, 0xD0, 64),
        date: pascal(h, 0x110, 16),
        site: pascal(h, 0x120, 16),
        red: pascal(h, 0x130, 16),
        black: pascal(h, 0x140, 16),
        result: match h[0x33] {
            1 => XiangqiResult::RedWins,
            2 => XiangqiResult::BlackWins,
            3 => XiangqiResult::Draw,
            _ => XiangqiResult::Unknown,
        },
        game_type: h[0x40],
        start,
        comment: nodes.first().and_then(|r| r.comment.clone()),
        movetext,
    })
}

impl XqfGame {
    /// The moves of the main line.
    #[must_use]
    pub fn main_line(&self) -> Vec<Move> {
        self.movetext
            .iter()
            .filter_map(|e| match e {
                Element::Move(m) => Some(m.mv),
                _ => None,
            })
            .collect()
    }

    /// The game as a PGN game (xqbase tags: `Game`, `Event` (the event, else
    /// the title), `Site`, `Date`, `Red`, `Black`, `Result`, `FEN`), ready for
    /// [`crate::pgn::xiangqi::write_xiangqi_pgn`].
    ///
    /// # Errors
    /// [`XqfError::IllegalMove`] naming the first illegal move (main line or
    /// variation).
    pub fn to_pgn_game(&self) -> Result<XiangqiGame, XqfError> {
        let mut tags = vec![Tag {
            name: "Game".into(),
            value: "Chinese Chess".into(),
        }];
        let event = if self.event.is_empty() {
            &self.title
        } else {
            &self.event
        };
        for (name, value) in [
            ("Event", event),
            ("Site", &self.site),
            ("Date", &self.date),
            ("Red", &self.red),
            ("Black", &self.black),
        ] {
            if !value.is_empty() {
                tags.push(Tag {
                    name: name.into(),
                    value: value.clone(),
                });
            }
        }
        tags.push(Tag {
            name: "Result".into(),
            value: self.result.as_str().into(),
        });
        tags.push(Tag {
            name: "FEN".into(),
            value: self.start.to_fen(),
        });
        let mut moves = Vec::new();
        let mut movetext = Vec::new();
        if let Some(c) = &self.comment {
            movetext.push(Element::Comment(c.clone()));
        }
        movetext.extend(convert_line(&self.start, &self.movetext, &mut |m| {
            moves.push(m);
        })?);
        Ok(XiangqiGame {
            number: 1,
            tags,
            start: self.start.clone(),
            moves,
            movetext,
            result: self.result,
            notation: Notation::Iccs,
        })
    }
}

fn convert_line(
    start: &Position,
    elements: &[Element<XqfMove>],
    main: &mut dyn FnMut(Move),
) -> Result<Vec<Element<XiangqiMove>>, XqfError> {
    let mut pos = start.clone();
    let mut before: Option<Position> = None;
    let mut out = Vec::new();
    let mut ply = 0;
    for e in elements {
        match e {
            Element::Move(m) => {
                ply += 1;
                if !pos.is_legal(m.mv) {
                    return Err(XqfError::IllegalMove(format!(
                        "move {} {} (ply {ply}) is not legal",
                        crate::pgn::xiangqi::move_number_label(&pos),
                        m.mv
                    )));
                }
                before = Some(pos.clone());
                pos.make_move(m.mv);
                main(m.mv);
                out.push(Element::Move(XiangqiMove {
                    mv: m.mv,
                    text: m.mv.to_string(),
                    line: 0,
                    column: 0,
                }));
                if let Some(c) = &m.comment {
                    out.push(Element::Comment(c.clone()));
                }
            }
            Element::Variation(v) => {
                if let Some(b) = &before {
                    out.push(Element::Variation(convert_line(b, v, &mut |_| {})?));
                }
            }
            Element::Comment(c) => out.push(Element::Comment(c.clone())),
            Element::Nag(n) => out.push(Element::Nag(*n)),
        }
    }
    Ok(out)
}

/// Validates the main line of an XQF game: the first illegal move, plies,
/// and the result byte against the final position (the same rules as
/// [`crate::pgn::xiangqi::check_xiangqi`]).
#[must_use]
pub fn check_xqf(game: &XqfGame) -> XiangqiCheck {
    check_moves(1, &game.start, &game.main_line(), game.result)
}

/// Why a game could not be written as XQF.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum XqfWriteError {
    /// More pieces of a kind than XQF has slots for (2 rooks, horses,
    /// elephants, advisors, cannons, 1 king, 5 pawns a side).
    #[error("the start position has more {color:?} {kind:?}s than XQF can hold")]
    TooManyPieces {
        /// Side of the piece.
        color: Color,
        /// Kind of the piece.
        kind: PieceKind,
    },
    /// XQF tells the side to move only by the first move: a position with
    /// Black to move and no move cannot be written.
    #[error("XQF cannot record Black to move in a game without moves")]
    BlackToMoveWithoutMoves,
    /// A comment longer than a 32-bit length.
    #[error("a comment of {0} bytes is too long for XQF")]
    CommentTooLong(usize),
    /// Variations nested too deeply.
    #[error("variations nested more than {MAX_NESTING} deep")]
    TooDeep,
}

impl XqfWriteError {
    /// The message in `lang`: [`Lang::En`] is the `Display` text.
    #[must_use]
    pub fn text(&self, lang: Lang) -> String {
        if lang == Lang::En {
            return self.to_string();
        }
        match self {
            XqfWriteError::TooManyPieces { color, kind } => format!(
                "起始局面中{}的{}多于 XQF 能记录的数目",
                match color {
                    Color::Red => "红方",
                    Color::Black => "黑方",
                },
                kind.chinese(*color)
            ),
            XqfWriteError::BlackToMoveWithoutMoves => {
                "XQF 无法记录没有着法、由黑方先走的对局".to_string()
            }
            XqfWriteError::CommentTooLong(n) => format!("{n} 字节的注释超出 XQF 的长度上限"),
            XqfWriteError::TooDeep => format!("变着嵌套超过 {MAX_NESTING} 层"),
        }
    }
}

/// A string as GBK (characters GBK lacks become `?`), cut to at most `max`
/// bytes without splitting a two-byte character.
fn gbk_bytes(text: &str, max: usize) -> Vec<u8> {
    let mut out = Vec::new();
    let mut buf = [0u8; 4];
    for c in text.chars() {
        let (bytes, _, unmappable) = encoding_rs::GBK.encode(c.encode_utf8(&mut buf));
        let bytes: &[u8] = if unmappable { b"?" } else { &bytes };
        if out.len() + bytes.len() > max {
            break;
        }
        out.extend_from_slice(bytes);
    }
    out
}

/// Puts a Pascal string (length byte, GBK text) in a field of `size` bytes.
fn put_pascal(h: &mut [u8], at: usize, size: usize, text: &str) {
    let bytes = gbk_bytes(text, size - 1);
    h[at] = bytes.len() as u8;
    h[at + 1..at + 1 + bytes.len()].copy_from_slice(&bytes);
}

/// A square as XQF writes it: `file * 10 + rank`.
fn xqf_square(sq: Square) -> u8 {
    sq.file() * 10 + sq.rank()
}

struct Writer {
    out: Vec<u8>,
}

impl Writer {
    /// One version-10 record: squares plus 24 / 32, flags `0xF0` (a next
    /// move follows) and `0x0F` (a variation follows), then the comment's
    /// 32-bit length and its GBK bytes.
    fn record(
        &mut self,
        from: u8,
        to: u8,
        (next, variation): (bool, bool),
        reserved: u8,
        comment: Option<&str>,
    ) -> Result<(), XqfWriteError> {
        let flags = if next { 0xF0 } else { 0 } | if variation { 0x0F } else { 0 };
        self.out
            .extend_from_slice(&[from.wrapping_add(24), to.wrapping_add(32), flags, reserved]);
        let text = comment.map_or_else(Vec::new, |c| gbk_bytes(c, usize::MAX));
        let len =
            i32::try_from(text.len()).map_err(|_| XqfWriteError::CommentTooLong(text.len()))?;
        self.out.extend_from_slice(&len.to_le_bytes());
        self.out.extend_from_slice(&text);
        Ok(())
    }

    /// Writes a line in the reader's pre-order: every move of the line (each
    /// followed by its successor), then, latest move first, the alternatives
    /// to each move (a chain of siblings, each with its own continuation).
    /// In a variation (`is_variation`), the first move's alternatives are
    /// the caller's (they are alternatives to the same move): `has_sibling`
    /// says whether another one follows it in the chain.
    fn line(
        &mut self,
        elements: &[Element<XqfMove>],
        has_sibling: bool,
        is_variation: bool,
        depth: usize,
    ) -> Result<(), XqfWriteError> {
        if depth > MAX_NESTING {
            return Err(XqfWriteError::TooDeep);
        }
        let moves = split_line(elements);
        let mut chains = Vec::with_capacity(moves.len());
        for (i, (_, vars)) in moves.iter().enumerate() {
            chains.push(if i == 0 && is_variation {
                Vec::new()
            } else {
                let mut chain = Vec::new();
                flatten(vars, &mut chain, depth)?;
                chain
            });
        }
        for (i, (m, _)) in moves.iter().enumerate() {
            let sibling = (i == 0 && has_sibling) || !chains[i].is_empty();
            self.record(
                xqf_square(m.mv.from()),
                xqf_square(m.mv.to()),
                (i + 1 < moves.len(), sibling),
                0,
                m.comment.as_deref(),
            )?;
        }
        for chain in chains.iter().rev() {
            for (j, v) in chain.iter().enumerate() {
                self.line(v, j + 1 < chain.len(), true, depth + 1)?;
            }
        }
        Ok(())
    }
}

/// The moves of a line, each with the variations written after it (those
/// without a move are dropped: XQF cannot hold them).
#[allow(clippy::type_complexity)]
fn split_line(elements: &[Element<XqfMove>]) -> Vec<(&XqfMove, Vec<&[Element<XqfMove>]>)> {
    let mut moves: Vec<(&XqfMove, Vec<&[Element<XqfMove>]>)> = Vec::new();
    for e in elements {
        match e {
            Element::Move(m) => moves.push((m, Vec::new())),
            Element::Variation(v) => {
                if let Some((_, vars)) = moves.last_mut() {
                    if v.iter().any(|e| matches!(e, Element::Move(_))) {
                        vars.push(v);
                    }
                }
            }
            Element::Comment(_) | Element::Nag(_) => {}
        }
    }
    moves
}

/// The alternatives to one move in sibling order: each variation, followed
/// by the variations on its own first move (alternatives to the same move).
fn flatten<'a>(
    vars: &[&'a [Element<XqfMove>]],
    out: &mut Vec<&'a [Element<XqfMove>]>,
    depth: usize,
) -> Result<(), XqfWriteError> {
    if depth > MAX_NESTING {
        return Err(XqfWriteError::TooDeep);
    }
    for v in vars {
        out.push(v);
        if let Some((_, nested)) = split_line(v).into_iter().next() {
            flatten(&nested, out, depth + 1)?;
        }
    }
    Ok(())
}

/// The first move of a movetext, if any.
fn first_move(elements: &[Element<XqfMove>]) -> Option<Move> {
    elements.iter().find_map(|e| match e {
        Element::Move(m) => Some(m.mv),
        _ => None,
    })
}

/// Writes a game as XQF 1.0 (version byte 10, not obfuscated), the layout
/// [`read_xqf`] reads: the header fields (title, event, date, site, Red,
/// Black as GBK Pascal strings cut to their field without splitting a
/// character; the result byte; the game type), the start position in the
/// 32 piece slots, then the move tree from 0x400 with the comments.
///
/// Moves are written as they are (legality is the reader's and
/// [`check_xqf`]'s business). The fields `version` and the move counters of
/// the start position are not written (XQF has no place for them).
///
/// ```
/// use qiyuan_formats::xqf::{read_xqf, write_xqf};
/// let bytes = std::fs::read(concat!(
///     env!("CARGO_MANIFEST_DIR"),
///     "/../../testdata/games/xiangqi/xqf/ccpd-game14.v18.xqf"
/// ))
/// .unwrap();
/// let game = read_xqf(&bytes).unwrap();
/// let again = read_xqf(&write_xqf(&game).unwrap()).unwrap();
/// assert_eq!(again.version, 10);
/// assert_eq!(again.main_line(), game.main_line());
/// ```
///
/// # Errors
/// [`XqfWriteError`]: a start position XQF cannot hold (too many pieces of
/// a kind; Black to move with no move to show it), a comment too long, or
/// variations nested too deeply.
pub fn write_xqf(game: &XqfGame) -> Result<Vec<u8>, XqfWriteError> {
    let mut h = vec![0u8; HEADER_LEN];
    h[0] = b'X';
    h[1] = b'Q';
    h[2] = 10;
    // The 32 slots; a piece off the board is any value above 89.
    // Pieces fill their kind's slots in FEN order (rank 9 down to 0, files
    // left to right), as the encoder of the shared XQF files does.
    let mut slots = [0xFFu8; 32];
    let squares = (0..10u8)
        .rev()
        .flat_map(|rank| (0..9u8).filter_map(move |file| Square::new(file, rank)));
    for (sq, piece) in squares.filter_map(|sq| game.start.piece_at(sq).map(|p| (sq, p))) {
        let base = if piece.color == Color::Red { 0 } else { 16 };
        let free = (0..16).find(|&i| SLOT_KINDS[i] == piece.kind && slots[base + i] == 0xFF);
        let Some(i) = free else {
            return Err(XqfWriteError::TooManyPieces {
                color: piece.color,
                kind: piece.kind,
            });
        };
        slots[base + i] = xqf_square(sq);
    }
    h[0x10..0x30].copy_from_slice(&slots);
    let first = first_move(&game.movetext);
    if game.start.side_to_move() == Color::Black && first.is_none() {
        return Err(XqfWriteError::BlackToMoveWithoutMoves);
    }
    h[0x33] = match game.result {
        XiangqiResult::Unknown => 0,
        XiangqiResult::RedWins => 1,
        XiangqiResult::BlackWins => 2,
        XiangqiResult::Draw => 3,
    };
    h[0x40] = game.game_type;
    put_pascal(&mut h, 0x50, 64, &game.title);
    put_pascal(&mut h, 0xD0, 64, &game.event);
    put_pascal(&mut h, 0x110, 16, &game.date);
    put_pascal(&mut h, 0x120, 16, &game.site);
    put_pascal(&mut h, 0x130, 16, &game.red);
    put_pascal(&mut h, 0x140, 16, &game.black);
    let mut w = Writer { out: h };
    // The root: the start position, with the game's comment; its reserved
    // byte is 0xFF, as in XQStudio's files.
    w.record(
        0,
        0,
        (first.is_some(), false),
        0xFF,
        game.comment.as_deref(),
    )?;
    w.line(&game.movetext, false, false, 0)?;
    Ok(w.out)
}

impl XqfGame {
    /// A PGN game as an XQF game, for [`write_xqf`]: the `Event` tag as
    /// title and event, `Date`, `Site`, `Red`, `Black`, the result, game
    /// type 0 (全局) from the initial position and 2 (中局) from a set-up
    /// one. Comments go with the move before them (the ones before the first
    /// move with the start position); NAGs are dropped (XQF has none).
    #[must_use]
    pub fn from_pgn_game(game: &XiangqiGame) -> XqfGame {
        let tag = |name: &str| game.tag(name).unwrap_or("").to_string();
        let initial = game.start.to_fen().split(' ').next()
            == Position::startpos().to_fen().split(' ').next()
            && game.start.side_to_move() == Color::Red;
        let mut comment = None;
        let movetext = xqf_line(&game.movetext, &mut comment);
        XqfGame {
            version: 10,
            title: tag("Event"),
            event: tag("Event"),
            date: tag("Date"),
            site: tag("Site"),
            red: tag("Red"),
            black: tag("Black"),
            result: game.result,
            game_type: if initial { 0 } else { 2 },
            start: game.start.clone(),
            comment,
            movetext,
        }
    }
}

fn join_comment(slot: &mut Option<String>, text: &str) {
    match slot {
        Some(c) => {
            c.push('\n');
            c.push_str(text);
        }
        None => *slot = Some(text.to_string()),
    }
}

/// PGN movetext as XQF movetext: comments attached to the move before them
/// (before any move: to `lead`).
fn xqf_line(elements: &[Element<XiangqiMove>], lead: &mut Option<String>) -> Vec<Element<XqfMove>> {
    let mut out: Vec<Element<XqfMove>> = Vec::new();
    let mut last: Option<usize> = None;
    for e in elements {
        match e {
            Element::Move(m) => {
                out.push(Element::Move(XqfMove {
                    mv: m.mv,
                    comment: None,
                }));
                last = Some(out.len() - 1);
            }
            Element::Comment(c) => match last.map(|i| &mut out[i]) {
                Some(Element::Move(m)) => join_comment(&mut m.comment, c),
                _ => join_comment(lead, c),
            },
            Element::Variation(v) => {
                // A comment before the variation's first move goes with that move.
                let mut head = None;
                let mut line = xqf_line(v, &mut head);
                if let (Some(h), Some(Element::Move(m))) = (head, line.first_mut()) {
                    let after = m.comment.take();
                    m.comment = Some(match after {
                        Some(a) => format!("{h}\n{a}"),
                        None => h,
                    });
                }
                out.push(Element::Variation(line));
            }
            Element::Nag(_) => {}
        }
    }
    out
}
