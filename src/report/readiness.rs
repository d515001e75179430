//! The readiness report's renderers: the judge ([`crate::judge::readiness`]) decides every
//! verdict, row and excerpt; these only write them out.

pub mod html;
pub mod json;
pub mod md;

/// Hand what a renderer has written so far to `out` once it is large: a report is written
/// a part at a time, and its parts in few calls.
pub(super) fn spill(o: &mut String, out: &mut dyn std::io::Write) -> std::io::Result<()> {
    if o.len() >= 1 << 16 {
        out.write_all(o.as_bytes())?;
        o.clear();
    }
    Ok(())
}
