//! Glicko-2 (M. E. Glickman, "Example of the Glicko-2 system", 2013;
//! regulations §6.5), with rating periods and a configurable τ.
//!
//! Glicko-2 is defined over the reals (exp, ln, square roots and an
//! iterative root search), so it is computed in `f64`; nothing is rounded
//! (round for display only). The paper's example reproduces to its
//! published precision and the full-precision reference values within 1e-9.
//!
//! ```
//! use qiyuan_rating::online::glicko2::{Glicko2, Outcome, Rating};
//!
//! let system = Glicko2::builtin();
//! let player = Rating { rating: 1500.0, rd: 200.0, volatility: 0.06 };
//! let games = [
//!     Outcome { opponent: Rating { rating: 1400.0, rd: 30.0, volatility: 0.06 }, score: 1.0 },
//!     Outcome { opponent: Rating { rating: 1550.0, rd: 100.0, volatility: 0.06 }, score: 0.0 },
//!     Outcome { opponent: Rating { rating: 1700.0, rd: 300.0, volatility: 0.06 }, score: 0.0 },
//! ];
//! let new = system.rate(player, &games).unwrap();
//! assert_eq!(format!("{:.2} {:.2}", new.rating, new.rd), "1464.05 151.52");
//! ```

use std::collections::HashMap;
use std::f64::consts::PI;

use serde::Deserialize;

use super::{FxBuildHasher, OnlineError};

/// The most iterations of the volatility search (step 5) before giving up;
/// the paper's example needs a handful.
const MAX_ITERATIONS: u32 = 10_000;

/// A player's Glicko-2 standing on the Glicko (1500) scale.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Rating {
    /// r.
    pub rating: f64,
    /// RD, the rating deviation.
    pub rd: f64,
    /// σ, the volatility.
    pub volatility: f64,
}

/// One game of a rating period, seen from the player rated.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Outcome {
    /// The opponent's standing at the start of the period.
    pub opponent: Rating,
    /// The player's score: 1, ½ or 0.
    pub score: f64,
}

/// The Glicko-2 system's parameters (`profiles/glicko2.toml`).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Glicko2 {
    /// τ, constraining the change in volatility (the paper's example: 0.5).
    pub tau: f64,
    /// The convergence tolerance ε of the volatility search (0.000001).
    pub epsilon: f64,
    /// r of an unrated player (1500).
    pub initial_rating: f64,
    /// RD of an unrated player (350).
    pub initial_rd: f64,
    /// σ of an unrated player (0.06).
    pub initial_volatility: f64,
    /// The Glicko-2 scale factor (173.7178).
    pub scale: f64,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Glicko2Doc {
    #[allow(dead_code)]
    name: String,
    #[allow(dead_code)]
    description: String,
    tau: f64,
    epsilon: f64,
    initial_rating: f64,
    initial_rd: f64,
    initial_volatility: f64,
    scale: f64,
}

fn g(phi: f64) -> f64 {
    1.0 / (1.0 + 3.0 * phi * phi / (PI * PI)).sqrt()
}

fn check(what: &str, x: f64, positive: bool) -> Result<(), OnlineError> {
    if !x.is_finite() || (positive && x <= 0.0) {
        return Err(OnlineError::Glicko2(format!(
            "{what} must be a finite{} number, got {x}",
            if positive { " positive" } else { "" }
        )));
    }
    Ok(())
}

fn check_rating(r: &Rating) -> Result<(), OnlineError> {
    check("rating", r.rating, false)?;
    check("RD", r.rd, true)?;
    check("volatility", r.volatility, true)
}

impl Glicko2 {
    /// The built-in parameters (`profiles/glicko2.toml`: τ 0.5, ε 1e-6,
    /// 1500 / 350 / 0.06, scale 173.7178).
    pub fn builtin() -> Self {
        Self::from_toml(Self::builtin_source()).expect("the built-in glicko2.toml is valid")
    }

