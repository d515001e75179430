// Metamorphic: the first page is cut in `paged` itself, one call fewer
//! Archive queries. The page size is checked where the page is cut, five calls below the
//! tool: deeper than contractlint follows, so whether it is checked is not known to it.

pub fn search(text: &str, page_size: u32) -> Result<Vec<String>, String> {
    let hits = matching(text, page_size)?;
    Ok(hits)
}

fn matching(text: &str, page_size: u32) -> Result<Vec<String>, String> {
    let all: Vec<String> = ["alpha", "beta", "gamma"]
        .iter()
        .filter(|w| w.contains(text))
        .map(|w| w.to_string())
        .collect();
    paged(all, page_size)
}

fn paged(all: Vec<String>, page_size: u32) -> Result<Vec<String>, String> {
    let size = page_len(page_size)?;
    Ok(all.iter().take(size).cloned().collect())
}

fn page_len(page_size: u32) -> Result<usize, String> {
    if page_size < 1 || page_size > 50 {
        return Err(format!("page_size must be 1 to 50, not {page_size}"));
    }
    Ok(page_size as usize)
}
