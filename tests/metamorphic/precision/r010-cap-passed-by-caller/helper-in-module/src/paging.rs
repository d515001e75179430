// Metamorphic: the helper moved to a module of its own file, called by its path.

/// The page size asked for, or `default`, at most `maximum`.
pub fn page_size(limit: Option<usize>, default: usize, maximum: usize) -> usize {
    limit.unwrap_or(default).min(maximum)
}
