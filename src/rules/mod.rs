//! The rules. Each is a pure function of the linked [`Project`]: it compares facts and
//! never parses. Severity is not a rule's business: the engine sets it from the catalog
//! and the configuration.

use crate::contract::Project;
use crate::diagnostic::Diagnostic;

mod claims;
mod d001_description_range_mismatch;
mod d002_description_requiredness_mismatch;
mod d003_description_unknown_parameter;
mod d004_description_effect_mismatch;
mod d005_description_type_mismatch;
mod d006_description_values_mismatch;
mod d007_description_unit_mismatch;
mod d008_description_missing;
mod d009_description_default_mismatch;
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
        &d001_description_range_mismatch::DescriptionRangeMismatch,
        &d002_description_requiredness_mismatch::DescriptionRequirednessMismatch,
        &d003_description_unknown_parameter::DescriptionUnknownParameter,
        &d004_description_effect_mismatch::DescriptionEffectMismatch,
        &d005_description_type_mismatch::DescriptionTypeMismatch,
        &d006_description_values_mismatch::DescriptionValuesMismatch,
        &d007_description_unit_mismatch::DescriptionUnitMismatch,
        &d008_description_missing::DescriptionMissing,
        &d009_description_default_mismatch::DescriptionDefaultMismatch,
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
