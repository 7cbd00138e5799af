//! Move tables computed at compile time (const fn), one entry per square.
//!
//! Each list is a fixed array with a length, so generation never allocates
//! and never tests board edges at run time.

/// A short list of squares (and, for the horse and elephant, the square that
/// must be empty: the horse leg 马腿 or the elephant eye 象眼).
#[derive(Clone, Copy)]
pub(crate) struct Steps<const N: usize> {
    pub len: u8,
    pub to: [u8; N],
    pub block: [u8; N],
}

impl<const N: usize> Steps<N> {
    const EMPTY: Self = Steps {
        len: 0,
        to: [0; N],
        block: [0; N],
    };

    const fn push(mut self, to: u8, block: u8) -> Self {
        self.to[self.len as usize] = to;
        self.block[self.len as usize] = block;
        self.len += 1;
        self
    }
}

const fn sq(file: i32, rank: i32) -> Option<u8> {
    if file >= 0 && file < 9 && rank >= 0 && rank < 10 {
        Some((rank * 9 + file) as u8)
    } else {
        None
    }
}

/// Palace (九宫): files d–f, ranks 0–2 for Red, 7–9 for Black.
pub(crate) const fn in_palace(file: i32, rank: i32) -> bool {
    file >= 3 && file <= 5 && (rank <= 2 || rank >= 7) && rank >= 0 && rank <= 9
}

/// Red side of the river: ranks 0–4.
const fn red_half(rank: i32) -> bool {
    rank <= 4
}

const ORTHO: [(i32, i32); 4] = [(0, 1), (0, -1), (1, 0), (-1, 0)];
const DIAG: [(i32, i32); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];
/// Horse jumps (file, rank) with the leg offset from the horse.
const HORSE: [((i32, i32), (i32, i32)); 8] = [
    ((1, 2), (0, 1)),
    ((-1, 2), (0, 1)),
    ((1, -2), (0, -1)),
    ((-1, -2), (0, -1)),
    ((2, 1), (1, 0)),
    ((2, -1), (1, 0)),
    ((-2, 1), (-1, 0)),
    ((-2, -1), (-1, 0)),
];

/// King (帅/将): one step orthogonally, inside its palace.
pub(crate) static KING: [Steps<4>; 90] = {
    let mut t = [Steps::EMPTY; 90];
    let mut s = 0;
    while s < 90 {
        let (f, r) = ((s % 9) as i32, (s / 9) as i32);
        if in_palace(f, r) {
            let mut d = 0;
            while d < 4 {
                let (nf, nr) = (f + ORTHO[d].0, r + ORTHO[d].1);
                if in_palace(nf, nr) && red_half(nr) == red_half(r) {
                    if let Some(to) = sq(nf, nr) {
                        t[s] = t[s].push(to, to);
                    }
                }
                d += 1;
            }
        }
        s += 1;
    }
    t
};

/// Advisor (仕/士): one step diagonally, inside its palace.
pub(crate) static ADVISOR: [Steps<4>; 90] = {
    let mut t = [Steps::EMPTY; 90];
    let mut s = 0;
    while s < 90 {
        let (f, r) = ((s % 9) as i32, (s / 9) as i32);
        if in_palace(f, r) {
            let mut d = 0;
            while d < 4 {
                let (nf, nr) = (f + DIAG[d].0, r + DIAG[d].1);
                if in_palace(nf, nr) && red_half(nr) == red_half(r) {
                    if let Some(to) = sq(nf, nr) {
                        t[s] = t[s].push(to, to);
                    }
                }
                d += 1;
            }
        }
        s += 1;
    }
    t
};

/// Elephant (相/象): two steps diagonally, never across the river, blocked
/// by a piece on the eye (the point in between).
pub(crate) static ELEPHANT: [Steps<4>; 90] = {
    let mut t = [Steps::EMPTY; 90];
    let mut s = 0;
    while s < 90 {
        let (f, r) = ((s % 9) as i32, (s / 9) as i32);
        let mut d = 0;
        while d < 4 {
            let (nf, nr) = (f + 2 * DIAG[d].0, r + 2 * DIAG[d].1);
            if red_half(nr) == red_half(r) {
                if let (Some(to), Some(eye)) = (sq(nf, nr), sq(f + DIAG[d].0, r + DIAG[d].1)) {
                    t[s] = t[s].push(to, eye);
                }
            }
            d += 1;
        }
        s += 1;
    }
    t
};

