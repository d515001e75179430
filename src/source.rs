//! Source files and byte spans. Every fact points back here, so a diagnostic can name
//! the exact line and column on both sides of a contradiction.

pub mod escape;
pub mod git_dir;
pub mod guarded;
pub mod read;

use std::path::{Path, PathBuf};
use std::sync::Arc;

/// Index of a file in the [`SourceMap`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct FileId(pub u32);

/// A byte range inside one file. The offsets are `u32` (read through [`Span::start`] and
/// [`Span::end`]): every fact, call, argument, effect and schema node holds one to three
/// spans, and at 100,000 tools the two `usize`s were a tenth of the facts' bytes. Files are
/// read whole under a size limit far below 4 GiB; an offset past `u32::MAX` (a limit raised
/// on the command line past it) is kept as `u32::MAX`, a position at that mark, never a
/// panic.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Span {
    pub file: FileId,
    start: u32,
    end: u32,
}

impl Span {
    pub fn new(file: FileId, start: usize, end: usize) -> Self {
        let at = |o: usize| u32::try_from(o).unwrap_or(u32::MAX);
        Span {
            file,
            start: at(start),
            end: at(end),
        }
    }

    /// The first byte's offset.
    pub fn start(&self) -> usize {
        self.start as usize
    }

    /// The offset just past the last byte.
    pub fn end(&self) -> usize {
        self.end as usize
    }

    /// The bytes covered, to slice the file's text with.
    pub fn range(&self) -> std::ops::Range<usize> {
        self.start()..self.end()
    }

    /// Whether `inner` lies within this span, in the same file.
    pub fn encloses(&self, inner: Span) -> bool {
        self.file == inner.file && self.start <= inner.start && inner.end <= self.end
    }
}

/// A value together with the span it was read from.
#[derive(Clone, Debug, PartialEq)]
pub struct Spanned<T> {
    pub value: T,
    pub span: Span,
}

impl<T> Spanned<T> {
    pub fn new(value: T, span: Span) -> Self {
        Spanned { value, span }
    }
}

/// One file as read from disk.
#[derive(Debug)]
pub struct SourceFile {
    /// Path as shown to users: relative to the current directory, `/`-separated.
    pub display: String,
    pub path: PathBuf,
    pub text: Arc<str>,
    /// Computed on first use: most files of a large tree are never asked for a position.
    lines: std::sync::OnceLock<LineMarks>,
    /// Offsets of UTF-8 continuation bytes; files are capped far below 4 GiB.
    continuation: std::sync::OnceLock<Vec<u32>>,
}

/// A 1-based position; `column` counts Unicode scalar values.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Position {
    pub line: usize,
    pub column: usize,
}

impl SourceFile {
    pub fn new(path: PathBuf, text: Arc<str>) -> Self {
        SourceFile {
            display: display_path(&path),
            path,
            text,
            lines: std::sync::OnceLock::new(),
            continuation: std::sync::OnceLock::new(),
        }
    }

    /// 0-based line index of a byte offset (the last line's past the end).
    pub fn line_index(&self, offset: usize) -> usize {
        let bytes = self.text.as_bytes();
        let offset = offset.min(bytes.len());
        let marks = &self.marks().marks;
        // The last mark at or before `offset`; the first is (0, 0).
        let k = marks.partition_point(|m| m.at as usize <= offset).max(1) - 1;
        let from = (marks[k].at as usize).min(offset);
        marks[k].line as usize + memchr::memchr_iter(b'\n', &bytes[from..offset]).count()
    }

    /// Byte offset of line `i`'s first byte (0-based), `None` past the last line.
    pub fn line_start(&self, i: usize) -> Option<usize> {
        let LineMarks { marks, count } = self.marks();
        if i >= *count {
            return None;
        }
        let bytes = self.text.as_bytes();
        // The first mark on line `i` or after; a mark at the line's first byte is its start.
        let k = marks.partition_point(|m| (m.line as usize) < i);
        if let Some(m) = marks.get(k).filter(|m| m.line as usize == i) {
            let at = m.at as usize;
            if at == 0 || bytes.get(at - 1) == Some(&b'\n') {
                return Some(at);
            }
        }
        // Else count newlines from the last mark on an earlier line (there is one: line 0's
        // mark is at 0): the line starts before the next mark, so this scans one gap.
        let m = marks[k.max(1) - 1];
        let from = m.at as usize;
        memchr::memchr_iter(b'\n', &bytes[from.min(bytes.len())..])
            .nth(i - m.line as usize - 1)
            .map(|at| from + at + 1)
    }

