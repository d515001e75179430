use super::Rule;
use crate::contract::{
    Composed, Contract, JsonType, LinkKind, Origin, Profile, Project, RmcpLine, RustField, RustTy,
    RustType, UnknownFields,
};
use crate::diagnostic::{Diagnostic, Label};
use crate::rules::findings::Findings;
use crate::source::{FileId, Span};

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
                names(c, *profile, out);
                let rewritten = rewritten(project, c);
                let mut found = Findings::default();
                let sink = match rewritten {
                    Some(_) => &mut found,
                    None => &mut *out,
                };
                match profile {
                    Profile::OpenaiStrict => openai_strict(project, c, *profile, sink),
                    Profile::Gemini => gemini(project, c, *profile, sink),
                    Profile::Anthropic => anthropic(c, *profile, sink),
                    Profile::Webmcp => webmcp(project, c, *profile, sink),
                }
                let Some(at) = rewritten else {
                    continue;
                };
                for d in found.into_vec() {
                    out.push(d.unknown(
                        "whether the served input schema is the declared one (the server's `list_tools` rewrites input schemas)",
                        Some(at),
                    ));
                }
            }
        }
    }
}

/// For a tool whose published schema its package's Rust declares, where that package's own
/// `list_tools` rewrites input schemas before serving them. What the rewrite makes of the
/// schema is not known, so no profile says anything of it.
fn rewritten(project: &Project, c: &Contract) -> Option<Span> {
    let (decl, _) = c.published()?;
    if !decl.origin.from_rust() {
        return None;
    }
    let path = &project.sources.get(decl.name_span.file).path;
    crate::contract::SdkPackage::owner(&project.packages, path)?.rewrites_schemas
}

/// OpenAI strict mode: the root is an object, every object sets `additionalProperties: false`
/// and lists every property in `required` (an optional one is required and nullable).
fn openai_strict(project: &Project, c: &Contract, profile: Profile, out: &mut Findings) {
    let Some((decl, schema)) = c.published() else {
        return;
    };
    // Whether a zod schema's objects are closed differs between the conversions a hook may
    // use, and a form's schema is the browser's: unknown, so not reported.
    let closure_known = !matches!(decl.origin, Origin::PageZod | Origin::PageForm);
    let client = profile.client();
    // A schema a derive writes from the package's Rust types: each class below is one
    // cause there (the derive), said once for all its places.
    let derived = decl.origin == Origin::Rust;
    let cause = |said: &str| {
        format!("{client} rejects the input schemas derived from this package's Rust types: {said}")
    };
    let finding = |message: String, label: Label, help: String| {
        Diagnostic::new("P012", message, label)
            .tool(&c.name)
            .help(format!("{help} ({} profile)", profile.name()))
    };
    let root = &schema.root;
    if root.object.is_some() && root.has_type(JsonType::Object) && root.alternatives {
        // An object root that also holds its value to alternatives (`anyOf` of `required`
        // lists, of shapes): the Structured Outputs guide, *Supported schemas*: "the root
        // level object must be an object, and not use anyOf".
        out.push(finding(
            format!(
                "{client} rejects the input schema of `{}`: its root object also carries `anyOf`/`oneOf` alternatives, and strict mode wants the root to be one plain object schema (`anyOf` is permitted only below it, `oneOf` nowhere)",
                c.name
            ),
            Label::new(root.span.unwrap_or(schema.span), "alternatives at the root"),
            "drop the root alternatives: strict mode lists every property in `required` anyway (an optional one as nullable), so reject a call that gives none of the alternatives in the handler; alternative shapes go into one property's `anyOf`".into(),
        ));
        return;
    }
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
        if closure_known && !matches!(object.unknown_fields, UnknownFields::Rejected(_)) {
            let d = finding(
                format!(
                    "{client} rejects the input schema of `{}`: {at} does not set `additionalProperties: false`, which strict mode requires of every object",
                    c.name
                ),
                Label::new(object.span, "open object"),
                "add `\"additionalProperties\": false` (in Rust, `#[serde(deny_unknown_fields)]`)"
                    .into(),
            );
            out.push(match derived {
                true => d.caused_by(cause(
                    "an input type without `#[serde(deny_unknown_fields)]` is written without `additionalProperties: false`, which strict mode requires of every object",
                )),
                false => d,
            });
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
                match derived {
                    // One help for every place of the derive's cause.
                    true => "list every property in `required` and let each optional one's type admit `null`, so an agent can still leave it out".to_string(),
                    false => format!(
                        "list it in `required` and let its type admit `null` ({}) so an agent can still leave it out",
                        nullable(&p.schema)
                    ),
                },
            )
            .property(&name);
            if let Some(note) = path.is_empty().then(|| rust_note(c, &p.name)).flatten() {
                d = d.related(note);
            }
            if derived {
                d = d.caused_by(cause(
                    "an optional property (an `Option` or `#[serde(default)]` field) is written outside `required`, and strict mode requires every property",
                ));
            }
            out.push(d);
        }
    }
    // Strict mode's one composition is `anyOf`: the `oneOf` schemars writes for a tagged
    // enum (or a documented unit variant) is refused ("'oneOf' is not permitted").
    if !schemars_derived(decl, schema) {
        return;
    }
    for (f, how) in composed_fields(project, c, decl.name_span.file) {
        if how.keyword() != "oneOf" {
            continue;
        }
        out.push(
            finding(
                format!(
                    "{client} rejects the input schema of `{}`: property `{}` is {}, which schemars writes as a `oneOf`, and strict mode permits `anyOf` only",
                    c.name,
                    f.wire_name,
                    written_as(how)
                ),
                Label::new(f.ty_span, format!("{}, written as a `oneOf`", written_as(how))),
                composed_help(how).into(),
            )
            .property(&f.wire_name)
            .caused_by(cause(
                "schemars writes a Rust enum with data, a `tag` or a documented variant as a `oneOf`, and strict mode permits `anyOf` only",
            )),
        );
    }
}

