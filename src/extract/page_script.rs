//! WebMCP tools registered by page JavaScript or TypeScript, read with oxc's parser (spans are
//! byte offsets into the file).
//!
//! Recognised: `registerTool(tool)` and the legacy `provideContext({tools: [..]})` on
//! `document.modelContext`, `navigator.modelContext` (also through `window.`/`globalThis.`) or
//! a variable holding one of them; tool objects written inline or as a variable of the same
//! module. `inputSchema` and `annotations` are lowered into the JSON tree the JSON Schema
//! reader takes. A value that needs the page to run (an import, a parameter, a computed key, a
//! spread, a template literal with expressions, a call) becomes a [`NotStatic`] fact: it is
//! left out of the schema and reported, never guessed.
//!
//! The module's bindings are collected by name without scopes; a name bound more than once is
//! treated as not statically known rather than resolved to the wrong declaration.

use super::Unreadable;
use super::json_tree::{JsonKind, JsonMember, JsonNode};
use super::manifest;
use super::page::{PageFacts, url_path};
use crate::contract::PageTool;
use crate::contract::{
    HttpRequest, NotStatic, Origin, PageApi, PageApiUse, PagePart, RequestKind, format_number,
};
use crate::source::{FileId, Span, Spanned};
use oxc_allocator::Allocator;
use oxc_ast::ast::{
    Argument, ArrayExpressionElement, BinaryOperator, BindingPattern, CallExpression, Expression,
    Function, ObjectExpression, ObjectPropertyKind, Program, PropertyKind, UnaryOperator,
    VariableDeclaration, VariableDeclarationKind,
};
use oxc_ast_visit::{Visit, walk};
use oxc_span::{GetSpan, SourceType};
use oxc_syntax::operator::LogicalOperator;
use oxc_syntax::scope::ScopeFlags;
use std::collections::{HashMap, HashSet};

/// Cheap prefilter: a file that never names these cannot register a tool.
pub fn may_declare_tools(text: &str) -> bool {
    memchr::memmem::find(text.as_bytes(), b"modelContext").is_some()
}

/// Deeper const-to-const chains than this are not followed (and are reported).
const MAX_RESOLVE_DEPTH: usize = 16;
/// `execute` → helper → helper ...: local functions followed this deep for `fetch` calls.
const MAX_CALL_DEPTH: usize = 4;

/// Stack for parsing and walking one script (debug builds recurse deeply per level).
const STACK: usize = 64 * 1024 * 1024;

/// Read one script. `base` is the script's byte offset in the file (inline `<script>`).
pub fn extract(file: FileId, text: &str, base: usize, source_type: SourceType) -> PageFacts {
    if let Some(refused) = super::page_guard::script(text) {
        let at = base + refused.offset;
        return PageFacts {
            unreadable: vec![Unreadable {
                span: Span::new(file, at, at + 1),
                message: refused.message,
            }],
            ..PageFacts::default()
        };
    }
    let owned = text.to_string();
    let worker = std::thread::Builder::new()
        .stack_size(STACK)
        .spawn(move || extract_here(file, &owned, base, source_type));
    match worker.map(|h| h.join()) {
        Ok(Ok(facts)) => facts,
        _ => PageFacts {
            unreadable: vec![Unreadable {
                span: Span::new(file, base, base),
                message: "the script parser failed on this file".into(),
            }],
            ..PageFacts::default()
        },
    }
}

fn extract_here(file: FileId, text: &str, base: usize, source_type: SourceType) -> PageFacts {
    let allocator = Allocator::default();
    let parsed = oxc_parser::Parser::new(&allocator, text, source_type).parse();
    let mut facts = PageFacts::default();
    if let Some(err) = parsed.diagnostics.first() {
        let (start, len) = err
            .labels
            .first()
            .map_or((0, 0), |l| (l.offset() as usize, l.len() as usize));
        facts.unreadable.push(Unreadable {
            span: Span::new(file, base + start, base + start + len),
            message: format!("cannot parse script: {}", err.message),
        });
        if parsed.panicked {
            return facts;
        }
    }
    let program = &parsed.program;
    let mut bindings = Bindings::default();
    bindings.visit_program(program);
    let module = Module {
        program,
        file,
        base,
        bindings,
        arguments: Default::default(),
    };
    let mut calls = ToolCalls {
        module: &module,
        facts: &mut facts,
    };
    calls.visit_program(program);
    // One finding per script: the first place it reads `navigator.modelContext`.
    if !module.bindings.document
        && let Some(first) = module.bindings.navigator.iter().min_by_key(|s| s.start)
    {
        facts.page_api.push(PageApiUse {
            api: PageApi::NavigatorModelContext,
            span: module.span(*first),
        });
    }
    facts
}

#[derive(Clone, Copy, Debug, PartialEq)]
enum BindingKind {
    Const,
    /// `let`/`var`: may be reassigned, so its initial value proves nothing.
    Mutable,
    Function,
}

#[derive(Clone, Copy, Debug)]
struct Binding {
    kind: BindingKind,
    /// The initialiser (or the whole function).
    span: oxc_span::Span,
}

/// Pass 1: every name the module binds, and which of them hold a model context.
#[derive(Default)]
struct Bindings {
    by_name: HashMap<String, Vec<Binding>>,
    aliases: HashSet<String>,
    /// Where the script reads `modelContext` off `navigator` (the draft has it on `document`).
    navigator: Vec<oxc_span::Span>,
    /// The script reads `document.modelContext` somewhere: a `navigator` use beside it is a
    /// fallback for older browsers, not the deprecated API alone.
    document: bool,
}