    /// The TOML text of the built-in parameters (`profiles/glicko2.toml`).
    pub fn builtin_source() -> &'static str {
        include_str!("../../profiles/glicko2.toml")
    }

    /// The built-in parameters with another τ.
    pub fn with_tau(tau: f64) -> Result<Self, OnlineError> {
        check("tau", tau, true)?;
        Ok(Glicko2 {
            tau,
            ..Self::builtin()
        })
    }

    /// Parses and checks parameters in the format of `profiles/glicko2.toml`.
    pub fn from_toml(text: &str) -> Result<Self, OnlineError> {
        let doc: Glicko2Doc =
            toml::from_str(text).map_err(|e| OnlineError::Definition(e.to_string()))?;
        let system = Glicko2 {
            tau: doc.tau,
            epsilon: doc.epsilon,
            initial_rating: doc.initial_rating,
            initial_rd: doc.initial_rd,
            initial_volatility: doc.initial_volatility,
            scale: doc.scale,
        };
        for (what, x, positive) in [
            ("tau", system.tau, true),
            ("epsilon", system.epsilon, true),
            ("initial_rating", system.initial_rating, false),
            ("initial_rd", system.initial_rd, true),
            ("initial_volatility", system.initial_volatility, true),
            ("scale", system.scale, true),
        ] {
            check(what, x, positive).map_err(|e| OnlineError::Definition(e.to_string()))?;
        }
        Ok(system)
    }

    /// An unrated player's standing.
    pub fn unrated(&self) -> Rating {
        Rating {
            rating: self.initial_rating,
            rd: self.initial_rd,
            volatility: self.initial_volatility,
        }
    }

    /// One rating period for one player (the paper's steps 2–8). With no
    /// games the rating and volatility stay and RD grows to
    /// √(φ² + σ²) × scale (step 6 alone).
    pub fn rate(&self, player: Rating, games: &[Outcome]) -> Result<Rating, OnlineError> {
        check_rating(&player)?;
        let s = self.scale;
        // Step 2: to the Glicko-2 scale.
        let mu = (player.rating - 1500.0) / s;
        let phi = player.rd / s;
        let sigma = player.volatility;
        if games.is_empty() {
            return Ok(Rating {
                rd: (phi * phi + sigma * sigma).sqrt() * s,
                ..player
            });
        }
        // Steps 3 and 4: v and Δ.
        let mut inv_v = 0.0;
        let mut sum = 0.0;
        for game in games {
            check_rating(&game.opponent)?;
            if !(0.0..=1.0).contains(&game.score) {
                return Err(OnlineError::Glicko2(format!(
                    "a score must be between 0 and 1, got {}",
                    game.score
                )));
            }
            let mu_j = (game.opponent.rating - 1500.0) / s;
            let g_j = g(game.opponent.rd / s);
            let e = 1.0 / (1.0 + (-g_j * (mu - mu_j)).exp());
            inv_v += g_j * g_j * e * (1.0 - e);
            sum += g_j * (game.score - e);
        }
        let v = 1.0 / inv_v;
        let delta = v * sum;
        // Step 5: the new volatility (the Illinois algorithm of the 2013 paper).
        let tau2 = self.tau * self.tau;
        let phi2 = phi * phi;
        let a = (sigma * sigma).ln();
        let f = |x: f64| {
            let ex = x.exp();
            let d = phi2 + v + ex;
            ex * (delta * delta - phi2 - v - ex) / (2.0 * d * d) - (x - a) / tau2
        };
        let mut big_a = a;
        let mut big_b = if delta * delta > phi2 + v {
            (delta * delta - phi2 - v).ln()
        } else {
            let mut k = 1.0;
            while f(a - k * self.tau) < 0.0 {
                k += 1.0;
                if k > f64::from(MAX_ITERATIONS) {
                    return Err(OnlineError::Glicko2("volatility bracket not found".into()));
                }
            }
            a - k * self.tau
        };
        let mut f_a = f(big_a);
        let mut f_b = f(big_b);
        let mut iterations = 0;
        while (big_b - big_a).abs() > self.epsilon {
            iterations += 1;
            if iterations > MAX_ITERATIONS || !f_a.is_finite() || !f_b.is_finite() {
                return Err(OnlineError::Glicko2(
                    "volatility search did not converge".into(),
                ));
            }
            let c = big_a + (big_a - big_b) * f_a / (f_b - f_a);
            let f_c = f(c);
            if f_c * f_b <= 0.0 {
                big_a = big_b;
                f_a = f_b;
            } else {
                f_a /= 2.0;
            }
            big_b = c;
            f_b = f_c;
        }
        let sigma_new = (big_a / 2.0).exp();
        // Steps 6 and 7.
        let phi_star2 = phi2 + sigma_new * sigma_new;
        let phi_new = 1.0 / (1.0 / phi_star2 + 1.0 / v).sqrt();
        let mu_new = mu + phi_new * phi_new * sum;
        // Step 8: back to the Glicko scale.
        Ok(Rating {
            rating: s * mu_new + 1500.0,
            rd: s * phi_new,
            volatility: sigma_new,
        })
    }
}

