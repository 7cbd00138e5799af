//! `qiyuan points` end to end: the binary, its state file and its errors.

use std::io::Write;
use std::path::Path;
use std::process::{Command, Output, Stdio};

fn qiyuan(args: &[&str], input: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_qiyuan"))
        .arg("points")
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("runs");
    // The command may stop before reading everything (a bad state file).
    let _ = child.stdin.take().unwrap().write_all(input.as_bytes());
    child.wait_with_output().unwrap()
}

fn lines(out: &Output) -> Vec<serde_json::Value> {
    String::from_utf8(out.stdout.clone())
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).expect("each output line is JSON"))
        .collect()
}

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

fn state_points(path: &Path, player: &str) -> String {
    let v: serde_json::Value = serde_json::from_slice(&std::fs::read(path).unwrap()).unwrap();
    v["players"][player]["points"].as_str().unwrap().to_owned()
}

#[test]
fn seed_xiangqi_example_through_the_state_file() {
    // Seed 003: red 1676 loses to black 2076 → black +3 (2079), red −4 (1672).
    let dir = tempfile::tempdir().unwrap();
    let state = dir.path().join("players.json");
    std::fs::write(
        &state,
        r#"{"format":"qiyuan-points-state","system":"qq-xiangqi-elo","players":{
            "r":{"points":"1676","games":10},"b":{"points":"2076","games":10}}}"#,
    )
    .unwrap();
    let out = qiyuan(
        &[
            "--system",
            "qq-xiangqi-elo",
            "--state",
            state.to_str().unwrap(),
        ],
        "{\"id\":\"seed\",\"red\":\"r\",\"black\":\"b\",\"result\":\"0-1\",\"plies\":80}\n",
    );
    assert!(out.status.success(), "{}", stderr(&out));
    let v = &lines(&out)[0];
    assert_eq!(v["id"], "seed");
    assert_eq!(v["white_change"], -4);
    assert_eq!(v["black_change"], 3);
    assert_eq!(v["white_points"], 1672);
    assert_eq!(v["black_points"], 2079);
    assert_eq!(v["white_level"], "三级棋手");
    assert_eq!(v["black_level"], "三级大师");
    assert_eq!(state_points(&state, "r"), "1672");
    assert_eq!(state_points(&state, "b"), "2079");
    // No temporary file is left beside the state.
    assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 1);
}

#[test]
fn points_carry_over_between_runs() {
    // qq-chess-levels, new players at 0. Run 1: equal points, white wins → ±10.
    // Run 2: b (−10) beats a (10): d = 20, lower side wins 10 + 20/10 = 12.
    let dir = tempfile::tempdir().unwrap();
    let state = dir.path().join("s.json");
    let args = [
        "--system",
        "qq-chess-levels",
        "--state",
        state.to_str().unwrap(),
    ];
    let out = qiyuan(
        &args,
        "{\"id\":1,\"white\":\"a\",\"black\":\"b\",\"result\":\"1-0\"}\n",
    );
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(lines(&out)[0]["white_points"], 10);
    let out = qiyuan(
        &args,
        "{\"id\":2,\"white\":\"a\",\"black\":\"b\",\"result\":\"0-1\"}\n",
    );
    assert!(out.status.success(), "{}", stderr(&out));
    let v = &lines(&out)[0];
    assert_eq!(v["id"], 2);
    assert_eq!(
        (v["white_change"].as_i64(), v["black_change"].as_i64()),
        (Some(-12), Some(12))
    );
    assert_eq!(
        (v["white_points"].as_i64(), v["black_points"].as_i64()),
        (Some(-2), Some(2))
    );
    assert_eq!(v["white_level"], "无级别");
    assert_eq!(state_points(&state, "b"), "2");
}

#[test]
fn decimal_changes_are_exact() {
    // qq-chess-levels: a 0 beats new b 0 (+10); then c (new, 0) draws with a (10):
    // d = 10, the lower side c gains (10 + 10/10)/2 = 5.5.
    let out = qiyuan(
        &["--system", "qq-chess-levels"],
        "{\"id\":1,\"white\":\"a\",\"black\":\"b\",\"result\":\"1-0\"}\n\n\
         {\"id\":2,\"white\":\"a\",\"black\":\"c\",\"result\":\"1/2-1/2\"}\n",
    );
    assert!(out.status.success(), "{}", stderr(&out));
    let text = String::from_utf8(out.stdout.clone()).unwrap();
    assert!(
        text.contains("\"white_change\":-5.5,\"black_change\":5.5"),
        "{text}"
    );
}