impl<'a> Visit<'a> for Bindings {
    fn visit_variable_declaration(&mut self, it: &VariableDeclaration<'a>) {
        let kind = if it.kind == VariableDeclarationKind::Const {
            BindingKind::Const
        } else {
            BindingKind::Mutable
        };
        for d in &it.declarations {
            match (&d.id, &d.init) {
                (BindingPattern::BindingIdentifier(id), Some(init)) => {
                    if is_model_context(init, &self.aliases) {
                        self.aliases.insert(id.name.to_string());
                    }
                    self.by_name
                        .entry(id.name.to_string())
                        .or_default()
                        .push(Binding {
                            kind,
                            span: init.span(),
                        });
                }
                // `const { modelContext } = navigator` (or `= document`).
                (BindingPattern::ObjectPattern(p), Some(init)) if is_context_owner(init) => {
                    for prop in &p.properties {
                        if prop.key.static_name().as_deref() == Some("modelContext")
                            && let BindingPattern::BindingIdentifier(id) = &prop.value
                        {
                            self.aliases.insert(id.name.to_string());
                            match owner_name(init) {
                                Some("navigator") => self.navigator.push(prop.span),
                                _ => self.document = true,
                            }
                        }
                    }
                }
                _ => {}
            }
        }
        walk::walk_variable_declaration(self, it);
    }

    fn visit_static_member_expression(&mut self, it: &oxc_ast::ast::StaticMemberExpression<'a>) {
        if it.property.name == "modelContext" {
            match owner_name(&it.object) {
                Some("navigator") => self.navigator.push(it.span),
                Some(_) => self.document = true,
                None => {}
            }
        }
        walk::walk_static_member_expression(self, it);
    }

    fn visit_function(&mut self, it: &Function<'a>, flags: ScopeFlags) {
        if let Some(id) = &it.id {
            self.by_name
                .entry(id.name.to_string())
                .or_default()
                .push(Binding {
                    kind: BindingKind::Function,
                    span: it.span,
                });
        }
        walk::walk_function(self, it, flags);
    }
}

/// `navigator`, `document`, and the same through `window.`/`globalThis.`/`self.`.
fn is_context_owner(e: &Expression) -> bool {
    owner_name(e).is_some()
}

/// Which of `navigator` and `document` (directly or through `window.`/`globalThis.`/`self.`)
/// the expression is.
fn owner_name<'e>(e: &'e Expression) -> Option<&'e str> {
    match e.get_inner_expression() {
        Expression::Identifier(id) => {
            matches!(id.name.as_str(), "navigator" | "document").then_some(id.name.as_str())
        }
        Expression::StaticMemberExpression(m) => (matches!(
            m.property.name.as_str(),
            "navigator" | "document"
        ) && matches!(m.object.get_inner_expression(),
                Expression::Identifier(o) if matches!(o.name.as_str(), "window" | "globalThis" | "self")))
        .then_some(m.property.name.as_str()),
        _ => None,
    }
}

fn is_model_context(e: &Expression, aliases: &HashSet<String>) -> bool {
    let e = match e.get_inner_expression() {
        Expression::ChainExpression(c) => match c.expression.as_member_expression() {
            Some(m) => {
                return m.static_property_name() == Some("modelContext")
                    && is_context_owner(m.object());
            }
            None => return false,
        },
        e => e,
    };
    match e {
        Expression::Identifier(id) => aliases.contains(id.name.as_str()),
        Expression::StaticMemberExpression(m) => {
            m.property.name == "modelContext" && is_context_owner(&m.object)
        }
        // `document.modelContext ?? navigator.modelContext`: whichever the browser has.
        Expression::LogicalExpression(l) if l.operator != LogicalOperator::And => {
            is_model_context(&l.left, aliases) && is_model_context(&l.right, aliases)
        }
        _ => false,
    }
}

struct Module<'p, 'a> {
    program: &'p Program<'a>,
    file: FileId,
    base: usize,
    bindings: Bindings,
    /// While a helper's `fetch` is read for one call of it: each parameter's argument at
    /// that call (`post("/api/cart", "POST", input)`), by the span of the argument.
    arguments: std::cell::RefCell<HashMap<String, oxc_span::Span>>,
}

/// The outcome of lowering a JavaScript value to JSON.
enum Lowered {
    Node(JsonNode),
    /// `undefined`: `JSON.stringify` drops the member.
    Undefined,
    /// Not statically known; already reported.
    Unknown,
}

impl Module<'_, '_> {
    fn span(&self, s: oxc_span::Span) -> Span {
        Span::new(
            self.file,
            self.base + s.start as usize,
            self.base + s.end as usize,
        )
    }

    fn not_static(
        &self,
        ns: &mut Vec<NotStatic>,
        tool: Option<&str>,
        what: &str,
        reason: String,
        s: oxc_span::Span,
    ) {
        let part = if what.contains("`inputSchema") {
            PagePart::InputSchema
        } else if what.contains("`annotations") {
            PagePart::Annotations
        } else if what == "the description" {
            PagePart::Description
        } else if what == "the tool name" || tool.is_none() {
            PagePart::Name
        } else {
            PagePart::Request
        };
        ns.push(NotStatic {
            tool: tool.map(str::to_string),
            part,
            what: what.to_string(),
            reason,
            span: self.span(s),
        });
    }

    /// The argument a helper's parameter `name` holds at the call being read.
    fn argument(&self, name: &str) -> Option<oxc_span::Span> {
        self.arguments.borrow().get(name).copied()
    }

    /// Read the argument at `arg` in the caller's scope, where no parameter is bound.
    fn in_caller<R>(&self, arg: oxc_span::Span, f: impl FnOnce(&Expression) -> R) -> Option<R> {
        let saved = self.arguments.take();
        let out = self.with_expr(arg, f);
        *self.arguments.borrow_mut() = saved;
        out
    }

