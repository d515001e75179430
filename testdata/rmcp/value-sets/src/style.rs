//! How a note is rendered: parsed from the tool's `style` argument.

use std::str::FromStr;

pub enum Style {
    Plain,
    Rich,
}

impl FromStr for Style {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s {
            "plain" => Ok(Style::Plain),
            "rich" => Ok(Style::Rich),
            other => Err(format!("unknown style `{other}`")),
        }
    }
}