#[test]
fn forfeit_forms_and_short_games() {
    // qq-xiangqi-titles: "+-" = black left by force: black −5, white +1.
    // "-+" within 10 plies: white (the leaver) −5, black wins nothing.
    let out = qiyuan(
        &["--system", "qq-xiangqi-titles"],
        "{\"id\":1,\"white\":\"a\",\"black\":\"b\",\"result\":\"+-\",\"plies\":40}\n\
         {\"id\":2,\"white\":\"a\",\"black\":\"b\",\"result\":\"-+\",\"plies\":4}\n\
         {\"id\":3,\"white\":\"a\",\"black\":\"b\",\"result\":\"0-1\",\"plies\":9}\n",
    );
    assert!(out.status.success(), "{}", stderr(&out));
    let v = lines(&out);
    assert_eq!(
        (v[0]["white_change"].as_i64(), v[0]["black_change"].as_i64()),
        (Some(1), Some(-5))
    );
    assert_eq!(
        (v[1]["white_change"].as_i64(), v[1]["black_change"].as_i64()),
        (Some(-5), Some(0))
    );
    assert_eq!(
        (v[2]["white_change"].as_i64(), v[2]["black_change"].as_i64()),
        (Some(-1), Some(0))
    );
    assert_eq!(v[2]["white_points"], -5);
    // b: −5 (left), 0 (won in 4 plies), 0 (won in 9 plies).
    assert_eq!(v[2]["black_points"], -5);
    assert_eq!(v[2]["white_level"], "草民");
}

/// 天天象棋 (seed 003): 和棋时,两个人分数差不多的,先提和者扣分. Two new players
/// (1300, K 60): the offerer's Dr = −100, Exp 0.640065, 60 × (0.5 −
/// 0.640065) = −8.40 → −8; the other +8. Black offers: black pays.
#[test]
fn tiantian_draw_offer_through_the_command() {
    let out = qiyuan(
        &["--system", "tiantian-xiangqi"],
        "{\"id\":1,\"red\":\"a\",\"black\":\"b\",\"result\":\"1/2-1/2\",\"plies\":40,\"draw_offer\":\"black\"}\n\
         {\"id\":2,\"red\":\"c\",\"black\":\"d\",\"result\":\"1/2-1/2\",\"plies\":40}\n",
    );
    assert!(out.status.success(), "{}", stderr(&out));
    let v = lines(&out);
    assert_eq!(
        (v[0]["white_change"].as_i64(), v[0]["black_change"].as_i64()),
        (Some(8), Some(-8))
    );
    // No offer said: by colour, red pays (as in qq-xiangqi-elo).
    assert_eq!(
        (v[1]["white_change"].as_i64(), v[1]["black_change"].as_i64()),
        (Some(-8), Some(8))
    );
}

#[test]
fn elo_games_of_one_ply_are_not_scored() {
    let out = qiyuan(
        &["--system", "qq-xiangqi-elo"],
        "{\"id\":1,\"red\":\"a\",\"black\":\"b\",\"result\":\"1-0\",\"plies\":1}\n",
    );
    assert!(out.status.success(), "{}", stderr(&out));
    let v = &lines(&out)[0];
    assert_eq!(v["scored"], false);
    assert_eq!(
        (v["white_points"].as_i64(), v["black_points"].as_i64()),
        (Some(1300), Some(1300))
    );
}