    /// The one constant binding of `name`, or why there is none.
    fn constant(&self, name: &str) -> Result<Binding, String> {
        match self.bindings.by_name.get(name).map(Vec::as_slice) {
            Some([b]) if b.kind != BindingKind::Mutable => Ok(*b),
            Some([_]) => Err(format!("`{name}` is a `let`/`var` and may be reassigned")),
            Some(_) => Err(format!(
                "`{name}` is declared more than once in this module"
            )),
            None => Err(format!(
                "`{name}` is not declared in this module: an import, a parameter or a global"
            )),
        }
    }

    /// Run `f` on the expression at `span` (an initialiser found by [`Module::constant`]).
    fn with_expr<R>(&self, span: oxc_span::Span, f: impl FnOnce(&Expression) -> R) -> Option<R> {
        struct Find<F, R> {
            target: oxc_span::Span,
            f: Option<F>,
            out: Option<R>,
        }
        impl<'a, F: FnOnce(&Expression<'a>) -> R, R> Visit<'a> for Find<F, R> {
            fn visit_expression(&mut self, it: &Expression<'a>) {
                if self.out.is_some() {
                    return;
                }
                if it.span() == self.target
                    && let Some(f) = self.f.take()
                {
                    self.out = Some(f(it));
                    return;
                }
                walk::walk_expression(self, it);
            }
        }
        let mut find = Find {
            target: span,
            f: Some(f),
            out: None,
        };
        find.visit_program(self.program);
        find.out
    }

    /// A string known without running anything: a literal, a template without
    /// substitutions, a `+` of those, or a constant holding one.
    fn static_string(
        &self,
        e: &Expression,
        depth: usize,
    ) -> Result<(String, oxc_span::Span), String> {
        match e.get_inner_expression() {
            Expression::StringLiteral(s) => Ok((s.value.to_string(), s.span)),
            Expression::TemplateLiteral(t) if t.expressions.is_empty() => t
                .quasis
                .first()
                .and_then(|q| q.value.cooked)
                .map(|c| (c.to_string(), t.span))
                .ok_or_else(|| "a template literal with an invalid escape".to_string()),
            Expression::TemplateLiteral(t) => Err(format!(
                "a template literal with {} substitution(s)",
                t.expressions.len()
            )),
            Expression::BinaryExpression(b) if b.operator == BinaryOperator::Addition => {
                let (l, _) = self.static_string(&b.left, depth)?;
                let (r, _) = self.static_string(&b.right, depth)?;
                Ok((l + &r, b.span))
            }
            Expression::Identifier(id) if depth < MAX_RESOLVE_DEPTH => {
                if let Some(arg) = self.argument(&id.name) {
                    return self
                        .in_caller(arg, |e| self.static_string(e, depth + 1))
                        .unwrap_or_else(|| Err(format!("`{}` is not a value", id.name)));
                }
                let b = self.constant(&id.name)?;
                self.with_expr(b.span, |init| self.static_string(init, depth + 1))
                    .unwrap_or_else(|| Err(format!("`{}` is not a value", id.name)))
            }
            other => Err(describe(other)),
        }
    }

    /// Lower a JavaScript value to the JSON tree `JSON.stringify` would produce.
    fn lower(
        &self,
        e: &Expression,
        path: &str,
        tool: &str,
        ns: &mut Vec<NotStatic>,
        depth: usize,
    ) -> Lowered {
        let e = e.get_inner_expression();
        let shown = format!("`{path}`");
        let node = |kind| {
            Lowered::Node(JsonNode {
                span: self.span(e.span()),
                kind,
            })
        };
        match e {
            Expression::NullLiteral(_) => node(JsonKind::Null),
            Expression::BooleanLiteral(b) => node(JsonKind::Bool(b.value)),
            Expression::NumericLiteral(n) if n.value.is_finite() => {
                node(JsonKind::Number(format_number(n.value)))
            }
            Expression::UnaryExpression(u)
                if matches!(
                    u.operator,
                    UnaryOperator::UnaryNegation | UnaryOperator::UnaryPlus
                ) && matches!(u.argument.get_inner_expression(), Expression::NumericLiteral(n) if n.value.is_finite()) =>
            {
                let Expression::NumericLiteral(n) = u.argument.get_inner_expression() else {
                    return Lowered::Unknown;
                };
                let v = if u.operator == UnaryOperator::UnaryNegation {
                    -n.value
                } else {
                    n.value
                };
                node(JsonKind::Number(format_number(v)))
            }
            Expression::Identifier(id) if id.name == "undefined" => Lowered::Undefined,
            Expression::Identifier(id) => {
                if depth >= MAX_RESOLVE_DEPTH {
                    self.not_static(
                        ns,
                        Some(tool),
                        &shown,
                        "constants nest too deeply".into(),
                        id.span,
                    );
                    return Lowered::Unknown;
                }
                if let Some(arg) = self.argument(&id.name) {
                    return self
                        .in_caller(arg, |e| self.lower(e, path, tool, ns, depth + 1))
                        .unwrap_or(Lowered::Unknown);
                }
                match self.constant(&id.name) {
                    Ok(b) if b.kind == BindingKind::Const => self
                        .with_expr(b.span, |init| self.lower(init, path, tool, ns, depth + 1))
                        .unwrap_or(Lowered::Unknown),
                    Ok(_) => {
                        self.not_static(
                            ns,
                            Some(tool),
                            &shown,
                            format!("`{}` is a function", id.name),
                            id.span,
                        );
                        Lowered::Unknown
                    }
                    Err(reason) => {
                        self.not_static(ns, Some(tool), &shown, reason, id.span);
                        Lowered::Unknown
                    }
                }
            }
            Expression::StringLiteral(_)
            | Expression::TemplateLiteral(_)
            | Expression::BinaryExpression(_) => match self.static_string(e, depth) {
                Ok((s, _)) => node(JsonKind::String(s)),
                Err(reason) => {
                    self.not_static(ns, Some(tool), &shown, reason, e.span());
                    Lowered::Unknown
                }
            },
            Expression::ArrayExpression(a) => {
                let mut items = Vec::new();
                for (i, el) in a.elements.iter().enumerate() {
                    let at = format!("{path}[{i}]");
                    let lowered = match el {
                        ArrayExpressionElement::SpreadElement(s) => {
                            self.not_static(
                                ns,
                                Some(tool),
                                &format!("a spread in `{path}`"),
                                "a spread `...` adds items only known at run time".into(),
                                s.span,
                            );
                            Lowered::Unknown
                        }
                        ArrayExpressionElement::Elision(_) => Lowered::Undefined,
                        el => match el.as_expression() {
                            Some(x) => self.lower(x, &at, tool, ns, depth),
                            None => Lowered::Unknown,
                        },
                    };
                    match lowered {
                        Lowered::Node(n) => items.push(n),
                        // `JSON.stringify([undefined])` is `[null]`.
                        Lowered::Undefined => items.push(JsonNode {
                            span: self.span(el.span()),
                            kind: JsonKind::Null,
                        }),
                        // A list with a hole is not the list: drop all of it, not one item.
                        Lowered::Unknown => return Lowered::Unknown,
                    }
                }
                node(JsonKind::Array(items))
            }
            Expression::ObjectExpression(o) => {
                node(JsonKind::Object(self.members(o, path, tool, ns, depth)))
            }
            other => {
                self.not_static(ns, Some(tool), &shown, describe(other), other.span());
                Lowered::Unknown
            }
        }
    }

    fn members(
        &self,
        o: &ObjectExpression,
        path: &str,
        tool: &str,
        ns: &mut Vec<NotStatic>,
        depth: usize,
    ) -> Vec<JsonMember> {
        let mut out = Vec::new();
        for p in &o.properties {
            let prop = match p {
                ObjectPropertyKind::SpreadProperty(s) => {
                    self.not_static(
                        ns,
                        Some(tool),
                        &format!("a spread in `{path}`"),
                        "a spread `...` adds members only known at run time".into(),
                        s.span,
                    );
                    continue;
                }
                ObjectPropertyKind::ObjectProperty(p) => p,
            };
            // `[KEY]: ..` with `KEY` a string constant of the module is known.
            let key = match (prop.key.static_name(), prop.key.as_expression()) {
                (Some(k), _) => k.to_string(),
                (None, Some(e)) => match self.static_string(e, depth) {
                    Ok((k, _)) => k,
                    Err(reason) => {
                        self.not_static(
                            ns,
                            Some(tool),
                            &format!("a computed key in `{path}`"),
                            reason,
                            prop.key.span(),
                        );
                        continue;
                    }
                },
                (None, None) => continue,
            };
            let at = format!("{path}.{key}");
            if prop.kind != PropertyKind::Init || prop.method {
                self.not_static(
                    ns,
                    Some(tool),
                    &format!("`{at}`"),
                    "a method or accessor".into(),
                    prop.span,
                );
                continue;
            }
            if let Lowered::Node(value) = self.lower(&prop.value, &at, tool, ns, depth) {
                out.push(JsonMember {
                    key: key.to_string(),
                    key_span: self.span(prop.key.span()),
                    value,
                });
            }
        }
        out
    }
}