    /// How many lines the text has (one more than its newlines).
    pub fn line_count(&self) -> usize {
        self.marks().count
    }

    /// Every line's first byte, in order: made on each call, for readers of every line.
    pub fn line_starts(&self) -> Vec<usize> {
        std::iter::once(0)
            .chain(memchr::memchr_iter(b'\n', self.text.as_bytes()).map(|i| i + 1))
            .collect()
    }

    fn marks(&self) -> &LineMarks {
        self.lines.get_or_init(|| LineMarks::new(&self.text))
    }

    pub fn position(&self, offset: usize) -> Position {
        let offset = offset.min(self.text.len());
        let line = self.line_index(offset);
        let start = self.line_start(line).unwrap_or(0);
        // Columns count scalar values: bytes minus UTF-8 continuation bytes, found by binary
        // search so a position on a 5 MB single-line file costs no scan of the line.
        let cont = self.continuation_bytes();
        let before = |at: usize| cont.partition_point(|&b| (b as usize) < at);
        let skipped = before(offset) - before(start);
        Position {
            line: line + 1,
            column: offset - start - skipped + 1,
        }
    }

    /// Offsets of UTF-8 continuation bytes (empty for ASCII text), computed on first use.
    fn continuation_bytes(&self) -> &[u32] {
        self.continuation.get_or_init(|| {
            self.text
                .bytes()
                .enumerate()
                .filter(|(_, b)| b & 0xC0 == 0x80)
                .map(|(i, _)| i as u32)
                .collect()
        })
    }
}

/// Marks of where lines are, and how many lines there are: a position is found by counting
/// newlines from the mark before it. At 100,000 tools every file is asked for positions,
/// and a start per line (8 bytes) held for all of them was 51 MB at the run's peak, so a
/// mark is kept only every [`LineMarks::STRIDE`]th line; and at least every
/// [`LineMarks::GAP`] bytes, inside a line too, so that a position on a long line (a 10 MB
/// minified manifest is one line, with a finding per tool) scans a gap, not the line.
#[derive(Debug)]
struct LineMarks {
    marks: Vec<Mark>,
    count: usize,
}

/// A byte offset and the 0-based line it is on.
#[derive(Clone, Copy, Debug)]
struct Mark {
    at: u32,
    line: u32,
}

impl LineMarks {
    const STRIDE: usize = 64;
    const GAP: usize = 4096;

    fn new(text: &str) -> LineMarks {
        // Texts are capped far below 4 GiB; past it, a mark saturates (positions there are
        // counted from an earlier mark, never a panic).
        let mark = |at: usize, line: usize| Mark {
            at: u32::try_from(at).unwrap_or(u32::MAX),
            line: u32::try_from(line).unwrap_or(u32::MAX),
        };
        let mut marks = vec![mark(0, 0)];
        let (mut last, mut line, mut since) = (0, 0, 0);
        // Marks every GAP bytes of `line` from `last` up to `to`.
        let fill = |marks: &mut Vec<Mark>, last: &mut usize, line: usize, to: usize| {
            while to - *last > Self::GAP {
                *last += Self::GAP;
                marks.push(mark(*last, line));
            }
        };
        for at in memchr::memchr_iter(b'\n', text.as_bytes()) {
            fill(&mut marks, &mut last, line, at);
            line += 1;
            since += 1;
            if since == Self::STRIDE || at + 1 - last > Self::GAP {
                marks.push(mark(at + 1, line));
                (last, since) = (at + 1, 0);
            }
        }
        fill(&mut marks, &mut last, line, text.len());
        marks.shrink_to_fit();
        LineMarks {
            marks,
            count: line + 1,
        }
    }
}

/// The working directory, asked once: contractlint never changes it, and every source file's
/// display name is rendered against it (one `getcwd` per file otherwise).
fn working_dir() -> Option<&'static Path> {
    static CWD: std::sync::OnceLock<Option<PathBuf>> = std::sync::OnceLock::new();
    CWD.get_or_init(|| std::env::current_dir().ok()).as_deref()
}

/// Render a path relative to the current directory with `/` separators.
pub fn display_path(path: &Path) -> String {
    let rel = working_dir()
        .and_then(|cwd| path.strip_prefix(cwd).ok().map(Path::to_path_buf))
        .unwrap_or_else(|| path.to_path_buf());
    let s = rel.to_string_lossy();
    // `\` separates components only on Windows; elsewhere it is a character of the name.
    let s = match std::path::MAIN_SEPARATOR {
        '/' => s.into_owned(),
        sep => s.replace(sep, "/"),
    };
    s.strip_prefix("./").map(str::to_string).unwrap_or(s)
}