#[test]
fn a_malformed_line_names_line_and_field_and_keeps_the_state() {
    let dir = tempfile::tempdir().unwrap();
    let state = dir.path().join("keep.json");
    let args = [
        "--system",
        "qq-xiangqi-titles",
        "--state",
        state.to_str().unwrap(),
    ];
    let good = "{\"id\":1,\"white\":\"a\",\"black\":\"b\",\"result\":\"1-0\"}\n";
    assert!(qiyuan(&args, good).status.success());
    let before = std::fs::read(&state).unwrap();
    let cases = [
        (
            "{\"id\":3,\"white\":\"a\",\"black\":\"b\",\"result\":\"2-0\"}",
            "result",
        ),
        ("{\"id\":3,\"white\":\"a\",\"result\":\"1-0\"}", "black"),
        (
            "{\"id\":3,\"white\":\"a\",\"black\":\"b\",\"result\":\"1-0\",\"plies\":-4}",
            "plies",
        ),
        (
            "{\"id\":3,\"white\":\"a\",\"red\":\"c\",\"black\":\"b\",\"result\":\"1-0\"}",
            "red",
        ),
        (
            "{\"id\":3,\"white\":[7],\"black\":\"b\",\"result\":\"1-0\"}",
            "white",
        ),
        ("{\"white\":\"a\",\"black\":\"b\",\"result\":\"1-0\"}", "id"),
        (
            "{\"id\":3,\"white\":\"a\",\"black\":\"a\",\"result\":\"1-0\"}",
            "themself",
        ),
        (
            "{\"id\":3,\"white\":\"a\",\"black\":\"b\",\"result\":\"1-0\"",
            "EOF",
        ),
        ("not json", "expected"),
        (
            "{\"id\":3,\"white\":\"a\",\"black\":\"b\",\"result\":\"1/2-1/2\",\"draw_offer\":\"blue\"}",
            "draw_offer",
        ),
        (
            "{\"id\":3,\"white\":\"a\",\"black\":\"b\",\"result\":\"1-0\",\"draw_offer\":\"black\"}",
            "black offered the draw, but the game was not drawn",
        ),
    ];
    for (bad, field) in cases {
        let input = format!("{good}{good}{bad}\n{good}");
        let out = qiyuan(&args, &input);
        assert!(!out.status.success(), "{bad}");
        let err = stderr(&out);
        assert!(err.contains("line 3"), "{bad}: {err}");
        assert!(err.contains(field), "{bad}: {err}");
        assert_eq!(
            std::fs::read(&state).unwrap(),
            before,
            "state untouched after {bad}"
        );
        assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 1);
    }
}

#[test]
fn unknown_system_lists_the_known_ones() {
    let out = qiyuan(&["--system", "qq-go"], "");
    assert!(!out.status.success());
    let err = stderr(&out);
    for name in [
        "qq-go",
        "qq-chess-levels",
        "qq-chess-fixed",
        "qq-xiangqi-titles",
        "qq-xiangqi-elo",
        "glicko2",
    ] {
        assert!(err.contains(name), "{err}");
    }
}

#[test]
fn a_state_of_another_system_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let state = dir.path().join("s.json");
    let s = state.to_str().unwrap();
    let game = "{\"id\":1,\"white\":\"a\",\"black\":\"b\",\"result\":\"1-0\"}\n";
    assert!(
        qiyuan(&["--system", "qq-chess-levels", "--state", s], game)
            .status
            .success()
    );
    let out = qiyuan(&["--system", "qq-xiangqi-elo", "--state", s], game);
    assert!(!out.status.success());
    assert!(stderr(&out).contains("qq-chess-levels"), "{}", stderr(&out));
}

#[test]
fn a_users_system_file() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("club.toml");
    std::fs::write(
        &file,
        "name = \"club\"\ndescription = \"3/1/0\"\ninitial_points = 0\n\
         [rule]\nkind = \"fixed\"\nwin = 3\ndraw = 1\nloss = 0\n\
         [levels]\n[[levels.level]]\nfrom = 0\nname = \"member\"\n",
    )
    .unwrap();
    let out = qiyuan(
        &["--system-file", file.to_str().unwrap()],
        "{\"id\":1,\"white\":\"a\",\"black\":\"b\",\"result\":\"1/2-1/2\"}\n",
    );
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(lines(&out)[0]["black_points"], 1);
}

#[test]
fn help_has_examples_and_the_state_rule() {
    // The English help, whatever the machine's locale.
    let out = Command::new(env!("CARGO_BIN_EXE_qiyuan"))
        .args(["points", "--help"])
        .env("QIYUAN_LANG", "en")
        .output()
        .unwrap();
    assert!(out.status.success());
    let help = String::from_utf8(out.stdout).unwrap();
    for needle in ["Examples:", "--state", "NOT", "+-", "qq-xiangqi-elo"] {
        assert!(help.contains(needle), "{needle} missing from:\n{help}");
    }
    let list = qiyuan(&["--list"], "");
    assert!(
        String::from_utf8(list.stdout)
            .unwrap()
            .contains("qq-chess-fixed")
    );
}

#[test]
fn crlf_and_a_byte_order_mark_are_accepted() {
    let out = qiyuan(
        &["--system", "qq-xiangqi-titles"],
        "\u{FEFF}{\"id\":1,\"white\":\"a\",\"black\":\"b\",\"result\":\"1-0\"}\r\n\r\n\
         {\"id\":2,\"white\":\"a\",\"black\":\"b\",\"result\":\"1-0\"}\r\n",
    );
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(lines(&out)[1]["white_points"], 2);
}