/// What kind of expression a value is, for a "not statically known" message.
fn describe(e: &Expression) -> String {
    match e {
        Expression::CallExpression(_) | Expression::NewExpression(_) => {
            "a call, known only at run time".into()
        }
        Expression::StaticMemberExpression(_) | Expression::ComputedMemberExpression(_) => {
            "a property read, known only at run time".into()
        }
        Expression::ConditionalExpression(_) | Expression::LogicalExpression(_) => {
            "a conditional value".into()
        }
        Expression::ArrowFunctionExpression(_) | Expression::FunctionExpression(_) => {
            "a function".into()
        }
        Expression::AwaitExpression(_) => "an awaited value".into(),
        _ => "an expression known only at run time".into(),
    }
}

/// Pass 2: the `registerTool` / `provideContext` calls.
struct ToolCalls<'m, 'p, 'a> {
    module: &'m Module<'p, 'a>,
    facts: &'m mut PageFacts,
}

impl<'a> Visit<'a> for ToolCalls<'_, '_, 'a> {
    fn visit_call_expression(&mut self, it: &CallExpression<'a>) {
        if let Some(m) = it.callee.get_inner_expression().as_member_expression()
            && is_model_context(m.object(), &self.module.bindings.aliases)
        {
            match m.static_property_name() {
                Some("registerTool") => {
                    if let Some(arg) = it.arguments.first() {
                        self.tool_argument(arg, "the tool passed to `registerTool`");
                    }
                }
                Some("provideContext") => {
                    self.removed(PageApi::ProvideContext, it.span);
                    if let Some(arg) = it.arguments.first() {
                        self.provided(arg);
                    }
                }
                Some("clearContext") => self.removed(PageApi::ClearContext, it.span),
                Some("unregisterTool") => self.removed(PageApi::UnregisterTool, it.span),
                _ => {}
            }
        }
        walk::walk_call_expression(self, it);
    }
}

