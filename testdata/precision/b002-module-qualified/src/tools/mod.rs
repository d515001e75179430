pub mod purge;
pub mod report;