#[test]
fn glicko2_game_by_game() {
    // Glickman's example player meets the three opponents, each game a
    // period of its own: testdata/rating/glicko2.md gives r = 1463.788372,
    // RD = 151.873213, σ = 0.059997514049860735 after the third.
    let dir = tempfile::tempdir().unwrap();
    let state = dir.path().join("g.json");
    std::fs::write(
        &state,
        r#"{"format":"qiyuan-points-state","system":"glicko2","players":{
            "p":{"rating":1500,"rd":200,"volatility":0.06},
            "a":{"rating":1400,"rd":30,"volatility":0.06},
            "b":{"rating":1550,"rd":100,"volatility":0.06},
            "c":{"rating":1700,"rd":300,"volatility":0.06}}}"#,
    )
    .unwrap();
    let out = qiyuan(
        &["--system", "glicko2", "--state", state.to_str().unwrap()],
        "{\"id\":1,\"white\":\"p\",\"black\":\"a\",\"result\":\"1-0\"}\n\
         {\"id\":2,\"white\":\"b\",\"black\":\"p\",\"result\":\"1-0\"}\n\
         {\"id\":3,\"white\":\"p\",\"black\":\"c\",\"result\":\"0-1\"}\n",
    );
    assert!(out.status.success(), "{}", stderr(&out));
    let v = &lines(&out)[2];
    let r = v["white_points"].as_f64().unwrap();
    let rd = v["white_rd"].as_f64().unwrap();
    let sigma = v["white_volatility"].as_f64().unwrap();
    assert!((r - 1463.788372).abs() < 5e-7, "{r}");
    assert!((rd - 151.873213).abs() < 5e-7, "{rd}");
    assert!((sigma - 0.059997514049860735).abs() < 1e-9, "{sigma}");
    assert!(v["white_level"].is_null());
    let saved: serde_json::Value = serde_json::from_slice(&std::fs::read(&state).unwrap()).unwrap();
    assert_eq!(saved["players"]["p"]["rating"].as_f64(), Some(r));
    // τ is an option of glicko2 only.
    let out = qiyuan(&["--system", "qq-xiangqi-elo", "--tau", "0.3"], "");
    assert!(!out.status.success());
    let out = qiyuan(
        &["--system", "glicko2", "--tau", "0.3"],
        "{\"id\":1,\"white\":\"x\",\"black\":\"y\",\"result\":\"1-0\"}\n",
    );
    assert!(out.status.success(), "{}", stderr(&out));
}

/// Platforms number their users: `5` and `"5"` are the same player, in the
/// fast path and in serde's (escapes, extra fields), and the game id is
/// echoed as given. The seed 003 example (red 1676 loses to black 2076:
/// black +3, red −4), with the players written as numbers.
#[test]
fn numeric_player_ids_are_the_same_players_as_strings() {
    let dir = tempfile::tempdir().unwrap();
    let state = dir.path().join("players.json");
    std::fs::write(
        &state,
        r#"{"format":"qiyuan-points-state","system":"qq-xiangqi-elo","players":{
            "5":{"points":"1676","games":10},"12":{"points":"2076","games":10}}}"#,
    )
    .unwrap();
    let args = [
        "--system",
        "qq-xiangqi-elo",
        "--state",
        state.to_str().unwrap(),
    ];
    let out = qiyuan(
        &args,
        "{\"id\":7,\"red\":5,\"black\":12,\"result\":\"0-1\",\"plies\":80}\n",
    );
    assert!(out.status.success(), "{}", stderr(&out));
    let v = &lines(&out)[0];
    assert_eq!(v["id"], 7);
    assert_eq!(v["white_change"], -4);
    assert_eq!(v["black_change"], 3);
    assert_eq!(state_points(&state, "5"), "1672");
    assert_eq!(state_points(&state, "12"), "2079");
    // The same players as strings, and as numbers on a line serde reads
    // (an unknown field and an escaped id): both continue the same records.
    let out = qiyuan(
        &args,
        "{\"id\":\"g\\u0032\",\"white\":\"5\",\"black\":12,\"result\":\"1/2-1/2\",\"plies\":80,\"x\":[1]}\n",
    );
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(lines(&out)[0]["id"], "g2");
    let v: serde_json::Value = serde_json::from_slice(&std::fs::read(&state).unwrap()).unwrap();
    assert_eq!(v["players"].as_object().unwrap().len(), 2, "{v}");
    assert_eq!(v["players"]["5"]["games"], 12);
    // A fractional number is no player id.
    let out = qiyuan(
        &args,
        "{\"id\":1,\"white\":5.5,\"black\":12,\"result\":\"1-0\"}\n",
    );
    assert!(!out.status.success());
    assert!(stderr(&out).contains("field `white`"), "{}", stderr(&out));
}