/// The fix of a `oneOf` a client refuses.
fn composed_help(how: Composed) -> &'static str {
    match how {
        Composed::DocumentedUnits => {
            "say what each variant means in the property's description instead of on the variants, so schemars writes a plain `enum`"
        }
        _ => {
            "take the variant as a string property with an `enum` and its data as properties of their own, or publish the alternatives as an `anyOf`"
        }
    }
}

/// What makes schemars write a composition, said in a message.
fn written_as(how: Composed) -> &'static str {
    match how {
        Composed::DocumentedUnits => "a Rust enum with a documented variant",
        Composed::External => "a Rust enum with data",
        Composed::Tagged => "a Rust enum with a `tag`",
        Composed::Untagged => "an untagged Rust enum",
    }
}

fn finding(
    c: &Contract,
    profile: Profile,
    message: String,
    label: Label,
    help: &str,
) -> Diagnostic {
    Diagnostic::new("P012", message, label)
        .tool(&c.name)
        .help(format!("{help} ({} profile)", profile.name()))
}

/// The tool name a profile's client accepts: Gemini's function names start with a letter or
/// `_` and have at most 64 letters, digits, `_`, `.`, `-` (or `:`); Anthropic's match
/// `^[a-zA-Z0-9_-]{1,64}$`. A name is served as declared, whatever a listing makes of the
/// schema.
fn names(c: &Contract, profile: Profile, out: &mut Findings) {
    let client = profile.client();
    match profile {
        Profile::Gemini => {
            if let Some((name, at)) = published_name(c) {
                let ok = name.len() <= 64
                    && name.starts_with(|ch: char| ch.is_ascii_alphabetic() || ch == '_')
                    && name.chars().all(|ch| {
                        ch.is_ascii_alphanumeric() || matches!(ch, '_' | '.' | '-' | ':')
                    });
                if !ok {
                    out.push(finding(
                        c,
                        profile,
                        format!(
                            "{client} rejects the function name `{name}`: it must start with a letter or `_` and have at most 64 letters, digits, `_`, `.` or `-`"
                        ),
                        Label::new(at, "function name"),
                        "rename the tool",
                    ));
                }
            }
        }
        Profile::Anthropic => {
            if let Some((name, at)) = published_name(c) {
                let ok = (1..=64).contains(&name.len())
                    && name
                        .chars()
                        .all(|ch| ch.is_ascii_alphanumeric() || matches!(ch, '_' | '-'));
                if !ok {
                    out.push(finding(
                        c,
                        profile,
                        format!(
                            "{client} rejects the tool name `{name}`: it must be 1 to 64 letters, digits, `_` or `-`"
                        ),
                        Label::new(at, "tool name"),
                        "rename the tool (a `.` is valid in MCP but not here)",
                    ));
                }
            }
        }
        Profile::OpenaiStrict | Profile::Webmcp => {}
    }
}