impl ToolCalls<'_, '_, '_> {
    fn removed(&mut self, api: PageApi, at: oxc_span::Span) {
        self.facts.page_api.push(PageApiUse {
            api,
            span: self.module.span(at),
        });
    }

    fn tool_argument(&mut self, arg: &Argument, what: &str) {
        match arg.as_expression() {
            Some(e) => self.tool_value(e, what, 0),
            None => self.module.not_static(
                &mut self.facts.not_static,
                None,
                what,
                "a spread `...`".into(),
                arg.span(),
            ),
        }
    }

    fn tool_value(&mut self, e: &Expression, what: &str, depth: usize) {
        let m = self.module;
        match e.get_inner_expression() {
            Expression::ObjectExpression(o) => self.tool(o),
            Expression::Identifier(id) if depth < MAX_RESOLVE_DEPTH => match m.constant(&id.name) {
                Ok(b) if b.kind == BindingKind::Const => {
                    m.with_expr(b.span, |init| self.tool_value(init, what, depth + 1));
                }
                Ok(_) => m.not_static(
                    &mut self.facts.not_static,
                    None,
                    what,
                    format!("`{}` is a function", id.name),
                    id.span,
                ),
                Err(reason) => {
                    m.not_static(&mut self.facts.not_static, None, what, reason, id.span)
                }
            },
            other => m.not_static(
                &mut self.facts.not_static,
                None,
                what,
                describe(other),
                other.span(),
            ),
        }
    }

    /// `provideContext({ tools: [..] })`.
    fn provided(&mut self, arg: &Argument) {
        let m = self.module;
        let Some(Expression::ObjectExpression(o)) =
            arg.as_expression().map(Expression::get_inner_expression)
        else {
            m.not_static(
                &mut self.facts.not_static,
                None,
                "the context passed to `provideContext`",
                "not an object literal".into(),
                arg.span(),
            );
            return;
        };
        for p in &o.properties {
            let ObjectPropertyKind::ObjectProperty(p) = p else {
                continue;
            };
            if p.key.static_name().as_deref() != Some("tools") {
                continue;
            }
            match p.value.get_inner_expression() {
                Expression::ArrayExpression(a) => {
                    for el in &a.elements {
                        match el.as_expression() {
                            Some(e) => self.tool_value(e, "a tool passed to `provideContext`", 0),
                            None => m.not_static(
                                &mut self.facts.not_static,
                                None,
                                "`provideContext` tools",
                                "a spread `...` or hole".into(),
                                el.span(),
                            ),
                        }
                    }
                }
                other => m.not_static(
                    &mut self.facts.not_static,
                    None,
                    "`provideContext` tools",
                    describe(other),
                    other.span(),
                ),
            }
        }
    }

    /// One tool object.
    fn tool(&mut self, o: &ObjectExpression) {
        let m = self.module;
        let ns = &mut self.facts.not_static;
        let field = |key: &str| {
            o.properties.iter().rev().find_map(|p| match p {
                ObjectPropertyKind::ObjectProperty(p)
                    if p.key.static_name().as_deref() == Some(key) =>
                {
                    Some(&**p)
                }
                _ => None,
            })
        };
        let Some(name_prop) = field("name") else {
            m.not_static(
                ns,
                None,
                "the tool name",
                "the tool object has no `name` written in it".into(),
                o.span,
            );
            return;
        };
        let name = match m.static_string(&name_prop.value, 0) {
            Ok((s, span)) => Spanned::new(s, m.span(span)),
            Err(reason) => {
                m.not_static(
                    ns,
                    None,
                    "the tool name",
                    format!("{reason}; the tool cannot be linked"),
                    name_prop.value.span(),
                );
                return;
            }
        };
        let tool = name.value.clone();
        for p in &o.properties {
            if let ObjectPropertyKind::SpreadProperty(s) = p {
                m.not_static(
                    ns,
                    Some(&tool),
                    "a spread in the tool object",
                    "a spread `...` may add or replace fields".into(),
                    s.span,
                );
            }
        }
        let description = field("description").and_then(|p| match m.static_string(&p.value, 0) {
            Ok((s, span)) => Some(Spanned::new(s, m.span(span))),
            Err(reason) => {
                m.not_static(ns, Some(&tool), "the description", reason, p.value.span());
                None
            }
        });
        // A schema with any part unknown is not checked at all: without that part, its
        // properties, `required` or bounds would say something the page does not.
        let schema = field("inputSchema").and_then(|p| {
            let before = ns.len();
            match m.lower(&p.value, "inputSchema", &tool, ns, 0) {
                Lowered::Node(n) if ns.len() == before => Some(n),
                _ => None,
            }
        });
        let annotations_node = field("annotations").and_then(|p| {
            match m.lower(&p.value, "annotations", &tool, ns, 0) {
                Lowered::Node(n) => Some(n),
                _ => None,
            }
        });
        let spec = super::spec::page_tool(
            schema.as_ref(),
            annotations_node.as_ref(),
            field("outputSchema").map(|p| m.span(p.value.span())),
        );
        let annotations = annotations_node
            .map(|n| manifest::annotations(Some(&n)))
            .unwrap_or_default();
        let mut requests = Vec::new();
        if let Some(exec) = field("execute") {
            let target = if exec.method {
                Some(exec.value.span())
            } else {
                match exec.value.get_inner_expression() {
                    Expression::FunctionExpression(_) | Expression::ArrowFunctionExpression(_) => {
                        Some(exec.value.span())
                    }
                    Expression::Identifier(id) => match m.constant(&id.name) {
                        Ok(b) => Some(b.span),
                        Err(reason) => {
                            m.not_static(ns, Some(&tool), "`execute`", reason, id.span);
                            None
                        }
                    },
                    _ => None,
                }
            };
            if let Some(target) = target {
                requests = fetches(m, target, &tool, ns);
            }
        }
        self.facts.tools.push(PageTool {
            origin: Origin::PageScript,
            name,
            description,
            annotations,
            schema,
            requests,
            spec,
        });
    }
}

