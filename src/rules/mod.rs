//! The rules. Each is a pure function of the linked [`Project`]: it compares facts and
//! never parses. Severity is not a rule's business: the engine sets it from the catalog
//! and the configuration.

use crate::contract::Project;
use crate::rules::findings::Findings;

mod b001_write_before_validate;
mod b002_read_only_writes;
mod b003_failure_as_empty;
mod b004_unknown_as_zero;
mod b005_wrong_attribute_compared;
mod b006_boundary_excluded;
mod claim_support;
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
mod e002_not_statically_known;
pub mod findings;
mod l001_validator_not_found;
mod l002_schema_not_found;
mod l003_ambiguous_link;
mod l004_tools_not_found;
mod l005_conflicting_declarations;
mod p001_tool_name_invalid;
mod p002_annotations_contradictory;
mod p003_mcp_header_invalid;
mod p004_task_support_removed;
mod p005_webmcp_registration_rejected;
mod p006_webmcp_api_removed;
mod p007_webmcp_navigator_deprecated;
mod p008_webmcp_annotation_undefined;
mod p009_webmcp_schema_outside_subset;
mod p010_output_schema_unproducible;
mod p011_validation_error_as_protocol_error;
mod p012_client_schema_rejected;
mod p013_output_schema_mismatch;
mod p014_panic_on_input;
mod p015_webmcp_domain_error_thrown;
mod p016_output_schema_root_not_object;
mod p017_output_schema_invalid;
mod page_support;
mod r001_silent_default;
mod r002_unknown_fields_accepted;
mod r003_unknown_fields_rejected;
mod r004_type_mismatch;
mod r005_lossy_cast;
mod r006_string_number_coercion;
mod r007_null_as_missing;
mod r008_range_mismatch;
mod r009_range_unenforced;
mod r010_silent_clamp;
mod r011_special_zero;
mod r012_property_unhandled;
mod r013_values_mismatch;
mod r014_error_message_mismatch;
mod r015_schema_drift;
mod rust_support;
mod s001_dialect_undeclared;
mod s002_schema_invalid;
mod s003_open_input_object;
mod s004_required_undeclared;
mod s005_default_on_required;
mod s006_empty_range;
mod s007_unresolved_ref;
mod s008_property_undocumented;
mod s009_duplicate_key;
mod schema_admits;
pub mod systemic;

pub trait Rule: Sync {
    /// The catalog code, e.g. `S003`.
    fn code(&self) -> &'static str;
    fn check(&self, project: &Project, out: &mut Findings);
}

/// Every rule, in code order.
pub fn all() -> &'static [&'static dyn Rule] {
    &[
        &b001_write_before_validate::WriteBeforeValidate,
        &b002_read_only_writes::ReadOnlyWrites,
        &b003_failure_as_empty::FailureAsEmpty,
        &b004_unknown_as_zero::UnknownAsZero,
        &b005_wrong_attribute_compared::WrongAttributeCompared,
        &b006_boundary_excluded::BoundaryExcluded,
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
        &e002_not_statically_known::NotStaticallyKnown,
        &l001_validator_not_found::ValidatorNotFound,
        &l002_schema_not_found::SchemaNotFound,
        &l003_ambiguous_link::AmbiguousLink,
        &l004_tools_not_found::ToolsNotFound,
        &l005_conflicting_declarations::ConflictingDeclarations,
        &p001_tool_name_invalid::ToolNameInvalid,
        &p002_annotations_contradictory::AnnotationsContradictory,
        &p003_mcp_header_invalid::McpHeaderInvalid,
        &p004_task_support_removed::TaskSupportRemoved,
        &p005_webmcp_registration_rejected::WebmcpRegistrationRejected,
        &p006_webmcp_api_removed::WebmcpApiRemoved,
        &p007_webmcp_navigator_deprecated::WebmcpNavigatorDeprecated,
        &p008_webmcp_annotation_undefined::WebmcpAnnotationUndefined,
        &p009_webmcp_schema_outside_subset::WebmcpSchemaOutsideSubset,
        &p010_output_schema_unproducible::OutputSchemaUnproducible,
        &p011_validation_error_as_protocol_error::ValidationErrorAsProtocolError,
        &p012_client_schema_rejected::ClientSchemaRejected,
        &p013_output_schema_mismatch::OutputSchemaMismatch,
        &p014_panic_on_input::PanicOnInput,
        &p015_webmcp_domain_error_thrown::WebmcpDomainErrorThrown,
        &p016_output_schema_root_not_object::OutputSchemaRootNotObject,
        &p017_output_schema_invalid::OutputSchemaInvalid,
        &r001_silent_default::SilentDefault,
        &r002_unknown_fields_accepted::UnknownFieldsAccepted,
        &r003_unknown_fields_rejected::UnknownFieldsRejected,
        &r004_type_mismatch::TypeMismatch,
        &r005_lossy_cast::LossyCast,
        &r006_string_number_coercion::StringNumberCoercion,
        &r007_null_as_missing::NullAsMissing,
        &r008_range_mismatch::RangeMismatch,
        &r009_range_unenforced::RangeUnenforced,
        &r010_silent_clamp::SilentClamp,
        &r011_special_zero::SpecialZero,
        &r012_property_unhandled::PropertyUnhandled,
        &r013_values_mismatch::ValuesMismatch,
        &r014_error_message_mismatch::ErrorMessageMismatch,
        &r015_schema_drift::SchemaDrift,
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
