//! Files in a tree someone else wrote: every file contractlint opens by itself (sources,
//! ignore files, the configuration, the baseline, git metadata) must be a regular file,
//! opened without following a symbolic link swapped in after the walk and read with a bound,
//! so that a link to `/dev/zero`, a FIFO or a device can only ever be reported, never hang
//! the run or exhaust its memory. Reports are written beside their target and renamed over
//! it, so a reader never sees half a report and a link planted at the output path is refused.

use std::fs::File;
use std::io::{self, Read, Write};
use std::path::Path;

/// Open `path` for reading only if it is a regular file. With `follow` false a symbolic
/// link at `path` itself is refused (`O_NOFOLLOW`); opening never blocks on a FIFO
/// (`O_NONBLOCK`), and anything but a regular file is refused once open.
pub fn open_regular(path: &Path, follow: bool) -> io::Result<File> {
    open_regular_sized(path, follow).map(|(file, _)| file)
}

/// [`open_regular`], and the file's size from the same `fstat`.
pub fn open_regular_sized(path: &Path, follow: bool) -> io::Result<(File, u64)> {
    let mut options = std::fs::OpenOptions::new();
    options.read(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        let nofollow = if follow { 0 } else { libc::O_NOFOLLOW };
        options.custom_flags(libc::O_NONBLOCK | nofollow);
    }
    #[cfg(not(unix))]
    if !follow && std::fs::symlink_metadata(path)?.file_type().is_symlink() {
        return Err(not_regular("a symbolic link"));
    }
    let file = options.open(path).map_err(|e| {
        #[cfg(unix)]
        if !follow && e.raw_os_error() == Some(libc::ELOOP) {
            return not_regular("a symbolic link");
        }
        e
    })?;
    let meta = file.metadata()?;
    let kind = meta.file_type();
    if !kind.is_file() {
        return Err(not_regular(if kind.is_dir() {
            "a directory"
        } else {
            "a FIFO, socket or device"
        }));
    }
    Ok((file, meta.len()))
}

fn not_regular(what: &str) -> io::Error {
    io::Error::new(
        io::ErrorKind::InvalidInput,
        format!("{what}, not a regular file"),
    )
}

/// The bytes of the regular file at `path` (never through a link), or an error when it
/// holds more than `max` bytes (one byte more is read to tell, however large it claims to
/// be or grows).
pub fn read_regular(path: &Path, max: u64) -> io::Result<Vec<u8>> {
    read_bounded(open_regular(path, false)?, max)
}

/// A file named on the command line (`--cases-file`, `--cases-run`) as UTF-8 text: followed
/// through a link, since naming it is the permission, but a regular file, never waited on,
/// and at most `max` bytes.
pub fn read_named_text(path: &Path, max: u64) -> io::Result<String> {
    String::from_utf8(read_bounded(open_regular(path, true)?, max)?)
        .map_err(|e| io::Error::new(io::ErrorKind::InvalidData, e.utf8_error()))
}

/// At most `max` bytes of `file`, or an error when it holds more.
fn read_bounded(file: File, max: u64) -> io::Result<Vec<u8>> {
    let mut bytes = Vec::new();
    file.take(max.saturating_add(1)).read_to_end(&mut bytes)?;
    if bytes.len() as u64 > max {
        return Err(io::Error::new(
            io::ErrorKind::InvalidData,
            format!("more than {max} bytes"),
        ));
    }
    Ok(bytes)
}

/// [`read_regular`] as UTF-8 text.
pub fn read_regular_text(path: &Path, max: u64) -> io::Result<String> {
    String::from_utf8(read_regular(path, max)?)
        .map_err(|e| io::Error::new(io::ErrorKind::InvalidData, e.utf8_error()))
}

/// Write `bytes` to `path` as one rename: into a temporary file in the same directory,
/// then renamed over the target, so concurrent runs leave one whole report and a crash
/// leaves the old one. A symbolic link at `path` is refused (whoever wrote the tree may have
/// planted it to redirect the write); name the link's target to write there. An existing
/// FIFO or device (`/dev/null`, `/dev/stdout` resolved) is written in place, since it cannot
/// be replaced.
pub fn write_replacing(path: &Path, bytes: &[u8]) -> io::Result<()> {
    write_replacing_with(path, |w| w.write_all(bytes))
}

/// [`write_replacing`] with what `write` writes, through a buffer: a report written as it is
/// made is never held whole.
pub fn write_replacing_with(
    path: &Path,
    write: impl FnOnce(&mut dyn Write) -> io::Result<()>,
) -> io::Result<()> {
    refuse_linked_parents(path)?;
    match std::fs::symlink_metadata(path) {
        Ok(m) if m.file_type().is_symlink() => {
            return Err(io::Error::new(
                io::ErrorKind::InvalidInput,
                "is a symbolic link; refusing to write through it (name its target instead)",
            ));
        }
        Ok(m) if m.is_dir() => return Err(not_regular("a directory")),
        Ok(m) if !m.is_file() => {
            let mut options = std::fs::OpenOptions::new();
            options.write(true);
            #[cfg(unix)]
            {
                use std::os::unix::fs::OpenOptionsExt;
                options.custom_flags(libc::O_NOFOLLOW);
            }
            let mut out = io::BufWriter::new(options.open(path)?);
            write(&mut out)?;
            return out.flush();
        }
        _ => {}
    }
    let dir = match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    };
    let mut builder = tempfile::Builder::new();
    builder.prefix(".contractlint-").suffix(".tmp");
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        // As `File::create` would: 0666 less the umask, not the private 0600 of a temp file.
        builder.permissions(std::fs::Permissions::from_mode(0o666));
    }
    let mut tmp = builder.tempfile_in(dir)?;
    {
        let mut out = io::BufWriter::new(tmp.as_file_mut());
        write(&mut out)?;
        out.flush()?;
    }
    tmp.as_file().sync_data()?;
    tmp.persist(path).map_err(|e| e.error)?;
    Ok(())
}

/// A write below the working directory (where a checked-out tree lies) must not pass
/// through a symbolic link to a directory: `-o reports/out.sarif` with `reports` planted as
/// a link would write wherever it points. Components above the working directory, and an
/// absolute path outside it, are the runner's own (`/tmp` is a link on some systems).
fn refuse_linked_parents(path: &Path) -> io::Result<()> {
    let cwd = std::env::current_dir()?;
    let Some(parent) = cwd.join(path).parent().map(Path::to_path_buf) else {
        return Ok(());
    };
    let Ok(below) = parent.strip_prefix(&cwd) else {
        return Ok(());
    };
    let mut at = cwd.clone();
    for c in below.components() {
        match c {
            std::path::Component::Normal(name) => at.push(name),
            std::path::Component::ParentDir => {
                at.pop();
                continue;
            }
            _ => continue,
        }
        if std::fs::symlink_metadata(&at)?.file_type().is_symlink() {
            return Err(io::Error::new(
                io::ErrorKind::InvalidInput,
                format!(
                    "`{}` is a symbolic link; refusing to write through it (name its target instead)",
                    at.strip_prefix(&cwd).unwrap_or(&at).display()
                ),
            ));
        }
    }
    Ok(())
}
