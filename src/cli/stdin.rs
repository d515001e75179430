//! `check -`: standard input as one named file.

/// `check -`: standard input staged as a file named like `--stdin-filename` in a private
/// temporary directory (the engine reads files by path), removed when the run ends.
pub struct StdinFile {
    /// As given, for the report and for finding the configuration.
    pub name: std::path::PathBuf,
    pub staged: std::path::PathBuf,
    _dir: tempfile::TempDir,
}

impl StdinFile {
    /// Where the configuration search starts: the named file's closest existing directory
    /// (the name need not exist, e.g. an editor buffer not saved yet).
    pub fn config_start(&self) -> std::path::PathBuf {
        self.name
            .ancestors()
            .skip(1)
            .find(|p| !p.as_os_str().is_empty() && p.is_dir())
            .map_or_else(|| ".".into(), std::path::Path::to_path_buf)
    }
}

pub fn stdin_file(args: &super::CheckArgs) -> Result<Option<StdinFile>, String> {
    let dash = args.paths.iter().any(|p| p.as_os_str() == "-");
    match (dash, &args.stdin_filename) {
        (false, None) => Ok(None),
        (false, Some(_)) => Err(
            "--stdin-filename needs `-` as the path (`check - --stdin-filename tools.json`)".into(),
        ),
        (true, _) if args.paths.len() > 1 => {
            Err("`-` (standard input) cannot be combined with other paths".into())
        }
        (true, None) => Err(
            "`check -` needs --stdin-filename: its extension decides how the input is read".into(),
        ),
        (true, Some(name)) => {
            let base = name
                .file_name()
                .ok_or_else(|| format!("--stdin-filename `{}` names no file", name.display()))?;
            // Bounded as a file of the tree is: one byte past the limit is read to tell.
            let max = args
                .max_file_size
                .unwrap_or(crate::config::DEFAULT_MAX_FILE_SIZE);
            let mut text = Vec::new();
            std::io::Read::read_to_end(
                &mut std::io::Read::take(std::io::stdin().lock(), max.saturating_add(1)),
                &mut text,
            )
            .map_err(|e| format!("cannot read standard input: {e}"))?;
            if text.len() as u64 > max {
                return Err(format!(
                    "standard input holds more than {max} bytes (`--max-file-size` raises the limit)"
                ));
            }
            let dir = tempfile::Builder::new()
                .prefix("contractlint-stdin")
                .tempdir()
                .map_err(|e| format!("cannot stage standard input: {e}"))?;
            let staged = dir.path().join(base);
            std::fs::write(&staged, text)
                .map_err(|e| format!("cannot stage standard input: {e}"))?;
            Ok(Some(StdinFile {
                name: name.clone(),
                staged,
                _dir: dir,
            }))
        }
    }
}
