//! The rules. Each is a pure function of the linked [`Project`]: it compares facts and
//! never parses. Severity is not a rule's business: the engine sets it from the catalog
//! and the configuration.

use crate::contract::Project;
use crate::diagnostic::Diagnostic;

mod e001_unreadable_file;
mod s001_dialect_undeclared;
mod s002_schema_invalid;
mod s003_open_input_object;
mod s004_required_undeclared;
mod s005_default_on_required;
mod s006_empty_range;
mod s007_unresolved_ref;
mod s008_property_undocumented;
mod s009_duplicate_key;

pub trait Rule: Sync {
    /// The catalog code, e.g. `S003`.
    fn code(&self) -> &'static str;
    fn check(&self, project: &Project, out: &mut Vec<Diagnostic>);
}

/// Every rule, in code order.
pub fn all() -> &'static [&'static dyn Rule] {
    &[
        &e001_unreadable_file::UnreadableFile,
        &s001_dialect_undeclared::DialectUndeclared,
        &s002_schema_invalid::SchemaInvalid,
        &s003_open_input_object::OpenInputObject,
        &s004_required_undeclared::RequiredUndeclared,
        &s005_default_on_required::DefaultOnRequired,
        &s006_empty_range::EmptyRange,
        &s007_unresolved_ref::UnresolvedRef,
        &s008_property_undocumented::PropertyUndocumented,
        &s009_duplicate_key::DuplicateKey,
    ]
}
