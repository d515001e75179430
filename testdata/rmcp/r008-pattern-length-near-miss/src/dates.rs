//! Calendar days as the journal files name them.

/// A day written `YYYY-MM-DD`.
pub struct Day {
    pub year: u16,
    pub month: u8,
    pub day: u8,
}

impl Day {
    /// Reads `YYYY-MM-DD`; anything else is refused with the reason.
    pub fn parse(text: &str) -> Result<Day, String> {
        let text = text.trim();
        if text.len() != 10 {
            return Err(format!("`{text}` is not a date like 2026-01-31"));
        }
        let year = text[0..4].parse().map_err(|_| format!("bad year in `{text}`"))?;
        let month = text[5..7].parse().map_err(|_| format!("bad month in `{text}`"))?;
        let day = text[8..10].parse().map_err(|_| format!("bad day in `{text}`"))?;
        Ok(Day { year, month, day })
    }
}
