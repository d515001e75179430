//! zod schemas as the WebMCP hooks publish them. `useWebMCP` (`@mcp-b/react-webmcp`) takes a
//! zod shape and `useMcpTool` (`webmcp-react`) a `z.object(..)`; both hand them to zod's JSON
//! Schema conversion. Only the common builders are read, into the keywords every version of
//! that conversion writes: `z.object` (`properties`, `required` without the `.optional()`
//! ones), `z.string`/`z.number`/`z.boolean`/`z.array`, `z.enum` (`enum`), `.int()`
//! (`integer`), `.min`/`.max` (`minLength`/`minimum`/`minItems` as the type says) and
//! `.describe` (`description`). Anything else (`.default()`, whose requiredness differs
//! between zod versions, `.email()`, refinements, an import) makes the schema not statically
//! known: reported, never guessed. Whether an object is closed to unknown properties also
//! differs between the conversions, so no `additionalProperties` is written.

use super::values::{Member, Value};
use super::{Lowered, MAX_RESOLVE_DEPTH, Module};
use crate::contract::NotStatic;
use crate::extract::json_tree::{JsonKind, JsonMember, JsonNode};
use oxc_ast::ast::{Argument, CallExpression, Expression};
use oxc_span::GetSpan;

/// The dialect `z.toJSONSchema` declares by default (its `target: "draft-2020-12"`).
const DRAFT_2020_12: &str = "https://json-schema.org/draft/2020-12/schema";

/// Where zod is imported from (not `zod/mini`, whose API is another).
pub const PACKAGES: &[&str] = &["zod", "zod/v4", "zod/v3"];

#[derive(Clone, Copy, PartialEq)]
enum Kind {
    String,
    Number,
    Integer,
    Boolean,
    Array,
    Object,
    Enum,
}

/// A zod schema being read: its keywords so far, and whether it was made optional.
struct Zod {
    kind: Kind,
    members: Vec<JsonMember>,
    optional: bool,
}

impl Zod {
    fn set(&mut self, member: JsonMember) {
        self.members.retain(|m| m.key != member.key);
        self.members.push(member);
    }
}

impl Module<'_, '_> {
    /// A zod shape (`{ query: z.string() }`) as the object schema it converts to.
    pub fn zod_shape(
        &self,
        members: Vec<Member>,
        span: oxc_span::Span,
        path: &str,
        tool: &str,
        ns: &mut Vec<NotStatic>,
    ) -> Lowered {
        match self.shape(members, span, path, tool, ns, 0) {
            Some(z) => Lowered::Node(self.node(z, span)),
            None => Lowered::Unknown,
        }
    }

    /// A zod schema (`z.object({..})`) as the JSON Schema it converts to.
    pub fn zod_schema(
        &self,
        e: &Expression,
        path: &str,
        tool: &str,
        ns: &mut Vec<NotStatic>,
    ) -> Lowered {
        match self.zod(e, path, tool, ns, 0) {
            Some(z) => Lowered::Node(self.node(z, e.span())),
            None => Lowered::Unknown,
        }
    }

    /// `z.toJSONSchema(schema)` with zod's defaults, as the JSON Schema it returns: the
    /// draft 2020-12 conversion, whose root names its dialect in `$schema` (every zod 4
    /// release; the `$schema` member spans the call).
    pub fn zod_converted(
        &self,
        call: &Expression,
        schema: &Expression,
        path: &str,
        tool: &str,
        ns: &mut Vec<NotStatic>,
    ) -> Lowered {
        let Some(mut z) = self.zod(schema, path, tool, ns, 0) else {
            return Lowered::Unknown;
        };
        let dialect = JsonKind::String(DRAFT_2020_12.into());
        z.members
            .insert(0, self.keyword("$schema", call.span(), dialect));
        Lowered::Node(self.node(z, schema.span()))
    }

    /// `z.toJSONSchema(schema)`: zod's own conversion, written in the page; its argument.
    pub fn converted<'e, 'x>(&self, e: &'e Expression<'x>) -> Option<&'e Expression<'x>> {
        let Expression::CallExpression(c) = e.get_inner_expression() else {
            return None;
        };
        let m = c.callee.get_inner_expression().as_member_expression()?;
        let [arg] = c.arguments.as_slice() else {
            return None;
        };
        (m.static_property_name() == Some("toJSONSchema") && self.is_zod(m.object()))
            .then(|| arg.as_expression())
            .flatten()
    }

    /// Whether `e` is the zod namespace (`import { z } from "zod"`, `import * as z ..`).
    pub fn is_zod(&self, e: &Expression) -> bool {
        let unit = self.unit_data(self.unit.get());
        matches!(e.get_inner_expression(), Expression::Identifier(id)
            if unit.bindings.zod.contains(id.name.as_str())
                && !unit.bindings.by_name.contains_key(id.name.as_str()))
    }

