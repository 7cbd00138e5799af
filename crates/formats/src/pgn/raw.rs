//! The movetext-agnostic PGN reader: tag pairs and a token stream of move
//! texts, comments, NAGs, variations and the result. Chess and xiangqi
//! dialects share it; the move texts are interpreted by the caller.

use super::{PgnError, PgnErrorKind};

/// A tag pair `[Name "value"]`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Tag {
    /// The tag name (`Event`, `White`, `FEN`, ...).
    pub name: String,
    /// The value with `\"` and `\\` escapes resolved.
    pub value: String,
}

/// One item of movetext, generic over the move type `M`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Element<M> {
    /// A move.
    Move(M),
    /// A comment, `{...}` or `;...` (text without the delimiters, trimmed).
    Comment(String),
    /// A Numeric Annotation Glyph (`$1`; `!` `?` `!!` `??` `!?` `?!` are read as $1–$6).
    Nag(u8),
    /// A recursive annotation variation `( ... )`: alternatives to the move before it.
    Variation(Vec<Element<M>>),
}

impl<M> Element<M> {
    /// The argument of an embedded command `[%name args]` in a comment, as
    /// lichess and ChessBase write clock and engine data (`[%clk 0:03:00]`,
    /// `[%eval 0.17]`, `[%eval #-3]`); `None` for other elements.
    ///
    /// ```
    /// use qiyuan_formats::pgn::Element;
    /// let c: Element<()> = Element::Comment("[%eval 0.52] [%clk 0:00:58]".into());
    /// assert_eq!(c.command("clk"), Some("0:00:58"));
    /// assert_eq!(c.command("eval"), Some("0.52"));
    /// assert_eq!(c.command("emt"), None);
    /// ```
    pub fn command(&self, name: &str) -> Option<&str> {
        let Element::Comment(c) = self else {
            return None;
        };
        let mut rest = c.as_str();
        while let Some(i) = rest.find("[%") {
            rest = &rest[i + 2..];
            let end = rest.find(']')?;
            let body = &rest[..end];
            let (n, args) = body.split_once(char::is_whitespace).unwrap_or((body, ""));
            if n == name {
                return Some(args.trim());
            }
            rest = &rest[end..];
        }
        None
    }
}

/// A move as written, with its place in the file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MoveToken {
    /// The move text with move numbers and `!`/`?` glyphs removed (`Nf3`, `炮二平五`).
    pub text: String,
    /// 1-based line.
    pub line: usize,
    /// 1-based column, in characters.
    pub column: usize,
}

/// A game as read, before its moves are interpreted.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RawGame {
    /// 1-based number of the game in the file.
    pub number: usize,
    /// Line where the game starts.
    pub line: usize,
    /// The tag pairs in file order.
    pub tags: Vec<Tag>,
    /// The movetext.
    pub movetext: Vec<Element<MoveToken>>,
    /// The result token ending the movetext (`1-0`, `0-1`, `1/2-1/2`, `*`), if any.
    pub result: Option<String>,
}

impl RawGame {
    /// The value of the first tag with this name.
    pub fn tag(&self, name: &str) -> Option<&str> {
        first_tag(&self.tags, name)
    }

    /// The set-up position: the `FEN` tag, trimmed, when it is there and not
    /// empty (`None`: the game starts from the initial position).
    pub fn fen(&self) -> Option<&str> {
        self.tag("FEN").map(str::trim).filter(|f| !f.is_empty())
    }

    /// The result the game claims, as written: the result token ending the
    /// movetext, else the `Result` tag.
    pub fn claimed_result(&self) -> Option<&str> {
        self.result.as_deref().or(self.tag("Result"))
    }
}

/// The value of the first tag named `name` (a game may repeat a tag; the
/// first one counts), for the raw game and the games read from it.
pub(crate) fn first_tag<'a>(tags: &'a [Tag], name: &str) -> Option<&'a str> {
    tags.iter()
        .find(|t| t.name == name)
        .map(|t| t.value.as_str())
}

/// Iterator over the games of a PGN text; see [`read_raw`].
pub struct RawReader<'a> {
    b: &'a [u8],
    s: &'a str,
    pos: usize,
    line: usize,
    col: usize,
    games: usize,
}

/// Reads the games of a PGN text without interpreting the moves.
///
/// Tolerated: `%` escape lines, games without tags or without a result token
/// (a tag at the start of a line begins the next game), tag-only games
/// separated by blank lines (a repeated tag name begins the next game), text
/// after the result up to the next tag line (xqbase adverts), glyphs glued to
/// moves (`e4!?`), move numbers glued or spaced (`12.e4`, `3.   马８进７`).
///
/// ```
/// use qiyuan_formats::pgn::read_raw;
/// let g = read_raw("[White \"A\"]\n\n1. e4 {best} e5 (1... c5 $1) 2. Nf3 1-0\n")
///     .next().unwrap().unwrap();
/// assert_eq!(g.tag("White"), Some("A"));
/// assert_eq!(g.result.as_deref(), Some("1-0"));
/// assert_eq!(g.movetext.len(), 5);
/// ```
pub fn read_raw(text: &str) -> RawReader<'_> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    RawReader {
        b: text.as_bytes(),
        s: text,
        pos: 0,
        line: 1,
        col: 1,
        games: 0,
    }
}