/// Horse (马): the eight jumps with their leg (马腿).
pub(crate) static HORSE_MOVES: [Steps<8>; 90] = {
    let mut t = [Steps::EMPTY; 90];
    let mut s = 0;
    while s < 90 {
        let (f, r) = ((s % 9) as i32, (s / 9) as i32);
        let mut d = 0;
        while d < 8 {
            let ((df, dr), (lf, lr)) = HORSE[d];
            if let (Some(to), Some(leg)) = (sq(f + df, r + dr), sq(f + lf, r + lr)) {
                t[s] = t[s].push(to, leg);
            }
            d += 1;
        }
        s += 1;
    }
    t
};

/// For a target square: the squares a horse may attack it from, with the
/// leg that must be empty (always a diagonal neighbour of the target).
pub(crate) static HORSE_ATTACKERS: [Steps<8>; 90] = {
    let mut t = [Steps::EMPTY; 90];
    let mut s = 0;
    while s < 90 {
        let (f, r) = ((s % 9) as i32, (s / 9) as i32);
        let mut d = 0;
        while d < 8 {
            let ((df, dr), (lf, lr)) = HORSE[d];
            let (hf, hr) = (f - df, r - dr);
            if let (Some(from), Some(leg)) = (sq(hf, hr), sq(hf + lf, hr + lr)) {
                t[s] = t[s].push(from, leg);
            }
            d += 1;
        }
        s += 1;
    }
    t
};

/// Pawn (兵/卒) moves, per colour: forward one step, and sideways once it has
/// crossed the river. Index `[color][square]`.
pub(crate) static PAWN: [[Steps<3>; 90]; 2] = {
    let mut t = [[Steps::EMPTY; 90]; 2];
    let mut c = 0;
    while c < 2 {
        let fwd = if c == 0 { 1 } else { -1 };
        let mut s = 0;
        while s < 90 {
            let (f, r) = ((s % 9) as i32, (s / 9) as i32);
            if let Some(to) = sq(f, r + fwd) {
                t[c][s] = t[c][s].push(to, to);
            }
            let crossed = if c == 0 { r >= 5 } else { r <= 4 };
            if crossed {
                if let Some(to) = sq(f - 1, r) {
                    t[c][s] = t[c][s].push(to, to);
                }
                if let Some(to) = sq(f + 1, r) {
                    t[c][s] = t[c][s].push(to, to);
                }
            }
            s += 1;
        }
        c += 1;
    }
    t
};

/// The four rays (north, south, east, west) from each square, nearest first.
/// Directions 0 and 1 are along the file (up and down).
pub(crate) static RAYS: [[Steps<9>; 4]; 90] = {
    let mut t = [[Steps::EMPTY; 4]; 90];
    let mut s = 0;
    while s < 90 {
        let (f, r) = ((s % 9) as i32, (s / 9) as i32);
        let mut d = 0;
        while d < 4 {
            let (df, dr) = ORTHO[d];
            let (mut nf, mut nr) = (f + df, r + dr);
            while let Some(to) = sq(nf, nr) {
                t[s][d] = t[s][d].push(to, to);
                nf += df;
                nr += dr;
            }
            d += 1;
        }
        s += 1;
    }
    t
};

/// How a square relates to a king square, `KING_RELATION[king][square]`:
/// 0 for nothing; 1–4 for "on ray d" (d + 1, d as in [`RAYS`]); 8 for a
/// diagonal neighbour (a horse leg of attacks on the king).
pub(crate) static KING_RELATION: [[u8; 90]; 90] = {
    let mut t = [[0u8; 90]; 90];
    let mut k = 0;
    while k < 90 {
        let mut d = 0;
        while d < 4 {
            let ray = &RAYS[k][d];
            let mut i = 0;
            while i < ray.len as usize {
                t[k][ray.to[i] as usize] = d as u8 + 1;
                i += 1;
            }
            d += 1;
        }
        let (f, r) = ((k % 9) as i32, (k / 9) as i32);
        let mut d = 0;
        while d < 4 {
            if let Some(n) = sq(f + DIAG[d].0, r + DIAG[d].1) {
                t[k][n as usize] = 8;
            }
            d += 1;
        }
        k += 1;
    }
    t
};
