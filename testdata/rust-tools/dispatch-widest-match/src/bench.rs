//! Latency benchmark: replays recorded searches through the index directly; anything else
//! times the recent-notes listing.

use crate::cache::CachedIndex;

pub fn run_case(tool_name: &str, query: &str) {
    let index = CachedIndex::default();
    match tool_name {
        "search_notes" => bench_search(&index, query, 10),
        _ => bench_recent(&index, 5),
    }
}

fn bench_search(index: &CachedIndex, query: &str, limit: i64) {
    if limit > 10 {
        return;
    }
    let _ = index.search_notes(query, limit);
}

fn bench_recent(index: &CachedIndex, count: i64) {
    let _ = index.recent(count);
}