/// The name a declaration publishes, at its span.
fn published_name(c: &Contract) -> Option<(&str, crate::source::Span)> {
    let (decl, _) = c.published()?;
    Some((&decl.name, decl.name_span))
}

/// Gemini function declarations (`parameters`): the name starts with a letter or `_` and has
/// at most 64 letters, digits, `_`, `.`, `-` (or `:`); `parameters` is a proto message whose
/// fields are a subset of OpenAPI 3.0's schema object, so a keyword it lacks (`$schema`,
/// `additionalProperties`) is an unknown field and `type` is one value, never a list.
fn gemini(project: &Project, c: &Contract, profile: Profile, out: &mut Findings) {
    let graph = &project.rust.crates;
    let client = profile.client();
    let Some((decl, schema)) = c.published() else {
        return;
    };
    // schemars writes an `Option` of another type of the crate (a struct, an enum) as an
    // `anyOf` with a `$ref`, which the derived facts inline: only a primitive's list of types is
    // known to be written as one. Whether `null` joins the list depends on the rmcp release
    // the declaring package asks for (0.2 to 0.16 write `"nullable": true` instead).
    let derived = decl.origin == Origin::Rust;
    let cause = |d: Diagnostic, said: &str| match derived {
        true => d.caused_by(format!(
            "{client} rejects the parameters derived from this package's Rust types: {said}"
        )),
        false => d,
    };
    let nullable = graph
        .files
        .get(&decl.name_span.file)
        .and_then(|h| graph.packages[h.package].rmcp_nullable);
    if let Some(d) = &schema.declared_dialect {
        let found = finding(
            c,
            profile,
            format!(
                "{client} rejects the parameters of `{}`: `$schema` is not a field of its schema object",
                c.name
            ),
            Label::new(d.span, "the schema is published with `$schema`"),
            "leave `$schema` out of the schema handed to Gemini",
        );
        out.push(cause(
            found,
            "they are published with `$schema`, which is not a field of its schema object",
        ));
    }
    let root = &schema.root;
    for (path, object) in root.objects() {
        let at = if path.is_empty() {
            "the parameters object".to_string()
        } else {
            format!("`{path}`")
        };
        // rust-mcp-sdk's `tool()` drops `additionalProperties` whatever the type says.
        let closes_published = !derived || schema.declared_dialect.is_some();
        if let UnknownFields::Rejected(span) = object.unknown_fields
            && closes_published
        {
            let found = finding(
                c,
                profile,
                format!(
                    "{client} rejects the parameters of `{}`: {at} closes itself with `additionalProperties`/`unevaluatedProperties`, which its schema object does not have",
                    c.name
                ),
                Label::new(span, "closes the object"),
                "leave the keyword out of the schema handed to Gemini (the server still rejects unknown properties)",
            );
            out.push(cause(
                found,
                "an input type with `#[serde(deny_unknown_fields)]` is written with `additionalProperties: false`, which its schema object does not have",
            ));
        }
        for p in &object.properties {
            let Some(types) = p.schema.types.as_ref().filter(|t| t.value.len() > 1) else {
                continue;
            };
            if derived
                && (p.schema.enum_values.is_some() || types.value.contains(&JsonType::Object))
            {
                continue;
            }
            let written = types.value.iter().filter(|t| **t != JsonType::Null).count();
            match (derived, nullable) {
                (false, _) | (true, Some(false)) => {}
                (true, Some(true)) if written > 1 => {}
                (true, _) => continue,
            }
            let name = if path.is_empty() {
                p.name.clone()
            } else {
                format!("{path}.{}", p.name)
            };
            let found = finding(
                    c,
                    profile,
                    format!(
                        "{client} rejects the parameters of `{}`: property `{name}` has a list of types, and Gemini's `type` is one value",
                        c.name
                    ),
                    Label::new(types.span, "a list of types"),
                    "give one `type` and mark an optional value `\"nullable\": true`",
                )
                .property(&name);
            out.push(cause(
                found,
                "an `Option` of one type is written as a list of types (`[\"string\", \"null\"]`), and Gemini's `type` is one value",
            ));
        }
    }
    // A tagged enum is written as a `oneOf` (with `const` tags in schemars 1, and each
    // variant of an externally tagged one closed with `additionalProperties`), fields the
    // schema object does not have; an untagged one is an `anyOf`, which it has.
    if !schemars_derived(decl, schema) {
        return;
    }
    let schemars_1 = graph
        .files
        .get(&decl.name_span.file)
        .and_then(|h| graph.packages[h.package].rmcp_defs)
        == Some("$defs");
    for (f, how) in composed_fields(project, c, decl.name_span.file) {
        let written = match how {
            Composed::Untagged => continue,
            Composed::External => "a `oneOf` of objects closed with `additionalProperties`",
            Composed::Tagged if schemars_1 => {
                "a `oneOf` whose branches name their tag with `const`"
            }
            Composed::DocumentedUnits if schemars_1 => "a `oneOf` of `const`s",
            Composed::Tagged | Composed::DocumentedUnits => "a `oneOf`",
        };
        let found = finding(
                c,
                profile,
                format!(
                    "{client} rejects the parameters of `{}`: property `{}` is {}, which schemars writes as {written}, keywords its schema object does not have",
                    c.name,
                    f.wire_name,
                    written_as(how)
                ),
                Label::new(f.ty_span, format!("{}, written as {written}", written_as(how))),
                composed_help(how),
            )
            .property(&f.wire_name);
        out.push(cause(
            found,
            "schemars writes a Rust enum with data, a `tag` or a documented variant as a `oneOf`, a field its schema object does not have",
        ));
    }
}