/// The `fetch` calls made by the function at `target`, following calls to the module's own
/// functions a few levels deep.
fn fetches(
    m: &Module,
    target: oxc_span::Span,
    tool: &str,
    ns: &mut Vec<NotStatic>,
) -> Vec<HttpRequest> {
    struct Calls<'m, 'p, 'a> {
        m: &'m Module<'p, 'a>,
        ranges: Vec<oxc_span::Span>,
        helpers: Vec<oxc_span::Span>,
        /// (helper, call): where each helper is called from a range being read.
        calls: Vec<(oxc_span::Span, oxc_span::Span)>,
        /// Each `fetch`, with the helper whose body holds it (`None`: the tool's own code).
        fetch_calls: Vec<(oxc_span::Span, Option<oxc_span::Span>)>,
        target: oxc_span::Span,
    }
    impl<'a> Visit<'a> for Calls<'_, '_, 'a> {
        fn visit_call_expression(&mut self, it: &CallExpression<'a>) {
            let within = self
                .ranges
                .iter()
                .filter(|r| r.start <= it.span.start && it.span.end <= r.end)
                .min_by_key(|r| r.end - r.start)
                .copied();
            if let Some(range) = within {
                let callee = it.callee.get_inner_expression();
                let is_fetch = callee.is_specific_id("fetch")
                    || ["window", "globalThis", "self"]
                        .iter()
                        .any(|o| callee.is_specific_member_access(o, "fetch"));
                if is_fetch {
                    let helper = (range != self.target).then_some(range);
                    self.fetch_calls.push((it.span, helper));
                } else if let Expression::Identifier(id) = callee
                    && let Ok(b) = self.m.constant(&id.name)
                {
                    self.helpers.push(b.span);
                    self.calls.push((b.span, it.span));
                }
            }
            walk::walk_call_expression(self, it);
        }
    }
    let mut seen = vec![target];
    let mut calls = Calls {
        m,
        ranges: vec![target],
        helpers: Vec::new(),
        calls: Vec::new(),
        fetch_calls: Vec::new(),
        target,
    };
    for _ in 0..MAX_CALL_DEPTH {
        calls.visit_program(m.program);
        let new: Vec<_> = calls
            .helpers
            .drain(..)
            .filter(|h| !seen.contains(h))
            .collect();
        if new.is_empty() {
            break;
        }
        seen.extend(new.iter().copied());
        calls.ranges = new;
    }
    let mut fetch_calls = calls.fetch_calls;
    fetch_calls.sort_by_key(|(s, _)| s.start);
    fetch_calls.dedup();
    let mut out = Vec::new();
    let read = |m: &Module, span: oxc_span::Span, ns: &mut Vec<NotStatic>| {
        m.with_expr(span, |e| match e {
            Expression::CallExpression(call) => fetch_request(m, call, tool, ns),
            _ => None,
        })
        .flatten()
    };
    for (span, helper) in fetch_calls {
        let Some(helper) = helper else {
            out.extend(read(m, span, ns));
            continue;
        };
        // A helper's `fetch` is read once per call of it, with the arguments of that call
        // in place of its parameters: `post("/api/cart", "POST", input)`.
        let params = parameters(m.program, helper);
        let mut sites: Vec<oxc_span::Span> = calls
            .calls
            .iter()
            .filter(|(h, _)| *h == helper)
            .map(|(_, c)| *c)
            .collect();
        sites.sort_by_key(|c| c.start);
        sites.dedup();
        for site in sites {
            let args = m
                .with_expr(site, |e| match e {
                    Expression::CallExpression(c) => c
                        .arguments
                        .iter()
                        .map(|a| a.as_expression().map(GetSpan::span))
                        .collect(),
                    _ => Vec::new(),
                })
                .unwrap_or_default();
            let bound: HashMap<String, oxc_span::Span> = params
                .iter()
                .zip(args)
                .filter_map(|(p, a)| Some((p.clone()?, a?)))
                .collect();
            *m.arguments.borrow_mut() = bound;
            out.extend(read(m, span, ns));
            m.arguments.borrow_mut().clear();
        }
    }
    out.sort_by_key(|r| (r.span.start, r.path.span.start));
    out.dedup_by(|a, b| a.span == b.span && a.path == b.path && a.method == b.method);
    out
}

/// The parameter names of the function written at `span` (a declaration, a function
/// expression or an arrow), in order; `None` for a pattern.
fn parameters(program: &Program, span: oxc_span::Span) -> Vec<Option<String>> {
    struct Find {
        target: oxc_span::Span,
        out: Option<Vec<Option<String>>>,
    }
    fn names(params: &oxc_ast::ast::FormalParameters) -> Vec<Option<String>> {
        params
            .items
            .iter()
            .map(|p| match &p.pattern {
                BindingPattern::BindingIdentifier(id) => Some(id.name.to_string()),
                _ => None,
            })
            .collect()
    }
    impl<'a> Visit<'a> for Find {
        fn visit_function(&mut self, it: &Function<'a>, flags: ScopeFlags) {
            if self.out.is_none() && it.span == self.target {
                self.out = Some(names(&it.params));
                return;
            }
            walk::walk_function(self, it, flags);
        }
        fn visit_arrow_function_expression(
            &mut self,
            it: &oxc_ast::ast::ArrowFunctionExpression<'a>,
        ) {
            if self.out.is_none() && it.span == self.target {
                self.out = Some(names(&it.params));
                return;
            }
            walk::walk_arrow_function_expression(self, it);
        }
    }
    let mut find = Find {
        target: span,
        out: None,
    };
    find.visit_program(program);
    find.out.unwrap_or_default()
}

