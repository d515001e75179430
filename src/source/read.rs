//! Reading a file of the tree as text, within a byte limit: the size on disk first, then a
//! read that stops one byte past the limit.

use std::io::Read;
use std::path::Path;
use std::sync::Arc;

/// Why a file's text could not be had; the span is filled in once the file has an id.
pub struct ReadError {
    pub message: String,
    /// Byte offset the problem starts at, when inside the file.
    pub offset: usize,
    /// What could be decoded, so the location can still be shown.
    pub text: Arc<str>,
}

/// Read a file as UTF-8 text, refusing files over `max_bytes`: the size on disk is checked
/// first, and the read itself stops one byte past the limit, so a file that grows (or lies
/// about its size) is never read further. A UTF-8 byte-order mark is dropped.
pub fn read_text(path: &Path, max_bytes: u64) -> Result<Arc<str>, ReadError> {
    read_into(path, max_bytes, &mut Vec::new()).map(Arc::from)
}

/// [`read_text`] into a caller's buffer, so a pass over thousands of files that keeps few
/// of them reuses one allocation per thread instead of faulting in fresh pages per file.
pub fn read_into<'b>(
    path: &Path,
    max_bytes: u64,
    buf: &'b mut Vec<u8>,
) -> Result<&'b str, ReadError> {
    let fail = |message: String| ReadError {
        message,
        offset: 0,
        text: Arc::from(""),
    };
    let too_big = |size: String| {
        fail(format!(
            "file is {size} bytes, over the {max_bytes} byte limit (`max-file-size`); not read"
        ))
    };
    // Never through a link: the walk yields none and a path named on the command line is
    // already resolved (`engine::files::roots`), so a link here was planted or swapped in
    // after the walk (a `Cargo.toml` pointing out of the tree). A FIFO or device is refused,
    // never waited on.
    let (file, len) = super::guarded::open_regular_sized(path, false)
        .map_err(|e| fail(format!("cannot read: {e}")))?;
    if len > max_bytes {
        return Err(too_big(len.to_string()));
    }
    buf.clear();
    // Sized from the metadata: growing the buffer while reading copied each file twice.
    // A fresh allocation, not `reserve`: reallocating would copy the old, dead contents.
    let need = usize::try_from(len).unwrap_or(0).saturating_add(1);
    if buf.capacity() < need {
        *buf = Vec::with_capacity(need.max(buf.capacity() * 2));
    }
    if !fill_bounded(file, max_bytes, buf).map_err(|e| fail(format!("cannot read: {e}")))? {
        return Err(too_big(format!("more than {max_bytes}")));
    }
    if let Some(text) = utf16(buf) {
        *buf = text.into_bytes();
    }
    decode(buf)
}

/// A text with a UTF-16 byte-order mark (editors on Windows write HTML and JSON so), as
/// UTF-8; `None` for any other text, and for one whose UTF-16 is broken, which is then
/// reported as not UTF-8.
fn utf16(bytes: &[u8]) -> Option<String> {
    let big = match bytes.get(..2)? {
        [0xFF, 0xFE] => false,
        [0xFE, 0xFF] => true,
        _ => return None,
    };
    let body = &bytes[2..];
    if !body.len().is_multiple_of(2) {
        return None;
    }
    let units = body.chunks_exact(2).map(|c| match big {
        true => u16::from_be_bytes([c[0], c[1]]),
        false => u16::from_le_bytes([c[0], c[1]]),
    });
    char::decode_utf16(units)
        .collect::<Result<String, _>>()
        .ok()
}

/// Which of `needles` (each under 64 bytes) occur in a file too large to read, scanned in
/// chunks of 1 MiB, so it costs no more memory than that (see
/// `extract::manifest::oversize_is_contract`). `None` when the file holds more than
/// `max_bytes`, or cannot be opened or read to its end.
pub fn scan_for<const N: usize>(
    path: &Path,
    needles: &[&str; N],
    max_bytes: u64,
) -> Option<[bool; N]> {
    const CHUNK: usize = 1 << 20;
    const OVERLAP: usize = 64;
    let mut file = super::guarded::open_regular(path, false).ok()?;
    let mut found = [false; N];
    let mut buf = vec![0u8; CHUNK + OVERLAP];
    let (mut kept, mut total) = (0usize, 0u64);
    loop {
        let n = file.read(&mut buf[kept..]).ok()?;
        if n == 0 {
            return Some(found);
        }
        total += n as u64;
        if total > max_bytes {
            return None;
        }
        let window = &buf[..kept + n];
        for (f, needle) in found.iter_mut().zip(needles) {
            *f = *f || window.windows(needle.len()).any(|w| w == needle.as_bytes());
        }
        // The last bytes again at the start, so a needle across two reads is seen.
        let keep = window.len().min(OVERLAP);
        let from = window.len() - keep;
        buf.copy_within(from..from + keep, 0);
        kept = keep;
    }
}

/// At most `max_bytes` from `reader`, or `None` when it holds more (one byte more is read to
/// tell).
pub fn read_bounded(reader: impl Read, max_bytes: u64) -> std::io::Result<Option<Vec<u8>>> {
    let mut bytes = Vec::new();
    Ok(fill_bounded(reader, max_bytes, &mut bytes)?.then_some(bytes))
}

/// Append at most `max_bytes + 1` bytes of `reader` to `buf`; whether it held at most
/// `max_bytes`.
fn fill_bounded(reader: impl Read, max_bytes: u64, buf: &mut Vec<u8>) -> std::io::Result<bool> {
    let before = buf.len();
    reader.take(max_bytes.saturating_add(1)).read_to_end(buf)?;
    Ok((buf.len() - before) as u64 <= max_bytes)
}

fn decode(bytes: &[u8]) -> Result<&str, ReadError> {
    let body = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
    std::str::from_utf8(body).map_err(|e| ReadError {
        message: format!(
            "not valid UTF-8 (invalid byte at offset {})",
            e.valid_up_to()
        ),
        offset: e.valid_up_to(),
        text: Arc::from(String::from_utf8_lossy(body).as_ref()),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn utf16_file(big: bool, text: &str) -> Vec<u8> {
        let mut bytes = if big {
            vec![0xFE, 0xFF]
        } else {
            vec![0xFF, 0xFE]
        };
        for u in text.encode_utf16() {
            bytes.extend(if big {
                u.to_be_bytes()
            } else {
                u.to_le_bytes()
            });
        }
        bytes
    }

    #[test]
    fn a_utf16_text_with_its_mark_is_read_as_text() {
        let dir = tempfile::tempdir().unwrap();
        for big in [false, true] {
            let path = dir.path().join("report.html");
            std::fs::write(&path, utf16_file(big, "<html><p>Café ✓</p></html>")).unwrap();
            assert_eq!(
                &*read_text(&path, 1 << 20).ok().unwrap(),
                "<html><p>Café ✓</p></html>"
            );
        }
    }

    #[test]
    fn broken_utf16_and_other_encodings_stay_unreadable() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("a.json");
        // A lone high surrogate after the mark.
        std::fs::write(&path, [0xFF, 0xFE, 0x00, 0xD8, b'{', 0]).unwrap();
        assert!(read_text(&path, 1 << 20).is_err());
        std::fs::write(&path, [b'{', 0xFF, b'}']).unwrap();
        assert!(read_text(&path, 1 << 20).is_err());
    }
}