fn is_result(t: &str) -> bool {
    matches!(t, "1-0" | "0-1" | "1/2-1/2" | "*" | "½-½")
}

fn glyph_nag(g: &str) -> Option<u8> {
    Some(match g {
        "!" => 1,
        "?" => 2,
        "!!" => 3,
        "??" => 4,
        "!?" => 5,
        "?!" => 6,
        _ => return None,
    })
}

impl RawReader<'_> {
    fn peek(&self) -> Option<u8> {
        self.b.get(self.pos).copied()
    }

    fn bump(&mut self) -> Option<u8> {
        let c = *self.b.get(self.pos)?;
        self.pos += 1;
        if c == b'\n' {
            self.line += 1;
            self.col = 1;
        } else if c & 0xC0 != 0x80 {
            self.col += 1;
        }
        Some(c)
    }

    fn err(&self, line: usize, column: usize, kind: PgnErrorKind) -> PgnError {
        PgnError {
            game: self.games,
            line,
            column,
            kind,
        }
    }

    /// Skips whitespace and `%` escape lines.
    fn skip_ws(&mut self) {
        while let Some(c) = self.peek() {
            if c == b'%' && self.col == 1 {
                self.skip_line();
            } else if c.is_ascii_whitespace() {
                self.bump();
            } else {
                break;
            }
        }
    }

    fn skip_line(&mut self) {
        while let Some(c) = self.bump() {
            if c == b'\n' {
                break;
            }
        }
    }

    /// After an error: skip to the next line starting with `[` that follows a
    /// blank line (or the end), so the next game can be read.
    fn recover(&mut self) {
        let mut blank = false;
        loop {
            if self.peek().is_none() {
                return;
            }
            if self.col == 1 && self.peek() == Some(b'[') && blank {
                return;
            }
            let start = self.pos;
            self.skip_line();
            blank = self.s[start..self.pos].trim().is_empty();
        }
    }

    /// Skips text after a result up to the next line that starts with `[`.
    fn skip_trailer(&mut self) {
        loop {
            self.skip_ws();
            match self.peek() {
                None => return,
                Some(b'[') if self.col == 1 => return,
                Some(_) => {
                    // Only skip lines that are not movetext of a tag-less next game:
                    // a line starting with a move number or a result is kept.
                    let rest = &self.s[self.pos..];
                    let first = rest.split_whitespace().next().unwrap_or("");
                    if self.col == 1
                        && (first.starts_with(|c: char| c.is_ascii_digit()) || first == "*")
                    {
                        return;
                    }
                    self.skip_line();
                }
            }
        }
    }

    fn read_tag(&mut self) -> Result<Tag, PgnError> {
        let (line, col) = (self.line, self.col);
        self.bump(); // '['
        while matches!(self.peek(), Some(b' ' | b'\t')) {
            self.bump();
        }
        let start = self.pos;
        while let Some(c) = self.peek() {
            if c.is_ascii_whitespace() || c == b'"' || c == b']' {
                break;
            }
            self.bump();
        }
        let name = self.s[start..self.pos].to_string();
        if name.is_empty() {
            return Err(self.err(line, col, PgnErrorKind::BadTag("no tag name".into())));
        }
        while matches!(self.peek(), Some(b' ' | b'\t')) {
            self.bump();
        }
        if self.peek() != Some(b'"') {
            return Err(self.err(
                self.line,
                self.col,
                PgnErrorKind::BadTag(format!("tag {name}: value must be in double quotes")),
            ));
        }
        self.bump();
        let mut value = String::new();
        let mut seg = self.pos;
        loop {
            match self.peek() {
                None | Some(b'\n') => {
                    return Err(self.err(line, col, PgnErrorKind::UnterminatedTag));
                }
                Some(b'\\') => {
                    value.push_str(&self.s[seg..self.pos]);
                    self.bump();
                    match self.peek() {
                        Some(c @ (b'"' | b'\\')) => {
                            self.bump();
                            value.push(c as char);
                        }
                        _ => value.push('\\'),
                    }
                    seg = self.pos;
                }
                Some(b'"') => {
                    // The closing quote is the one followed by `]`; others are kept.
                    let after = self.s[self.pos + 1..].trim_start_matches([' ', '\t']);
                    if after.starts_with(']') {
                        value.push_str(&self.s[seg..self.pos]);
                        self.bump();
                        while self.peek() != Some(b']') {
                            self.bump();
                        }
                        self.bump();
                        return Ok(Tag { name, value });
                    }
                    self.bump();
                }
                Some(_) => {
                    self.bump();
                }
            }
        }
    }

    fn read_game(&mut self) -> Result<Option<RawGame>, PgnError> {
        self.skip_ws();
        if self.peek().is_none() {
            return Ok(None);
        }
        self.games += 1;
        let mut game = RawGame {
            number: self.games,
            line: self.line,
            tags: Vec::new(),
            movetext: Vec::new(),
            result: None,
        };
        // Tag section.
        while self.peek() == Some(b'[') {
            let save = (self.pos, self.line, self.col);
            let tag = self.read_tag()?;
            if game.tags.iter().any(|t| t.name == tag.name) {
                // A repeated name: a new tag-only game begins here.
                (self.pos, self.line, self.col) = save;
                return Ok(Some(game));
            }
            game.tags.push(tag);
            self.skip_ws();
        }
        // Movetext.
        let mut stack: Vec<(Vec<Element<MoveToken>>, usize, usize)> = Vec::new();
        let mut cur: Vec<Element<MoveToken>> = Vec::new();
        loop {
            self.skip_ws();
            let (line, col) = (self.line, self.col);
            let Some(c) = self.peek() else { break };
            match c {
                b'[' if col == 1 => break,
                b'{' => {
                    self.bump();
                    let start = self.pos;
                    loop {
                        match self.bump() {
                            None => {
                                return Err(self.err(line, col, PgnErrorKind::UnterminatedComment));
                            }
                            Some(b'}') => break,
                            Some(_) => {}
                        }
                    }
                    cur.push(Element::Comment(
                        self.s[start..self.pos - 1].trim().to_string(),
                    ));
                }
                b';' => {
                    self.bump();
                    let start = self.pos;
                    self.skip_line();
                    cur.push(Element::Comment(self.s[start..self.pos].trim().to_string()));
                }
                b'(' => {
                    self.bump();
                    stack.push((std::mem::take(&mut cur), line, col));
                }
                b')' => {
                    self.bump();
                    let Some((outer, _, _)) = stack.pop() else {
                        return Err(self.err(line, col, PgnErrorKind::UnmatchedClose));
                    };
                    let var = std::mem::replace(&mut cur, outer);
                    cur.push(Element::Variation(var));
                }
                b'$' => {
                    self.bump();
                    let start = self.pos;
                    while self.peek().is_some_and(|c| c.is_ascii_digit()) {
                        self.bump();
                    }
                    let nag = self.s[start..self.pos]
                        .parse::<u8>()
                        .map_err(|_| self.err(line, col, PgnErrorKind::BadNag))?;
                    cur.push(Element::Nag(nag));
                }
                _ => {
                    let start = self.pos;
                    while let Some(c) = self.peek() {
                        if c.is_ascii_whitespace()
                            || matches!(c, b'{' | b'}' | b'(' | b')' | b';' | b'$')
                        {
                            break;
                        }
                        // `[` glued to text is part of it only if not at line start.
                        self.bump();
                    }
                    if self.pos == start {
                        // A stray `}`.
                        self.bump();
                        return Err(self.err(
                            line,
                            col,
                            PgnErrorKind::Unexpected("`}` without `{`".into()),
                        ));
                    }
                    let tok = &self.s[start..self.pos];
                    if is_result(tok) {
                        if stack.is_empty() {
                            game.result = Some(tok.to_string());
                            game.movetext = cur;
                            self.skip_trailer();
                            return Ok(Some(game));
                        }
                        continue; // a result inside a variation says nothing
                    }
                    self.symbol(tok, line, col, &mut cur);
                }
            }
        }
        if let Some((_, l, c)) = stack.last() {
            return Err(self.err(*l, *c, PgnErrorKind::UnclosedVariation));
        }
        game.movetext = cur;
        Ok(Some(game))
    }

    /// A symbol token: strips a move number (`12.`, `12...`) and glyphs.
    fn symbol(&self, tok: &str, line: usize, col: usize, cur: &mut Vec<Element<MoveToken>>) {
        let mut t = tok;
        let mut col = col;
        let digits = t.bytes().take_while(u8::is_ascii_digit).count();
        if digits > 0 {
            let dots = t[digits..].bytes().take_while(|&c| c == b'.').count();
            if dots > 0 || digits == t.len() {
                t = &t[digits + dots..];
                col += digits + dots;
            }
        } else {
            // `...` or `…` alone (continuation marks).
            t = t.trim_start_matches(['.', '…']);
            col += tok.chars().count() - t.chars().count();
        }
        if t.is_empty() {
            return;
        }
        let g = t
            .bytes()
            .rev()
            .take_while(|&c| c == b'!' || c == b'?')
            .count();
        let (mv, glyph) = t.split_at(t.len() - g);
        if !mv.is_empty() {
            cur.push(Element::Move(MoveToken {
                text: mv.to_string(),
                line,
                column: col,
            }));
        }
        if !glyph.is_empty() {
            cur.push(match glyph_nag(glyph) {
                Some(n) => Element::Nag(n),
                None => Element::Comment(glyph.to_string()),
            });
        }
    }
}

impl Iterator for RawReader<'_> {
    type Item = Result<RawGame, PgnError>;

    fn next(&mut self) -> Option<Self::Item> {
        match self.read_game() {
            Ok(Some(g)) => Some(Ok(g)),
            Ok(None) => None,
            Err(e) => {
                self.recover();
                Some(Err(e))
            }
        }
    }
}