/// `fetch(url, { method })` as a request, or why it cannot be followed.
fn fetch_request(
    m: &Module,
    call: &CallExpression,
    tool: &str,
    ns: &mut Vec<NotStatic>,
) -> Option<HttpRequest> {
    let url = call.arguments.first()?.as_expression()?;
    let (path, path_span) = match url_template(m, url) {
        Ok((text, span)) => match url_path(&text) {
            Some(p) => (p, span),
            None => {
                m.not_static(
                    ns,
                    Some(tool),
                    "the fetch URL",
                    format!("`{text}` is not an absolute path or URL"),
                    span,
                );
                return None;
            }
        },
        Err(reason) => {
            m.not_static(ns, Some(tool), "the fetch URL", reason, url.span());
            return None;
        }
    };
    let method = match call.arguments.get(1).and_then(Argument::as_expression) {
        None => Spanned::new("GET".to_string(), m.span(call.span)),
        Some(init) => {
            // Only what could hide the method matters; an unknown `body` does not.
            let mut init_ns = Vec::new();
            let lowered = m.lower(init, "fetch options", tool, &mut init_ns, 0);
            init_ns.retain(|n| {
                matches!(
                    n.what.as_str(),
                    "`fetch options`"
                        | "`fetch options.method`"
                        | "a spread in `fetch options`"
                        | "a computed key in `fetch options`"
                )
            });
            let hidden = !init_ns.is_empty();
            ns.extend(init_ns);
            match lowered {
                Lowered::Node(n) => match n.get("method") {
                    Some(v) => match v.as_str() {
                        Some(s) => Spanned::new(s.to_ascii_uppercase(), v.span),
                        None => return None,
                    },
                    None if hidden => return None,
                    None => Spanned::new("GET".to_string(), m.span(call.span)),
                },
                _ => return None,
            }
        }
    };
    Some(HttpRequest {
        kind: RequestKind::Fetch,
        method,
        path: Spanned::new(path, m.span(path_span)),
        span: m.span(call.span),
    })
}

/// A URL with each template substitution written `{}`: `/api/cart/${id}` → `/api/cart/{}`.
fn url_template(m: &Module, e: &Expression) -> Result<(String, oxc_span::Span), String> {
    // A helper's parameter: the URL its caller passed, template or not.
    if let Expression::Identifier(id) = e.get_inner_expression()
        && let Some(arg) = m.argument(&id.name)
    {
        return m
            .in_caller(arg, |e| url_template(m, e))
            .unwrap_or_else(|| Err(format!("`{}` is not a value", id.name)));
    }
    match e.get_inner_expression() {
        Expression::TemplateLiteral(t) => {
            let mut s = String::new();
            for (i, q) in t.quasis.iter().enumerate() {
                s.push_str(q.value.cooked.map_or("", |c| c.as_str()));
                if i < t.expressions.len() {
                    s.push_str("{}");
                }
            }
            Ok((s, t.span))
        }
        other => m.static_string(other, 0),
    }
}

