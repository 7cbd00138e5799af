//! Every error of the crate in both languages: English is the `Display`
//! text, Chinese has no English sentence and keeps the figures.

use qiyuan_swiss::PairingError;
use qiyuan_swiss::generator::{ConfigError, GeneratorConfig, generate};
use qiyuan_vocab::{Lang, check_message, digit_runs};

/// One example of every variant (a new variant fails to compile in the
/// `match` until it has one here).
fn pairing_examples() -> Vec<PairingError> {
    let config = GeneratorConfig::parse("players = 1").map_or_else(
        |e| PairingError::InvalidInput(e.to_string()),
        |_| unreachable!("one player is refused"),
    );
    let bad = GeneratorConfig {
        players: 1,
        ..GeneratorConfig::default()
    };
    let generated = generate(&bad, 1).unwrap_err();
    let v = vec![
        PairingError::NoValidPairing,
        PairingError::InvalidInput("TPN 0".into()),
        PairingError::InvalidInput("TPN 7 appears twice".into()),
        PairingError::InvalidInput("player 3 has 1 rounds of history before round 4".into()),
        PairingError::InvalidInput("round 0".into()),
        config,
        generated,
    ];
    for e in &v {
        match e {
            PairingError::NoValidPairing | PairingError::InvalidInput(_) => {}
        }
    }
    v
}

fn config_examples() -> Vec<ConfigError> {
    let v: Vec<ConfigError> = [
        "players",
        "players = x",
        "draw_percent = 120",
        "min_rating = 10000",
        "accelerated = maybe",
        "colour = white",
        "players = 1",
        "rounds = 0",
        "min_rating = 2000\nmax_rating = 1000",
        "players = 10\nbye_percent = 101",
    ]
    .iter()
    .map(|t| GeneratorConfig::parse(t).unwrap_err())
    .collect();
    for e in &v {
        match e {
            ConfigError::Line { .. } | ConfigError::Invalid(_) => {}
        }
    }
    v
}

fn check(en: String, shown: String, zh: String) {
    if let Err(e) = check_message(&shown, &en, &zh, &digit_runs(&en)) {
        panic!("{e}");
    }
}

#[test]
fn pairing_errors_in_both_languages() {
    for e in pairing_examples() {
        check(e.text(Lang::En), e.to_string(), e.text(Lang::Zh));
    }
    assert_eq!(
        PairingError::InvalidInput("player 3 has 1 rounds of history before round 4".into())
            .text(Lang::Zh),
        "编排输入有误：棋手 3 在第 4 轮之前只有 1 轮记录"
    );
}

#[test]
fn config_errors_in_both_languages() {
    for e in config_examples() {
        check(e.text(Lang::En), e.to_string(), e.text(Lang::Zh));
    }
    assert_eq!(
        GeneratorConfig::parse("rounds = 0")
            .unwrap_err()
            .text(Lang::Zh),
        "设置：`rounds` = 0：须在 1-999 之间"
    );
}