/// A path for a record or report that other machines read: relative to the current
/// directory when it lies under it, else only its file name after `…/`, so no machine's
/// absolute path is written. A relative path, or text that is no absolute path, is kept.
pub fn shareable(text: &str) -> String {
    let path = Path::new(text);
    if !path.is_absolute() {
        return text.to_string();
    }
    match working_dir().and_then(|cwd| path.strip_prefix(cwd).ok()) {
        Some(rel) if !rel.as_os_str().is_empty() => display_path(rel),
        _ => format!(
            "…/{}",
            path.file_name()
                .map(|n| n.to_string_lossy().into_owned())
                .unwrap_or_default()
        ),
    }
}

/// `path` relative to the directory `anchor`, `/`-separated, with `..` where it lies outside
/// it: what identifies a file independently of the working directory (both are canonical,
/// see `engine::files::roots`). A relative `path` is taken as already relative.
pub fn relative(anchor: &Path, path: &Path) -> String {
    if !path.is_absolute() {
        return display_path(path);
    }
    let common = anchor
        .ancestors()
        .find(|a| path.starts_with(a))
        .unwrap_or(Path::new(""));
    let up = anchor.components().count() - common.components().count();
    let down = path.strip_prefix(common).unwrap_or(path);
    let mut parts: Vec<String> = vec!["..".to_string(); up];
    parts.extend(
        down.components()
            .map(|c| c.as_os_str().to_string_lossy().into_owned()),
    );
    parts.join("/")
}

/// All files the run read, addressed by [`FileId`]. A map may start at a `base` id, so
/// maps built separately (one per linking group) can be appended without renumbering.
#[derive(Debug, Default)]
pub struct SourceMap {
    base: u32,
    files: Vec<SourceFile>,
}

impl SourceMap {
    /// An empty map whose first file gets id `base`.
    pub fn with_base(base: u32) -> Self {
        SourceMap {
            base,
            files: Vec::new(),
        }
    }

    /// The id the next added file gets.
    pub fn next_id(&self) -> u32 {
        self.base + self.files.len() as u32
    }

    pub fn add(&mut self, file: SourceFile) -> FileId {
        self.files.push(file);
        FileId(self.next_id() - 1)
    }

    /// Append a map that was started at this map's [`SourceMap::next_id`].
    pub fn append(&mut self, other: SourceMap) {
        assert_eq!(
            other.base,
            self.next_id(),
            "source maps appended out of order"
        );
        self.files.extend(other.files);
    }

    /// Every file id of the map, in order.
    pub fn ids(&self) -> impl Iterator<Item = FileId> + use<> {
        (self.base..self.next_id()).map(FileId)
    }

    pub fn get(&self, id: FileId) -> &SourceFile {
        &self.files[(id.0 - self.base) as usize]
    }

    /// Show a file under another name: `check -` lints standard input staged in a private
    /// file, reported as its `--stdin-filename`.
    pub fn set_display(&mut self, id: FileId, display: String) {
        self.files[(id.0 - self.base) as usize].display = display;
    }

    /// Give a file its text after it was added: Rust files are registered in walk order
    /// and read later, and only the files that get parsed keep their text.
    pub fn set_text(&mut self, id: FileId, text: Arc<str>) {
        let f = &mut self.files[(id.0 - self.base) as usize];
        f.text = text;
        f.lines = std::sync::OnceLock::new();
        f.continuation = std::sync::OnceLock::new();
    }

    pub fn find(&self, path: &Path) -> Option<FileId> {
        self.files
            .iter()
            .position(|f| f.path == path)
            .map(|i| FileId(self.base + i as u32))
    }

    pub fn len(&self) -> usize {
        self.files.len()
    }

    pub fn is_empty(&self) -> bool {
        self.files.is_empty()
    }

    pub fn text(&self, span: Span) -> &str {
        self.get(span.file).text.get(span.range()).unwrap_or("")
    }
}

impl<'a> codespan_reporting::files::Files<'a> for SourceMap {
    type FileId = FileId;
    type Name = &'a str;
    type Source = &'a str;