/// Anthropic's tools: `name` matches `^[a-zA-Z0-9_-]{1,64}$`, `input_schema` is an object
/// schema, and the API refuses `oneOf`/`anyOf`/`allOf` at its top level.
fn anthropic(c: &Contract, profile: Profile, out: &mut Findings) {
    let client = profile.client();
    let Some((_, schema)) = c.published() else {
        return;
    };
    let root = &schema.root;
    let at = root.span.unwrap_or(schema.span);
    if root.alternatives {
        out.push(finding(
            c,
            profile,
            format!(
                "{client} rejects the input schema of `{}`: it has `oneOf`/`anyOf` at its top level",
                c.name
            ),
            Label::new(at, "alternatives at the top level"),
            "make the root one object schema and move the alternatives into its properties (or check them in the handler)",
        ));
    } else if root.types.is_some() && !root.has_type(JsonType::Object) {
        out.push(finding(
            c,
            profile,
            format!(
                "{client} rejects the input schema of `{}`: its root is not `\"type\": \"object\"`",
                c.name
            ),
            Label::new(at, "root schema"),
            "make the root `{\"type\": \"object\", \"properties\": {..}}`",
        ));
    }
}

/// The proposed WebMCP validation subset: `registerTool()` rejects a schema with a keyword
/// outside its allowlist, or `additionalProperties` other than `false`. One finding per tool
/// names every such keyword, at the first use of each. A schema derived from Rust is known
/// by what rmcp and schemars write into it for sure ([`derived_keywords`]); a schema file's
/// keywords are not recorded.
fn webmcp(project: &Project, c: &Contract, profile: Profile, out: &mut Findings) {
    let Some((decl, schema)) = c.published() else {
        return;
    };
    // Only where the keywords are read: not a schema file linked by its name, nor a form,
    // whose schema the browser synthesizes from the controls. A zod schema's
    // keywords are those every conversion writes (`minItems` of `.min()` on an array).
    let read = [
        Origin::Manifest,
        Origin::PageScript,
        Origin::PageZod,
        Origin::Rust,
        Origin::RustValue,
    ];
    if !read.contains(&decl.origin) {
        return;
    }
    // The root's `$schema` is the declared dialect; a derived schema's other keywords are
    // what its Rust type makes rmcp and schemars write.
    let derived = decl.origin == Origin::Rust;
    let dialect = schema.declared_dialect.iter().map(|d| (d.span, "$schema"));
    let made = match derived {
        true => derived_keywords(
            project,
            c,
            decl.name_span.file,
            schema.declared_dialect.is_some(),
        ),
        false => Vec::new(),
    };
    let keywords = decl
        .spec
        .iter()
        .filter(|_| !derived)
        .flat_map(|s| &s.schema_keywords)
        .map(|k| (k.span, k.value.as_str()));
    let written: Vec<(Span, &str)> = dialect.chain(made).chain(keywords).collect();
    let mut outside: Vec<(Span, &str)> = Vec::new();
    for (span, k) in written {
        if !outside.iter().any(|(_, o)| *o == k) {
            outside.push((span, k));
        }
    }
    let Some(((at, _), rest)) = outside.split_first() else {
        return;
    };
    let shown = |k: &str| match k {
        "additionalProperties" => "`additionalProperties` other than `false`".to_string(),
        k => format!("`{k}`"),
    };
    let mut names = outside.iter().map(|(_, k)| shown(k)).collect::<Vec<_>>();
    let last = names.pop().unwrap_or_default();
    let names = match names.is_empty() {
        true => last,
        false => format!("{} and {last}", names.join(", ")),
    };
    let d = finding(
        c,
        profile,
        format!(
            "{} rejects the input schema of `{}`: it uses {names}, which the subset does not allow, so `registerTool()` would throw a `TypeError`",
            profile.client(),
            c.name
        ),
        Label::new(
            *at,
            match derived {
                true => format!("the schema derived for this tool uses {names}"),
                false => "outside the proposed subset".to_string(),
            },
        ),
        "write the schema with `type`, `properties`, `required`, `enum`, the numeric and length bounds, `pattern`, `items`, `prefixItems`, `additionalProperties: false`, `default` and `description` only, and say the rest in the description",
    );
    let d = rest.iter().fold(d, |d, (s, k)| {
        d.related(Label::new(*s, format!("{} is outside it too", shown(k))))
    });
    // What a derive writes is one cause for every tool it derives a schema for.
    out.push(match derived {
        true => d.caused_by(format!(
            "{} rejects the input schemas derived from this package's Rust types: they are published with keywords the subset does not allow (each tool's named at it), so `registerTool()` would throw a `TypeError`",
            profile.client()
        )),
        false => d,
    });
}

