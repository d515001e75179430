use super::Rule;
use crate::contract::{Contract, JsonType, Profile, Project, RustTy, UnknownFields};
use crate::diagnostic::{Diagnostic, Label};
use crate::rules::findings::Findings;

/// P012: a published input schema that a client chosen with `--profile` / `profiles = [..]`
/// does not accept as written. Each profile is a documented list of what its client rejects;
/// a finding names the client, and where the Rust side decides whether the usual fix is safe
/// (strict mode wants every property required, the code treats one as optional), says so.
pub struct ClientSchemaRejected;

impl Rule for ClientSchemaRejected {
    fn code(&self) -> &'static str {
        "P012"
    }

    fn check(&self, project: &Project, out: &mut Findings) {
        for profile in &project.profiles {
            for c in &project.contracts {
                match profile {
                    Profile::OpenaiStrict => openai_strict(c, *profile, out),
                }
            }
        }
    }
}

/// OpenAI strict mode: the root is an object, every object sets `additionalProperties: false`
/// and lists every property in `required` (an optional one is required and nullable).
fn openai_strict(c: &Contract, profile: Profile, out: &mut Findings) {
    let Some((_, schema)) = c.published() else {
        return;
    };
    let client = profile.client();
    let finding = |message: String, label: Label, help: String| {
        Diagnostic::new("P012", message, label)
            .tool(&c.name)
            .help(format!("{help} ({} profile)", profile.name()))
    };
    let root = &schema.root;
    if root.object.is_none() || !root.has_type(JsonType::Object) || root.alternatives {
        out.push(finding(
            format!(
                "{client} rejects the input schema of `{}`: its root is not an object schema (`\"type\": \"object\"` with `properties`)",
                c.name
            ),
            Label::new(root.span.unwrap_or(schema.span), "root schema"),
            "make the root `{\"type\": \"object\", \"properties\": {..}}`".into(),
        ));
        return;
    }
    for (path, object) in root.objects() {
        let at = if path.is_empty() {
            "the input".to_string()
        } else {
            format!("`{path}`")
        };
        if !matches!(object.unknown_fields, UnknownFields::Rejected(_)) {
            out.push(finding(
                format!(
                    "{client} rejects the input schema of `{}`: {at} does not set `additionalProperties: false`, which strict mode requires of every object",
                    c.name
                ),
                Label::new(object.span, "open object"),
                "add `\"additionalProperties\": false` (in Rust, `#[serde(deny_unknown_fields)]`)".into(),
            ));
        }
        for p in object.properties.iter().filter(|p| p.required.is_none()) {
            let name = if path.is_empty() {
                p.name.clone()
            } else {
                format!("{path}.{}", p.name)
            };
            let mut d = finding(
                format!(
                    "{client} rejects the input schema of `{}`: property `{name}` is not in `required`, and strict mode requires every property",
                    c.name
                ),
                Label::new(p.name_span, "optional property"),
                format!(
                    "list it in `required` and let its type admit `null` ({}) so an agent can still leave it out",
                    nullable(&p.schema)
                ),
            )
            .property(&name);
            if let Some(note) = path.is_empty().then(|| rust_note(c, &p.name)).flatten() {
                d = d.related(note);
            }
            out.push(d);
        }
    }
}

/// The property's type with `null` added, as strict mode writes an optional property.
fn nullable(schema: &crate::contract::SchemaNode) -> String {
    match schema.non_null_types().as_slice() {
        [t] => format!("`[\"{}\", \"null\"]`", t.as_str()),
        _ => "a `null` branch".to_string(),
    }
}

/// What the Rust input makes of a property strict mode would make required: the usual fix
/// (required and nullable) is safe only when the code reads `null` as absent.
fn rust_note(c: &Contract, wire: &str) -> Option<Label> {
    let field = c.rust.as_ref()?.field(wire)?;
    let ty = field.ty.display();
    let text = match (&field.ty, &field.default) {
        (RustTy::Option(_), _) => format!(
            "the code reads it as `{ty}`: required and nullable is safe, an agent in strict mode sends `null` where it meant to leave it out"
        ),
        (_, Some(_)) => format!(
            "the code gives it a default (`{ty}` with `#[serde(default)]`) and rejects `null`: required and nullable would fail every call that sends `null`; make the field `Option<{ty}>` first"
        ),
        _ => return None,
    };
    Some(Label::new(field.span, text))
}