/// The parser's source type for a script file name, or `None` for what is not a script.
pub fn source_type(path: &std::path::Path) -> Option<SourceType> {
    SourceType::from_path(path).ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(src: &str) -> PageFacts {
        extract(FileId(0), src, 0, SourceType::mjs())
    }

    fn apis(src: &str) -> Vec<PageApi> {
        run(src).page_api.iter().map(|u| u.api).collect()
    }

    #[test]
    fn removed_calls_and_navigator_alone_are_recorded() {
        let src = r#"
const { modelContext } = window.navigator;
modelContext.unregisterTool("a");
modelContext.clearContext();
"#;
        assert_eq!(
            apis(src),
            vec![
                PageApi::UnregisterTool,
                PageApi::ClearContext,
                PageApi::NavigatorModelContext
            ]
        );
        // `navigator` only as the fallback of `document`: not the deprecated API alone.
        let fallback =
            "const mc = document.modelContext ?? navigator.modelContext;\nmc.getTools();";
        assert!(apis(fallback).is_empty());
        // A method of that name on anything else is not the API.
        assert!(apis("cache.clearContext(); registry.unregisterTool('a');").is_empty());
    }

    fn at(src: &str, span: Span) -> &str {
        &src[span.start..span.end]
    }

    #[test]
    fn inline_tool_on_document_model_context() {
        let src = r#"
document.modelContext.registerTool({
  name: "addCartLine",
  description: "Adds " + "a line",
  inputSchema: { type: "object", properties: { quantity: { type: "integer", minimum: 1, maximum: -5 } }, required: ["quantity"] },
  annotations: { readOnlyHint: false },
  async execute(args) {
    const res = await fetch("/api/cart/lines", { method: "post", body: JSON.stringify(args) });
    return res.json();
  },
});"#;
        let f = run(src);
        assert!(f.unreadable.is_empty() && f.not_static.is_empty(), "{f:?}");
        let t = &f.tools[0];
        assert_eq!(t.name.value, "addCartLine");
        assert_eq!(at(src, t.name.span), "\"addCartLine\"");
        assert_eq!(t.description.as_ref().unwrap().value, "Adds a line");
        let schema = t.schema.as_ref().unwrap();
        let max = schema.pointer("/properties/quantity/maximum").unwrap();
        assert_eq!(max.as_f64(), Some(-5.0));
        assert_eq!(at(src, max.span), "-5");
        assert!(!t.annotations.read_only.as_ref().unwrap().value);
        assert_eq!(t.requests.len(), 1);
        assert_eq!(t.requests[0].method.value, "POST");
        assert_eq!(t.requests[0].path.value, "/api/cart/lines");
    }

    #[test]
    fn aliases_consts_and_helpers_are_followed() {
        let src = r#"
const MAX = 5;
const K = "k";
const schema = { type: "object", properties: { q: { type: "integer", maximum: MAX }, [K]: {} } };
async function post(id) { return fetch(`/api/items/${id}?x=1`, { method: "PUT" }); }
const tool = { name: "setItem", description: "d", inputSchema: schema, execute: (a) => post(a.id) };
window.addEventListener("load", () => {
  const mc = navigator.modelContext;
  mc?.registerTool(tool);
});"#;
        let f = run(src);
        assert!(f.not_static.is_empty(), "{:?}", f.not_static);
        let t = &f.tools[0];
        assert!(
            t.schema
                .as_ref()
                .unwrap()
                .pointer("/properties/k")
                .is_some()
        );
        let max = t
            .schema
            .as_ref()
            .unwrap()
            .pointer("/properties/q/maximum")
            .unwrap();
        assert_eq!(at(src, max.span), "5");
        assert_eq!(t.requests[0].path.value, "/api/items/{}");
        assert_eq!(t.requests[0].method.value, "PUT");
    }

    #[test]
    fn a_registry_of_either_api_and_a_fetch_through_a_helpers_parameters() {
        let src = r#"
const mc = document.modelContext ?? navigator.modelContext;
const send = async (path, verb, body) => fetch(path, { method: verb, body: JSON.stringify(body) });
function get(path) { return fetch(path); }
mc.registerTool({
  name: "moveLine",
  description: "d",
  async execute(a) { await send("/api/lines/move", "PATCH", a); return send(`/api/lines/${a.id}`, "DELETE"); },
}, { signal: null });
mc.registerTool({ name: "listLines", description: "d", execute: () => get("/api/lines") });
const other = document.modelContext && navigator.modelContext;
other.registerTool({ name: "notATool", description: "d" });"#;
        let f = run(src);
        let names: Vec<&str> = f.tools.iter().map(|t| t.name.value.as_str()).collect();
        assert_eq!(names, ["moveLine", "listLines"]);
        let requests = |i: usize| -> Vec<(String, String)> {
            f.tools[i]
                .requests
                .iter()
                .map(|r| (r.method.value.clone(), r.path.value.clone()))
                .collect()
        };
        assert_eq!(
            requests(0),
            [
                ("PATCH".to_string(), "/api/lines/move".to_string()),
                ("DELETE".to_string(), "/api/lines/{}".to_string())
            ]
        );
        assert_eq!(requests(1), [("GET".to_string(), "/api/lines".to_string())]);
        assert_eq!(
            at(src, f.tools[0].requests[0].path.span),
            "\"/api/lines/move\""
        );
    }

    #[test]
    fn provide_context_and_destructured_alias() {
        let src = r#"
const { modelContext } = navigator;
modelContext.provideContext({ tools: [{ name: "a", description: "x" }, { name: "b", description: "y" }] });"#;
        let f = run(src);
        let names: Vec<_> = f.tools.iter().map(|t| t.name.value.as_str()).collect();
        assert_eq!(names, ["a", "b"]);
    }

    #[test]
    fn unknown_values_are_reported_not_guessed() {
        let src = r#"
import { MAX_QTY, extra } from "./limits.js";
let loose = 3;
const key = "q2";
document.modelContext.registerTool({
  name: "t",
  description: `Up to ${MAX_QTY}`,
  inputSchema: { type: "object", properties: { q: { maximum: MAX_QTY, minimum: loose }, ...extra, [key]: {} }, required: ["q", ...extra] },
  execute: () => fetch(API_BASE + "/x"),
});
document.modelContext.registerTool({ name: nameFromServer(), description: "z" });
someOtherObject.registerTool({ name: "ignored", description: "z" });"#;
        let f = run(src);
        assert_eq!(f.tools.len(), 1);
        assert!(
            f.tools[0].schema.is_none(),
            "a schema with unknown parts is not checked"
        );
        assert!(f.tools[0].description.is_none());
        let whats: Vec<_> = f.not_static.iter().map(|n| n.what.as_str()).collect();
        assert_eq!(
            whats,
            [
                "the description",
                "`inputSchema.properties.q.maximum`",
                "`inputSchema.properties.q.minimum`",
                "a spread in `inputSchema.properties`",
                "a spread in `inputSchema.required`",
                "the fetch URL",
                "the tool name",
            ]
        );
        assert!(
            f.not_static[1]
                .reason
                .contains("not declared in this module")
        );
        assert!(f.not_static[2].reason.contains("`let`/`var`"));
    }

    #[test]
    fn typescript_and_syntax_errors() {
        let ts = r#"
interface In { q: number }
const tool = { name: "ts", description: "d", inputSchema: { type: "object" } as const } satisfies object;
document.modelContext.registerTool(tool as any);"#;
        let f = extract(FileId(0), ts, 0, SourceType::ts());
        assert_eq!(f.tools.len(), 1, "{f:?}");
        let bad = run("document.modelContext.registerTool({ name: 'x', ");
        assert_eq!(bad.unreadable.len(), 1);
    }

    #[test]
    fn deep_nesting_is_refused_or_survived() {
        let deep = |n: usize| {
            format!(
                "document.modelContext.registerTool({{ name: 'x', description: 'd', inputSchema: {}1{} }});",
                "{a:".repeat(n),
                "}".repeat(n)
            )
        };
        let f = run(&deep(3_000));
        assert!(
            f.unreadable[0].message.contains("nested more than"),
            "{f:?}"
        );
        let f = run(&deep(990));
        assert!(
            f.unreadable.is_empty() && f.tools.len() == 1,
            "{:?}",
            f.unreadable
        );
        let parens = format!(
            "const v = {}1{}; document.modelContext;",
            "(".repeat(995),
            ")".repeat(995)
        );
        assert!(run(&parens).unreadable.is_empty());
    }
}
