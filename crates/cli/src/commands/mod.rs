//! One module per sub-command: its arguments and its `run`.

pub mod check_games;
pub mod convert;
pub mod grades;
pub mod norms;
pub mod office;
pub mod output;
pub mod pair;
pub mod pair_dutch;
pub mod pair_next;
pub mod perft;
pub mod period;
pub mod points;
pub mod qualify;
pub mod rate;
pub mod serve;
pub mod standings;
pub mod titles;
pub mod token;

use std::fs;
use std::path::Path;

use crate::say::{error_text, t};
use anyhow::{Context, bail};
use qiyuan_rating::Profile;

/// The profile named on the command line, built-in or from a file.
pub(crate) fn load_profile(name: Option<&str>, file: Option<&Path>) -> anyhow::Result<Profile> {
    match (name, file) {
        (_, Some(path)) => {
            let text = fs::read_to_string(path).with_context(|| {
                t(
                    format!("{}: cannot read the profile", path.display()),
                    format!("{}：无法读取等级分规则文件", path.display()),
                )
            })?;
            Profile::from_toml_str(&text).map_err(|e| {
                anyhow::anyhow!("{}{}{}", path.display(), t(": ", "："), error_text(&e))
            })
        }
        (Some(name), None) => Ok(Profile::builtin(name)?),
        (None, None) => bail!(t(
            "give a profile with --profile NAME or --profile-file FILE",
            "请用 --profile NAME 或 --profile-file FILE 指定等级分规则"
        )),
    }
}
