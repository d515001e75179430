//! Every integration test in one binary.

#[path = "../listing_test.rs"]
mod listing_test;