/// One game of a rating period between two players of a [`Glicko2Store`].
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct PeriodGame<'a> {
    /// One player.
    pub white: &'a str,
    /// The other player.
    pub black: &'a str,
    /// White's score: 1, ½ or 0 (black scores 1 − this).
    pub white_score: f64,
}

/// Players' Glicko-2 standings, rated period by period.
///
/// ```
/// use qiyuan_rating::online::glicko2::{Glicko2, Glicko2Store, PeriodGame};
///
/// let mut store = Glicko2Store::new(Glicko2::builtin());
/// store.rate_period(&[PeriodGame { white: "a", black: "b", white_score: 1.0 }]).unwrap();
/// assert!(store.get("a").unwrap().rating > 1500.0);
/// store.rate_period(&[]).unwrap(); // a period without games: RDs grow
/// ```
#[derive(Debug, Clone)]
pub struct Glicko2Store {
    system: Glicko2,
    players: HashMap<Box<str>, Rating, FxBuildHasher>,
}

impl Glicko2Store {
    /// An empty store under `system`.
    pub fn new(system: Glicko2) -> Self {
        Glicko2Store {
            system,
            players: HashMap::default(),
        }
    }

    /// The system's parameters.
    pub fn system(&self) -> &Glicko2 {
        &self.system
    }

    /// A player's standing, if known.
    pub fn get(&self, id: &str) -> Option<&Rating> {
        self.players.get(id)
    }

    /// Sets a player's standing.
    pub fn insert(&mut self, id: &str, rating: Rating) {
        self.players.insert(id.into(), rating);
    }

    /// Every player, in no particular order.
    pub fn iter(&self) -> impl Iterator<Item = (&str, &Rating)> {
        self.players.iter().map(|(k, v)| (&**k, v))
    }

    /// Number of players.
    pub fn len(&self) -> usize {
        self.players.len()
    }

    /// Whether the store has no player.
    pub fn is_empty(&self) -> bool {
        self.players.is_empty()
    }

    /// Rates one game as a rating period of its own for its two players
    /// (the way platforms rate game by game); other players are not
    /// touched. Returns both new standings. New players start unrated. On
    /// error nothing changes.
    pub fn rate_game(
        &mut self,
        white: &str,
        black: &str,
        white_score: f64,
    ) -> Result<(Rating, Rating), OnlineError> {
        if white == black {
            return Err(OnlineError::Glicko2(format!(
                "`{white}` cannot play against themself"
            )));
        }
        let unrated = self.system.unrated();
        let w = self.players.get(white).copied().unwrap_or(unrated);
        let b = self.players.get(black).copied().unwrap_or(unrated);
        let nw = self.system.rate(
            w,
            &[Outcome {
                opponent: b,
                score: white_score,
            }],
        )?;
        let nb = self.system.rate(
            b,
            &[Outcome {
                opponent: w,
                score: 1.0 - white_score,
            }],
        )?;
        for (id, new) in [(white, nw), (black, nb)] {
            match self.players.get_mut(id) {
                Some(r) => *r = new,
                None => {
                    self.players.insert(id.into(), new);
                }
            }
        }
        Ok((nw, nb))
    }

    /// Rates one period: every game is rated against the opponents'
    /// standings at the start of the period; every known player without a
    /// game sees RD grow. New players start unrated. On error nothing
    /// changes.
    pub fn rate_period(&mut self, games: &[PeriodGame<'_>]) -> Result<(), OnlineError> {
        let unrated = self.system.unrated();
        let before = |id: &str| self.players.get(id).copied().unwrap_or(unrated);
        let mut outcomes: HashMap<&str, Vec<Outcome>, FxBuildHasher> = HashMap::default();
        for game in games {
            if game.white == game.black {
                return Err(OnlineError::Glicko2(format!(
                    "`{}` cannot play against themself",
                    game.white
                )));
            }
            let (w, b) = (before(game.white), before(game.black));
            outcomes.entry(game.white).or_default().push(Outcome {
                opponent: b,
                score: game.white_score,
            });
            outcomes.entry(game.black).or_default().push(Outcome {
                opponent: w,
                score: 1.0 - game.white_score,
            });
        }
        let mut updated: Vec<(Box<str>, Rating)> = Vec::with_capacity(self.players.len());
        for (id, games) in &outcomes {
            updated.push(((*id).into(), self.system.rate(before(id), games)?));
        }
        for (id, rating) in &self.players {
            if !outcomes.contains_key(&**id) {
                updated.push((id.clone(), self.system.rate(*rating, &[])?));
            }
        }
        for (id, rating) in updated {
            self.players.insert(id, rating);
        }
        Ok(())
    }
}