    fn node(&self, z: Zod, span: oxc_span::Span) -> JsonNode {
        JsonNode {
            span: self.span(span),
            kind: JsonKind::Object(z.members),
        }
    }

    fn shape(
        &self,
        members: Vec<Member>,
        span: oxc_span::Span,
        path: &str,
        tool: &str,
        ns: &mut Vec<NotStatic>,
        depth: usize,
    ) -> Option<Zod> {
        let mut properties = Vec::new();
        let mut required = Vec::new();
        let mut known = true;
        for m in members {
            let f = match m {
                Member::Field(f) => f,
                Member::Hole(h) => {
                    self.not_static(
                        ns,
                        Some(tool),
                        &format!("a spread or computed key in `{path}`"),
                        h.reason,
                        h.span,
                    );
                    known = false;
                    continue;
                }
            };
            let at = format!("{path}.{}", f.key);
            if f.method {
                self.not_static(
                    ns,
                    Some(tool),
                    &format!("`{at}`"),
                    "a method or accessor".into(),
                    f.span,
                );
                known = false;
                continue;
            }
            let Some(z) = self
                .read(&f.value, |v| self.zod(v, &at, tool, ns, depth + 1))
                .flatten()
            else {
                known = false;
                continue;
            };
            if !z.optional {
                required.push(JsonNode {
                    span: self.span(f.key_span),
                    kind: JsonKind::String(f.key.clone()),
                });
            }
            properties.push(JsonMember {
                key: f.key,
                key_span: self.span(f.key_span),
                value: self.node(z, f.value.span),
            });
        }
        if !known {
            return None;
        }
        let at = self.span(span);
        let mut out = Zod {
            kind: Kind::Object,
            members: vec![
                self.keyword("type", span, JsonKind::String("object".into())),
                JsonMember {
                    key: "properties".into(),
                    key_span: at,
                    value: JsonNode {
                        span: at,
                        kind: JsonKind::Object(properties),
                    },
                },
            ],
            optional: false,
        };
        if !required.is_empty() {
            out.set(self.keyword("required", span, JsonKind::Array(required)));
        }
        Some(out)
    }

    fn keyword(&self, key: &str, span: oxc_span::Span, kind: JsonKind) -> JsonMember {
        JsonMember {
            key: key.into(),
            key_span: self.span(span),
            value: JsonNode {
                span: self.span(span),
                kind,
            },
        }
    }

    fn zod(
        &self,
        e: &Expression,
        path: &str,
        tool: &str,
        ns: &mut Vec<NotStatic>,
        depth: usize,
    ) -> Option<Zod> {
        let shown = format!("`{path}`");
        let e = e.get_inner_expression();
        if depth >= MAX_RESOLVE_DEPTH {
            self.not_static(
                ns,
                Some(tool),
                &shown,
                "constants nest too deeply".into(),
                e.span(),
            );
            return None;
        }
        match e {
            Expression::Identifier(id) => match self.name_value(&id.name, id.span) {
                Ok(Value::At(l)) => self
                    .read(&l, |v| self.zod(v, path, tool, ns, depth + 1))
                    .flatten(),
                Ok(Value::Function { .. }) => {
                    self.not_static(
                        ns,
                        Some(tool),
                        &shown,
                        format!("`{}` is a function", id.name),
                        id.span,
                    );
                    None
                }
                Err(reason) => {
                    self.not_static(ns, Some(tool), &shown, reason, id.span);
                    None
                }
            },
            Expression::StaticMemberExpression(m) => match self.value_of(e, depth) {
                Ok(l) => self
                    .read(&l, |v| self.zod(v, path, tool, ns, depth + 1))
                    .flatten(),
                Err(reason) => {
                    self.not_static(ns, Some(tool), &shown, reason, m.span);
                    None
                }
            },
            Expression::CallExpression(c) => {
                let Some((object, (at, method))) = c
                    .callee
                    .get_inner_expression()
                    .as_member_expression()
                    .and_then(|m| Some((m.object(), m.static_property_info()?)))
                else {
                    self.not_static(
                        ns,
                        Some(tool),
                        &shown,
                        "a call that is not one of zod's builders".into(),
                        c.span,
                    );
                    return None;
                };
                if self.is_zod(object) {
                    return self.builder(method, c, path, tool, ns, depth);
                }
                let inner = self.zod(object, path, tool, ns, depth + 1)?;
                self.refine(inner, method, at, c, path, tool, ns)
            }
            other => {
                self.not_static(
                    ns,
                    Some(tool),
                    &shown,
                    format!("{}, not a zod schema", super::describe(other)),
                    other.span(),
                );
                None
            }
        }
    }