/// Keywords outside the WebMCP subset that a schema derived from the tool's Rust input type
/// is published with besides `$schema`, each at the first place that makes it: the root
/// `title` (schemars writes the type's name; rmcp strips it from 1.8 on, so only when every
/// rmcp release the declaring package may be built with is older), `format` on a number
/// (schemars writes `uint32`, `int64`, `double`, ..; only where the schema is known to be
/// schemars', published with its `$schema`: rust-mcp-sdk's own derive writes a bare
/// `"type": "integer"`), the composition of an enum schemars writes whatever its settings
/// (`oneOf`, `anyOf`, `const`: [`composed_fields`]), and for an rmcp `#[tool]` (whose schema
/// settings are rmcp's own) `$ref` to a type of the crate schemars names, with its
/// definition under `$defs` (`definitions` up to rmcp 0.9.0), `anyOf` for an `Option` of a
/// named type (rmcp 0.17 on: schemars 1's `[{"$ref"},
/// {"type": "null"}]`), and `nullable` on an `Option` of a typed value (rmcp 0.2 to 0.16
/// write OpenAPI's `"nullable": true`). Read through `Option`, `Vec` and `Box`; a field with
/// a serde or schemars helper of its own, or flattened, is not known.
fn derived_keywords(
    project: &Project,
    c: &Contract,
    file: FileId,
    schemars: bool,
) -> Vec<(Span, &'static str)> {
    let Some(rust) = c.rust.as_deref() else {
        return Vec::new();
    };
    let Some(ty) = rust.ty.as_ref() else {
        return Vec::new();
    };
    let graph = &project.rust.crates;
    let mut out = Vec::new();
    let package = graph.files.get(&file).map(|h| &graph.packages[h.package]);
    let lines = package.map(|p| p.rmcp_lines.as_slice()).unwrap_or_default();
    if !lines.is_empty() && lines.iter().all(|l| *l < RmcpLine::From1_8) {
        out.push((ty.span, "title"));
    }
    fn number(t: &RustTy) -> bool {
        match t {
            RustTy::Integer { .. } | RustTy::Float => true,
            RustTy::Option(t) | RustTy::Vec(t) => number(t),
            _ => false,
        }
    }
    let plain = |f: &&RustField| !f.flatten && f.coercion.is_none();
    let fields = || ty.fields.iter().filter(plain);
    if let Some(f) = fields().find(|f| number(&f.ty)).filter(|_| schemars) {
        out.push((f.ty_span, "format"));
    }
    // What rmcp's own `schema_for_type` writes: a `#[tool]` taking `Parameters<T>`.
    let rmcp_tool = rust.how == LinkKind::Declared
        && !lines.is_empty()
        && rust
            .handler
            .and_then(|h| project.rust.fns.get(h))
            .and_then(|f| f.body.as_ref())
            .is_some_and(|b| b.params.iter().any(|(_, t)| t.contains("Parameters<")));
    // An enum schemars writes as a composition (`oneOf` for a documented unit variant or
    // a tagged enum with data, `anyOf` untagged), referenced or inlined, whatever the
    // settings; the tag of each branch, and a documented variant, as a `const` in
    // schemars 1 (rmcp 0.10 on).
    let mut composed = Vec::new();
    if schemars || rmcp_tool {
        let schemars_1 = package.and_then(|p| p.rmcp_defs) == Some("$defs");
        for (f, how) in composed_fields(project, c, file) {
            composed.push((f.ty_span, how.keyword()));
            if schemars_1 && matches!(how, Composed::Tagged | Composed::DocumentedUnits) {
                composed.push((f.ty_span, "const"));
            }
        }
    }
    if !rmcp_tool {
        out.extend(composed);
        return out;
    }
    let fields = || fields().filter(|f| f.attrs().schema_with.is_none());
    // Whether every type of that name in the declaring package `has` it. A type of the
    // crate that schemars writes under `$defs` derives `JsonSchema` as a named schema.
    let home = graph.files.get(&file).map(|h| h.package);
    let every = |name: &str, has: fn(&RustType) -> bool| {
        let mut named = project
            .rust
            .types_named(name)
            .filter(|t| graph.files.get(&t.span.file).map(|h| h.package) == home)
            .peekable();
        named.peek().is_some() && named.all(|t| has(t))
    };
    let referenced = |name: &str| every(name, |t| t.referenced);
    fn holds(t: &RustTy, referenced: &dyn Fn(&str) -> bool) -> bool {
        match t {
            RustTy::Named(n) => referenced(n),
            RustTy::Option(t) | RustTy::Vec(t) => holds(t, referenced),
            _ => false,
        }
    }
    if let Some(f) = fields().find(|f| holds(&f.ty, &referenced)) {
        out.push((f.ty_span, "$ref"));
        // The referenced type's definition, at the root under the keyword the rmcp
        // release's schemars settings name.
        out.extend(package.and_then(|p| p.rmcp_defs).map(|k| (f.ty_span, k)));
    }
    out.extend(composed);
    let nullable = package.and_then(|p| p.rmcp_nullable);
    // What an `Option` field holds; schemars writes the inner schema alone, without `null`,
    // for one marked `#[schemars(required)]` or `#[validate(required)]`.
    fn option_of(f: &RustField) -> Option<&RustTy> {
        match &f.ty {
            RustTy::Option(t) if f.attrs().required.is_none() => Some(t),
            _ => None,
        }
    }
    if nullable == Some(false)
        && let Some(f) =
            fields().find(|f| matches!(option_of(f), Some(RustTy::Named(n)) if referenced(n)))
    {
        out.push((f.ty_span, "anyOf"));
    }
    let typed = |f: &&RustField| {
        matches!(
            option_of(f),
            Some(
                RustTy::Integer { .. }
                    | RustTy::Float
                    | RustTy::String
                    | RustTy::Bool
                    | RustTy::Vec(_)
                    | RustTy::Map
            )
        )
    };
    if nullable == Some(true)
        && let Some(f) = fields().find(typed)
    {
        out.push((f.ty_span, "nullable"));
    }
    out
}

