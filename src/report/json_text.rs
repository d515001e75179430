//! JSON as every JSON renderer writes it: pretty-printed, with each invisible or
//! reordering character ([`crate::source::escape::is_hazard`]) in a string written as a
//! `\uXXXX` escape. A JSON reader gets the same string back, so tool names stay exact,
//! while the file itself, shown in a terminal, a diff or a review, shows where they are.

use crate::source::escape::is_hazard;
use serde_json::ser::{Formatter, PrettyFormatter};
use std::io::{self, Write};

/// `value` pretty-printed to `out`, hazards escaped.
pub fn write_pretty<T: serde::Serialize + ?Sized>(
    out: &mut dyn Write,
    value: &T,
) -> serde_json::Result<()> {
    let mut ser = serde_json::Serializer::with_formatter(out, Escaping(PrettyFormatter::new()));
    value.serialize(&mut ser)
}

/// [`write_pretty`] into a string, for a value that always serializes (a `cases` table).
pub fn pretty<T: serde::Serialize + ?Sized>(value: &T) -> String {
    super::to_string(|w| Ok(write_pretty(w, value)?))
}

/// serde_json's pretty layout, with string fragments written through [`escaped`].
struct Escaping<'a>(PrettyFormatter<'a>);

impl Formatter for Escaping<'_> {
    fn write_string_fragment<W: ?Sized + Write>(&mut self, w: &mut W, s: &str) -> io::Result<()> {
        escaped(w, s)
    }
    fn begin_array<W: ?Sized + Write>(&mut self, w: &mut W) -> io::Result<()> {
        self.0.begin_array(w)
    }
    fn end_array<W: ?Sized + Write>(&mut self, w: &mut W) -> io::Result<()> {
        self.0.end_array(w)
    }
    fn begin_array_value<W: ?Sized + Write>(&mut self, w: &mut W, first: bool) -> io::Result<()> {
        self.0.begin_array_value(w, first)
    }
    fn end_array_value<W: ?Sized + Write>(&mut self, w: &mut W) -> io::Result<()> {
        self.0.end_array_value(w)
    }
    fn begin_object<W: ?Sized + Write>(&mut self, w: &mut W) -> io::Result<()> {
        self.0.begin_object(w)
    }
    fn end_object<W: ?Sized + Write>(&mut self, w: &mut W) -> io::Result<()> {
        self.0.end_object(w)
    }
    fn begin_object_key<W: ?Sized + Write>(&mut self, w: &mut W, first: bool) -> io::Result<()> {
        self.0.begin_object_key(w, first)
    }
    fn begin_object_value<W: ?Sized + Write>(&mut self, w: &mut W) -> io::Result<()> {
        self.0.begin_object_value(w)
    }
    fn end_object_value<W: ?Sized + Write>(&mut self, w: &mut W) -> io::Result<()> {
        self.0.end_object_value(w)
    }
}

/// `s` with each hazard as `\uXXXX` (a surrogate pair above the Basic Multilingual Plane).
/// serde_json has already escaped the characters JSON requires it to (quotes, backslashes,
/// controls) and passes the rest here.
fn escaped<W: ?Sized + Write>(w: &mut W, s: &str) -> io::Result<()> {
    let mut from = 0;
    for (i, c) in s.char_indices().filter(|(_, c)| is_hazard(*c)) {
        w.write_all(&s.as_bytes()[from..i])?;
        let mut units = [0u16; 2];
        for u in c.encode_utf16(&mut units) {
            write!(w, "\\u{u:04x}")?;
        }
        from = i + c.len_utf8();
    }
    w.write_all(&s.as_bytes()[from..])
}

#[cfg(test)]
mod tests {
    #[test]
    fn hazards_are_escaped_and_read_back_as_they_were() {
        let name = "add\u{200b}Cart\u{202e}Line\u{e0041}\n\"";
        let mut out = Vec::new();
        super::write_pretty(&mut out, &serde_json::json!({ "tool": name })).unwrap();
        let text = String::from_utf8(out).unwrap();
        assert_eq!(
            text,
            "{\n  \"tool\": \"add\\u200bCart\\u202eLine\\udb40\\udc41\\n\\\"\"\n}"
        );
        let back: serde_json::Value = serde_json::from_str(&text).unwrap();
        assert_eq!(back["tool"], name);
    }
}