    /// `z.string()`, `z.enum([..])`, `z.object({..})`, ...
    fn builder(
        &self,
        name: &str,
        c: &CallExpression,
        path: &str,
        tool: &str,
        ns: &mut Vec<NotStatic>,
        depth: usize,
    ) -> Option<Zod> {
        let arg = c.arguments.first().and_then(Argument::as_expression);
        let scalar = |kind, ty: &str| {
            // `z.string({ description })` and the like configure more than the type.
            c.arguments.is_empty().then(|| Zod {
                kind,
                members: vec![self.keyword("type", c.span, JsonKind::String(ty.into()))],
                optional: false,
            })
        };
        let out = match (name, arg, c.arguments.len()) {
            ("string", _, _) => scalar(Kind::String, "string"),
            ("number", _, _) => scalar(Kind::Number, "number"),
            ("boolean", _, _) => scalar(Kind::Boolean, "boolean"),
            ("enum", Some(values), 1) => {
                let before = ns.len();
                match self.lower(values, &format!("{path}.enum"), tool, ns, depth) {
                    Lowered::Node(n)
                        if ns.len() == before
                            && matches!(&n.kind, JsonKind::Array(items)
                                if items.iter().all(|i| matches!(i.kind, JsonKind::String(_)))) =>
                    {
                        Some(Zod {
                            kind: Kind::Enum,
                            members: vec![
                                self.keyword("type", c.span, JsonKind::String("string".into())),
                                JsonMember {
                                    key: "enum".into(),
                                    key_span: n.span,
                                    value: n,
                                },
                            ],
                            optional: false,
                        })
                    }
                    _ => return None,
                }
            }
            ("array", Some(items), 1) => {
                let items = self.zod(items, &format!("{path}[]"), tool, ns, depth + 1)?;
                let node = self.node(items, arg.map_or(c.span, GetSpan::span));
                Some(Zod {
                    kind: Kind::Array,
                    members: vec![
                        self.keyword("type", c.span, JsonKind::String("array".into())),
                        JsonMember {
                            key: "items".into(),
                            key_span: node.span,
                            value: node,
                        },
                    ],
                    optional: false,
                })
            }
            ("object", Some(shape), 1) => match self.object_of(shape, depth + 1) {
                Ok(members) => {
                    return self.shape(members, shape.span(), path, tool, ns, depth + 1);
                }
                Err(reason) => {
                    self.not_static(ns, Some(tool), &format!("`{path}`"), reason, shape.span());
                    return None;
                }
            },
            _ => None,
        };
        if out.is_none() {
            self.not_static(
                ns,
                Some(tool),
                &format!("`{path}`"),
                format!("zod's `z.{name}(..)` as written here is not read"),
                c.span,
            );
        }
        out
    }

    /// `.optional()`, `.int()`, `.min(n)`, `.max(n)`, `.describe(text)` on a schema read so far.
    #[allow(clippy::too_many_arguments)]
    fn refine(
        &self,
        mut z: Zod,
        method: &str,
        at: oxc_span::Span,
        c: &CallExpression,
        path: &str,
        tool: &str,
        ns: &mut Vec<NotStatic>,
    ) -> Option<Zod> {
        let arg = c.arguments.first().and_then(Argument::as_expression);
        let bound = |low: bool| match z.kind {
            Kind::String => Some(if low { "minLength" } else { "maxLength" }),
            Kind::Number | Kind::Integer => Some(if low { "minimum" } else { "maximum" }),
            Kind::Array => Some(if low { "minItems" } else { "maxItems" }),
            _ => None,
        };
        match (method, arg) {
            ("optional", None) => z.optional = true,
            ("int", None) if matches!(z.kind, Kind::Number | Kind::Integer) => {
                z.kind = Kind::Integer;
                z.set(self.keyword("type", at, JsonKind::String("integer".into())));
            }
            ("describe", Some(text)) => match self.static_string(text, 0) {
                Ok((s, span)) => z.set(JsonMember {
                    key: "description".into(),
                    key_span: self.span(at),
                    value: JsonNode {
                        span,
                        kind: JsonKind::String(s),
                    },
                }),
                Err(reason) => {
                    self.not_static(
                        ns,
                        Some(tool),
                        &format!("`{path}.description`"),
                        reason,
                        text.span(),
                    );
                    return None;
                }
            },
            ("min" | "max", Some(n)) if bound(method == "min").is_some() => {
                let key = bound(method == "min").unwrap_or_default();
                let before = ns.len();
                match self.lower(n, &format!("{path}.{key}"), tool, ns, 0) {
                    Lowered::Node(v) if ns.len() == before && v.as_f64().is_some() => {
                        z.set(JsonMember {
                            key: key.into(),
                            key_span: self.span(at),
                            value: v,
                        });
                    }
                    _ => return None,
                }
            }
            _ => {
                self.not_static(
                    ns,
                    Some(tool),
                    &format!("`{path}`"),
                    format!("zod's `.{method}(..)` here is not read"),
                    at,
                );
                return None;
            }
        }
        Some(z)
    }
}