    fn name(&'a self, id: FileId) -> Result<&'a str, codespan_reporting::files::Error> {
        Ok(&self.get(id).display)
    }

    fn source(&'a self, id: FileId) -> Result<&'a str, codespan_reporting::files::Error> {
        Ok(&self.get(id).text)
    }

    fn line_index(
        &'a self,
        id: FileId,
        byte_index: usize,
    ) -> Result<usize, codespan_reporting::files::Error> {
        Ok(self.get(id).line_index(byte_index))
    }

    fn line_range(
        &'a self,
        id: FileId,
        line_index: usize,
    ) -> Result<std::ops::Range<usize>, codespan_reporting::files::Error> {
        let f = self.get(id);
        let start =
            f.line_start(line_index)
                .ok_or(codespan_reporting::files::Error::LineTooLarge {
                    given: line_index,
                    max: f.line_count() - 1,
                })?;
        let end = f.line_start(line_index + 1).unwrap_or(f.text.len());
        Ok(start..end)
    }
}

/// `path` resolved against the file system (symbolic links, `..`), without the `\\?\`
/// prefix Windows puts on a drive path: the result must still start with the working
/// directory, or every shown path would turn absolute.
pub fn real_path(path: &Path) -> std::io::Result<PathBuf> {
    let real = std::fs::canonicalize(path)?;
    let plain = real
        .to_str()
        .and_then(|s| s.strip_prefix(r"\\?\"))
        .filter(|rest| cfg!(windows) && rest.as_bytes().get(1) == Some(&b':'))
        .map(PathBuf::from);
    Ok(plain.unwrap_or(real))
}

/// Lexically normalise `a/./b/../c` without touching the file system.
pub fn normalize(path: &Path) -> PathBuf {
    let mut out = PathBuf::new();
    for c in path.components() {
        match c {
            std::path::Component::ParentDir => {
                if !out.pop() {
                    out.push("..");
                }
            }
            std::path::Component::CurDir => {}
            other => out.push(other),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn relative_paths_climb_out_of_the_anchor() {
        let r = |a: &str, p: &str| relative(Path::new(a), Path::new(p));
        assert_eq!(r("/w/fx", "/w/fx/tools/a.json"), "tools/a.json");
        assert_eq!(r("/w/fx/b", "/w/fx/tools/a.json"), "../tools/a.json");
        assert_eq!(r("/w/fx", "/w/fx"), "");
        assert_eq!(r("/w/fx", "tools/a.json"), "tools/a.json");
    }

    #[test]
    fn columns_count_scalar_values_on_every_line() {
        let f = SourceFile::new("x".into(), Arc::from("aé€😀b\r\nxé\ny"));
        let col = |needle: &str| f.position(f.text.find(needle).unwrap()).column;
        assert_eq!(col("b"), 5);
        assert_eq!(
            f.position(f.text.find("x").unwrap()),
            Position { line: 2, column: 1 }
        );
        assert_eq!(
            f.position(f.text.rfind('é').unwrap() + 2),
            Position { line: 2, column: 3 }
        );
        assert_eq!(f.position(f.text.len()), Position { line: 3, column: 2 });
    }

    #[test]
    fn lines_between_marks_are_found_as_a_table_of_every_line_finds_them() {
        // Lines of every length (empty ones too) over several strides, some about a gap long
        // or longer and runs of short ones longer than a gap, with and without a final
        // newline.
        let gap = LineMarks::GAP;
        let long = "x".repeat(2 * gap + 3);
        for end in ["", "\n", "tail", long.as_str()] {
            let text: String = (0..3 * LineMarks::STRIDE + 5)
                .map(|i| match i % 11 {
                    3 => format!("{}\n", "y".repeat(gap + i % 3 - 1)),
                    7 => format!("{}\n", "é".repeat(gap + i)),
                    _ => format!("{}\n", "é".repeat(i % 7 + 50)),
                })
                .chain([end.to_string()])
                .collect();
            let f = SourceFile::new("x".into(), Arc::from(text.as_str()));
            // What keeps a position's scan short: no gap between marks, or after the last,
            // is longer than GAP bytes.
            let marks = &f.marks().marks;
            let ends = marks.iter().map(|m| m.at as usize).chain([text.len()]);
            assert!(
                ends.clone()
                    .zip(ends.skip(1))
                    .all(|(a, b)| a <= b && b - a <= gap)
            );
            let table = f.line_starts();
            assert_eq!(f.line_count(), table.len());
            for (i, &start) in table.iter().enumerate() {
                assert_eq!(f.line_start(i), Some(start));
            }
            assert_eq!(f.line_start(table.len()), None);
            assert_eq!(f.line_start(table.len() + LineMarks::STRIDE), None);
            for offset in 0..=text.len() + 2 {
                let line = table.partition_point(|&s| s <= offset) - 1;
                assert_eq!(f.line_index(offset), line, "offset {offset}");
            }
        }
    }
}