/// The input fields of a derived schema whose type (through `Option`, `Vec` and `Box`) is
/// an enum of the declaring package that schemars writes as a composition, with that
/// composition: only a plain field (not flattened, no serde or schemars helper of its own),
/// and only when every type of that name in the package is written the same way.
fn composed_fields<'c>(
    project: &Project,
    c: &'c Contract,
    file: FileId,
) -> Vec<(&'c RustField, Composed)> {
    let Some(ty) = c.rust.as_deref().and_then(|r| r.ty.as_deref()) else {
        return Vec::new();
    };
    let graph = &project.rust.crates;
    let home = graph.files.get(&file).map(|h| h.package);
    let composed = |name: &str| {
        let mut named = project
            .rust
            .types_named(name)
            .filter(|t| graph.files.get(&t.span.file).map(|h| h.package) == home)
            .map(|t| t.composed);
        let first = named.next().flatten()?;
        named.all(|k| k == Some(first)).then_some(first)
    };
    fn held(t: &RustTy) -> Option<&str> {
        match t {
            RustTy::Named(n) => Some(n),
            RustTy::Option(t) | RustTy::Vec(t) => held(t),
            _ => None,
        }
    }
    ty.fields
        .iter()
        .filter(|f| !f.flatten && f.coercion.is_none() && f.attrs().schema_with.is_none())
        .filter_map(|f| Some((f, composed(held(&f.ty)?)?)))
        .collect()
}

/// Whether schemars writes the derived schema of `decl`: published with schemars'
/// `$schema` (rmcp, `schema_for!`, trait registries), not rust-mcp-sdk's own derive, whose
/// enums are not known.
fn schemars_derived(
    decl: &crate::contract::ToolDecl,
    schema: &crate::contract::SchemaFacts,
) -> bool {
    decl.origin == Origin::Rust && schema.declared_dialect.is_some()
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
