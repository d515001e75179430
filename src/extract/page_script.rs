//! WebMCP tools registered by page JavaScript or TypeScript, read with oxc's parser (spans are
//! byte offsets into the file).
//!
//! Recognised: `registerTool(tool)` and the legacy `provideContext({tools: [..]})` on
//! `document.modelContext`, `navigator.modelContext` (also through `window.`/`globalThis.`) or
//! a variable holding one of them; the tool hooks of the WebMCP React packages ([`HOOKS`]),
//! whose zod schemas are read as those packages convert them (`zod.rs`); constants declared
//! as a polyfill's tool type ([`TOOL_TYPES`]), whoever registers them. A tool is an object
//! written inline or reached through the module ([`values`]): constants, members of known
//! objects, spreads of known objects and arrays, the items of a known array registered in a
//! `for … of` loop, a `.forEach(..)` or passed as `A.map(toTool)`. `inputSchema` and
//! `annotations` are lowered into the JSON tree the JSON Schema reader takes. A value that
//! needs the page to run (an import, an unbound parameter, a computed key, a template literal
//! with expressions, a call) becomes a [`NotStatic`] fact: it is left out of the schema and
//! reported, never guessed.
//!
//! The module's constants are collected by name without scopes; a name bound more than once is
//! treated as not statically known rather than resolved to the wrong declaration.

mod condition;
mod context_flow;
mod execute;
mod jsx_form;
mod provenance;
mod pushed;
mod rejects;
mod values;
mod zod;

use super::Unreadable;
use super::json_tree::{JsonKind, JsonMember, JsonNode};
use super::manifest;
use super::page::{PageFacts, url_path};
use crate::contract::{
    HttpRequest, NotStatic, Origin, PageApi, PageApiUse, PagePart, RequestKind, format_number,
};
use crate::contract::{PageCode, PageTool, WebMcpUse};
use crate::source::{self, FileId, Span, Spanned};
use oxc_allocator::Allocator;
use oxc_ast::ast::{
    Argument, ArrowFunctionBody, BinaryOperator, BindingPattern, CallExpression, Declaration,
    ExportAllDeclaration, ExportDeclaration, ExportDefaultDeclaration,
    ExportDefaultDeclarationKind, ExportFromDeclaration, ExportNamedDeclaration, Expression,
    ForOfStatement, ForStatementLeft, Function, IfStatement, ImportDeclaration,
    ImportDeclarationSpecifier, ObjectExpression, ObjectPropertyKind, Program,
    SimpleAssignmentTarget, Statement, StaticMemberExpression, UnaryOperator, VariableDeclaration,
    VariableDeclarationKind, VariableDeclarator,
};
use oxc_ast_visit::{Visit, walk};
use oxc_span::{GetSpan, SourceType};
use oxc_syntax::operator::LogicalOperator;
use oxc_syntax::scope::ScopeFlags;
use std::cell::{Cell, RefCell};
use std::collections::{HashMap, HashSet};
use std::path::{Path, PathBuf};
use values::{Env, HoleKind, Located, Member, Value};

/// Cheap prefilter: a file that names none of these cannot register a tool.
pub fn may_declare_tools(text: &str) -> bool {
    let t = text.as_bytes();
    [&b"modelContext"[..], b"webmcp", b"WebMCP", b"@mcp-b/"]
        .iter()
        .any(|n| memchr::memmem::find(t, n).is_some())
}

/// Whether a script is a bundler's output rather than source: it ends by naming its source
/// map (`//# sourceMappingURL=`), or it is minified (over 4 KiB with lines averaging more
/// than 500 bytes). Its tools are the source's, built again; only its use of WebMCP counts.
fn generated(text: &str) -> bool {
    let tail = &text.as_bytes()[text.len().saturating_sub(512)..];
    let lines = memchr::memchr_iter(b'\n', text.as_bytes()).count() + 1;
    memchr::memmem::find(tail, b"//# sourceMappingURL=").is_some()
        || (text.len() > 4096 && text.len() / lines > 500)
}

/// A tool hook of a WebMCP React package: its config object is a tool, whose input schema is
/// under one of `schemas` and whose code is `run`.
pub struct Hook {
    pub package: &'static str,
    pub name: &'static str,
    schemas: &'static [(&'static str, SchemaForm)],
    run: &'static str,
    /// The tool's members the hook takes as positional arguments, in order
    /// (`useWebMCPContext(name, description, getValue)`); empty for a hook given a tool object.
    positional: &'static [&'static str],
    /// The annotations the hook writes into the tool itself, whatever it is given.
    annotations: &'static [(&'static str, bool)],
}

#[derive(Clone, Copy, PartialEq)]
enum SchemaForm {
    Json,
    /// A JSON Schema, or a zod shape (`{ q: z.string() }`): `@mcp-b` tells them apart by a
    /// string `type`.
    ZodShapeOrJson,
    /// `z.object({..})`.
    ZodObject,
}

/// The tool hooks read, by package. Packages whose names say WebMCP but that are not listed
/// still count as a use of WebMCP (L004).
pub const HOOKS: &[Hook] = &[
    Hook {
        package: "@mcp-b/react-webmcp",
        name: "useWebMCP",
        schemas: &[("inputSchema", SchemaForm::ZodShapeOrJson)],
        run: "handler",
        positional: &[],
        annotations: &[],
    },
    // `useWebMCP({ name, description, annotations: { readOnlyHint: true, .. }, handler })`
    // with the getter's value as the answer and no input schema.
    Hook {
        package: "@mcp-b/react-webmcp",
        name: "useWebMCPContext",
        schemas: &[],
        run: "getValue",
        positional: &["name", "description", "getValue"],
        annotations: &[
            ("readOnlyHint", true),
            ("idempotentHint", true),
            ("destructiveHint", false),
            ("openWorldHint", false),
        ],
    },
    Hook {
        package: "webmcp-react",
        name: "useMcpTool",
        schemas: &[
            ("input", SchemaForm::ZodObject),
            ("inputSchema", SchemaForm::Json),
        ],
        run: "handler",
        positional: &[],
        annotations: &[],
    },
    Hook {
        package: "usewebmcp",
        name: "useWebMCP",
        schemas: &[("inputSchema", SchemaForm::Json)],
        run: "execute",
        positional: &[],
        annotations: &[],
    },
    Hook {
        package: "react-webmcp",
        name: "useWebMCPTool",
        schemas: &[("inputSchema", SchemaForm::Json)],
        run: "execute",
        positional: &[],
        annotations: &[],
    },
];

/// The names pages give a tool's callback where WebMCP's `ModelContextTool` requires
/// `execute` (the name the `@mcp-b` hooks and MCP SDKs use).
const MISNAMED_CALLBACKS: &[&str] = &["handler"];

/// The polyfills that install the model context: importing one is for registering tools.
/// Other packages of the same families are not evidence (a client hook, a schema helper, an
/// extension's tools), nor is a package whose name merely says WebMCP.
const POLYFILLS: &[&str] = &["@mcp-b/global", "@mcp-b/webmcp-polyfill"];

/// The tool types of WebMCP polyfills, by package: the type their `registerTool` takes
/// (`registerTool(tool: ToolDefinition)`). A constant declared as one is a tool, whoever
/// registers it: a catalogue of tools exported for an extension to register is read where it
/// is written, as the tool the registration will hand over.
const TOOL_TYPES: &[(&str, &str)] = &[("webmcp-polyfill", "ToolDefinition")];

/// Packages that drive a browser from outside it: a script importing one runs in Node and
/// reaches a page's `modelContext` only through code it sends into the page
/// (`page.evaluate(..)`); it is not a page, whatever it is named.
const BROWSER_DRIVERS: &[&str] = &[
    "playwright",
    "playwright-core",
    "@playwright/test",
    "puppeteer",
    "puppeteer-core",
    "selenium-webdriver",
    "webdriverio",
];

/// Deeper const-to-const chains than this are not followed (and are reported).
const MAX_RESOLVE_DEPTH: usize = 16;
/// Modules read for one page script, itself included: imports past these are not followed.
const MAX_MODULES: usize = 32;
/// `execute` → helper → helper ...: local functions followed this deep for `fetch` calls.
const MAX_CALL_DEPTH: usize = 4;

/// A loop's body is walked once per known item: loops inside loops this deep, and arrays this
/// long, are walked once as written instead, so a script cannot make the walk explode.
const MAX_LOOP_NESTING: usize = 2;
const MAX_LOOP_ITEMS: usize = 256;
/// Registering helpers called from helpers (a component's hook calling a module's
/// `registerAll(cb)`), loops included, are followed this deep with their arguments bound.
const MAX_CALL_NESTING: usize = 4;
/// Bodies walked with something bound (a loop's item, a helper's call) in one script: past
/// these, what is left is reported as not statically known.
const MAX_WALKS: usize = 4096;

/// Stack for parsing and walking one script (debug builds recurse deeply per level).
const STACK: usize = 64 * 1024 * 1024;

/// Read one script of the file at `path`. `base` is the script's byte offset in the file
/// (inline `<script>`); its relative imports are read from `package`. What a registration
/// could not know is left for [`PageFacts::settle`], once every page of the package is read.
pub fn extract(
    file: FileId,
    path: &Path,
    text: &str,
    base: usize,
    source_type: SourceType,
    package: &Package,
) -> PageFacts {
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
    let failed = || PageFacts {
        unreadable: vec![Unreadable {
            span: Span::new(file, base, base),
            message: "the script parser failed on this file".into(),
        }],
        ..PageFacts::default()
    };
    std::thread::scope(|scope| {
        let worker = std::thread::Builder::new()
            .stack_size(STACK)
            .spawn_scoped(scope, || {
                extract_here(file, path, text, base, source_type, package)
            });
        match worker.map(|h| h.join()) {
            Ok(Ok(facts)) => facts,
            _ => failed(),
        }
    })
}

fn extract_here(
    file: FileId,
    path: &Path,
    text: &str,
    base: usize,
    source_type: SourceType,
    package: &Package,
) -> PageFacts {
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
    let program: &Program = allocator.alloc(parsed.program);
    let mut bindings = Bindings::default();
    bindings.visit_program(program);
    if bindings.drives_browser {
        return facts;
    }
    bindings.settle();
    // A bundle repeats its source's tools and calls: only its use of WebMCP is kept, so a
    // package whose source is not here is still not green.
    if generated(text) {
        let first = bindings.uses.first();
        facts.uses.extend(first.map(|(span, what)| WebMcpUse {
            what: what.clone(),
            span: Span::new(file, base + span.start as usize, base + span.end as usize),
        }));
        return facts;
    }
    let page = std::rc::Rc::new(Unit {
        program,
        file,
        base,
        path: path.to_path_buf(),
        bindings,
        model: std::cell::OnceCell::new(),
        registering: std::cell::OnceCell::new(),
    });
    let module = Module {
        allocator: &allocator,
        package,
        units: RefCell::new(vec![page.clone()]),
        unit: Cell::new(0),
        env: RefCell::default(),
    };
    if let Some((span, what)) = page.bindings.uses.first() {
        facts.uses.push(WebMcpUse {
            what: what.clone(),
            span: module.span(*span),
        });
    }
    // A test installs a stand-in context for the page it tests: that page is no runtime.
    let test = path.iter().any(|c| {
        let c = c.to_string_lossy();
        matches!(&*c, "test" | "tests" | "__tests__" | "e2e")
            || c.contains(".test.")
            || c.contains(".spec.")
    });
    if let Some(span) = page.bindings.provides.filter(|_| !test) {
        facts.provides.push(module.span(span));
    }
    facts.registers |= page.bindings.registers && !test;
    let mut calls = ToolCalls {
        module: &module,
        facts: &mut facts,
        looping: 0,
        loops: 0,
        walks: 0,
        loop_floor: 0,
        unbound_params: false,
        guards: Vec::new(),
        registered_first: 0,
        signal: false,
        fallbacks: Vec::new(),
        guarded_provides: Vec::new(),
        calling: Vec::new(),
    };
    calls.visit_program(program);
    calls.finish();
    if super::form_model::declares_forms(text) {
        let forms = jsx_form::forms(&module, program, &mut facts.not_static);
        facts.tools.extend(forms);
    }
    code_facts(&module, &mut facts);
    // One finding per script: the first place it reads `navigator.modelContext`.
    if !page.bindings.document
        && let Some(first) = page.bindings.navigator.iter().min_by_key(|s| s.start)
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

/// Pass 1: every name the module binds, which of them hold a model context, what it imports
/// from zod and the WebMCP packages, and where it uses WebMCP to register tools.
#[derive(Default)]
struct Bindings {
    by_name: HashMap<String, Vec<Binding>>,
    aliases: Aliases,
    /// Local names of the zod namespace.
    zod: HashSet<String>,
    /// Local names of the tool hooks imported.
    hooks: HashMap<String, &'static Hook>,
    /// Where the module uses WebMCP (the model context, a tool hook, the polyfill), in order.
    uses: Vec<(oxc_span::Span, String)>,
    /// Where the script reads `modelContext` off `navigator` (the draft has it on `document`).
    navigator: Vec<oxc_span::Span>,
    /// The script reads `document.modelContext` somewhere: a `navigator` use beside it is a
    /// fallback for older browsers, not the deprecated API alone.
    document: bool,
    /// Local name → what it imports from a relative module specifier.
    imports: HashMap<String, Import>,
    /// Exported name → what the module exports under it.
    exports: HashMap<String, Export>,
    /// `export * from "./x"`: the specifiers whose exports this module passes on.
    star: Vec<String>,
    /// Functions of the module that return the model context (or nothing when there is
    /// none): `function resolveModelContext() { return document.modelContext ?? .. }`.
    context_functions: HashSet<String>,
    /// `const mc = f()`: locals holding what a function of the module returns, with it.
    call_results: Vec<(String, String)>,
    /// `const mc = f()` where `f` is imported: the local, by the import's local name; it
    /// holds the model context if the module exporting `f` returns it ([`Module::context_import`]).
    imported_calls: HashMap<String, String>,
    /// The names bound without a value the module holds (parameters, `catch` and loop
    /// variables, destructured locals), which may shadow an import.
    params: HashSet<String>,
    /// The names assigned anywhere in the module after they are declared: a `let`/`var`
    /// never among them holds its initial value, like a `const`.
    assigned: HashSet<String>,
    /// The module imports a package that drives a browser ([`BROWSER_DRIVERS`]).
    drives_browser: bool,
    /// Where the module installs a model context itself (`Object.defineProperty(navigator,
    /// "modelContext", ..)`): a polyfill or a bridge's shim, WebMCP's runtime.
    provides: Option<oxc_span::Span>,
    /// The module calls a method named `registerTool` or `provideContext`, on whatever
    /// receiver, or a tool hook: it registers tools.
    registers: bool,
    /// The names of arrays changed in place (`list.push(..)`): their initial value is not
    /// what a later read sees, `const` or not.
    grown: HashSet<String>,
    /// Local names of a polyfill's tool type ([`TOOL_TYPES`]), and of the namespaces that
    /// hold one (`import * as W from ..`, read as `W.ToolDefinition`) with its name there.
    tool_types: HashSet<String>,
    tool_type_namespaces: HashMap<String, &'static str>,
}

impl Bindings {
    /// `(function (root, factory) { .. factory(root) .. })(globalThis, function (root) { .. })`:
    /// a parameter of an immediately invoked function given the global object holds it, and
    /// so does the parameter of a function argument that the body calls with it. Read before
    /// the bodies are walked, so their uses of those names are known.
    fn global_arguments(&mut self, call: &CallExpression) {
        let params = match call.callee.get_inner_expression() {
            Expression::FunctionExpression(f) => &f.params,
            Expression::ArrowFunctionExpression(f) => &f.params,
            _ => return,
        };
        let name = |p: &oxc_ast::ast::FormalParameter| match &p.pattern {
            BindingPattern::BindingIdentifier(id) => Some(id.name.to_string()),
            _ => None,
        };
        for (p, a) in params.items.iter().zip(&call.arguments) {
            if let (Some(n), Some(a)) = (name(p), a.as_expression())
                && is_global_object(a, &self.aliases)
            {
                self.aliases.globals.insert(n);
            }
        }
        let body = match call.callee.get_inner_expression() {
            Expression::FunctionExpression(f) => f.body.as_deref(),
            Expression::ArrowFunctionExpression(f) => match &f.body {
                ArrowFunctionBody::FunctionBody(b) => Some(&**b),
                _ => None,
            },
            _ => None,
        };
        let Some(body) = body else { return };
        for (p, a) in params.items.iter().zip(&call.arguments) {
            let (Some(called), Some(a)) = (name(p), a.as_expression()) else {
                continue;
            };
            let inner = match a.get_inner_expression() {
                Expression::FunctionExpression(f) => &f.params,
                Expression::ArrowFunctionExpression(f) => &f.params,
                _ => continue,
            };
            for args in calls_of(body, &called, &self.aliases) {
                for (q, given) in inner.items.iter().zip(args) {
                    if let (Some(n), true) = (name(q), given) {
                        self.aliases.globals.insert(n);
                    }
                }
            }
        }
    }

    /// Once the module is read: a local holding what a function returning the model context
    /// returns holds the model context, if the function's name is bound once.
    fn settle(&mut self) {
        for (local, function) in std::mem::take(&mut self.call_results) {
            let once = self.by_name.get(&function).is_some_and(|b| b.len() == 1);
            if once && self.context_functions.contains(&function) {
                self.aliases.context.insert(local);
            } else if self.imports.contains_key(&function) && !self.by_name.contains_key(&function)
            {
                self.imported_calls.insert(local, function);
            }
        }
    }
}

/// `mc.registerTool.bind(mc)`, or a choice between it and nothing or another method of the
/// model context bound to it (`typeof mc.registerTool === "function" ? .. : null`): what
/// calling it does where the browser has `registerTool`.
fn bound_register(e: &Expression, aliases: &Aliases) -> bool {
    /// `Some(true)` for `registerTool` bound to the context, `Some(false)` for another
    /// method of it bound to it.
    fn bound(e: &Expression, aliases: &Aliases) -> Option<bool> {
        let Expression::CallExpression(c) = e.get_inner_expression() else {
            return None;
        };
        let m = c.callee.get_inner_expression().as_member_expression()?;
        let method = m.object().get_inner_expression().as_member_expression()?;
        let [this] = c.arguments.as_slice() else {
            return None;
        };
        let this = this.as_expression()?;
        (m.static_property_name() == Some("bind")
            && is_model_context(method.object(), aliases)
            && is_model_context(this, aliases))
        .then(|| method.static_property_name() == Some("registerTool"))
    }
    /// `Some(true)` if every choice is nothing or a bound method and one is `registerTool`.
    fn choice(e: &Expression, aliases: &Aliases) -> Option<bool> {
        match e.get_inner_expression() {
            e if is_nothing(e) => Some(false),
            Expression::ConditionalExpression(c) => {
                Some(choice(&c.consequent, aliases)? | choice(&c.alternate, aliases)?)
            }
            Expression::LogicalExpression(l) if l.operator == LogicalOperator::And => {
                choice(&l.right, aliases)
            }
            e => bound(e, aliases),
        }
    }
    choice(e, aliases) == Some(true)
}

/// The module's names that hold WebMCP's model context or its owner.
#[derive(Default)]
struct Aliases {
    /// Locals holding the model context (`const mc = document.modelContext`).
    context: HashSet<String>,
    /// Constants holding `navigator` or `document` themselves, by which (`const nav =
    /// navigator as Navigator & { modelContext?: .. }`, TypeScript's way to reach an API its
    /// DOM types lack): `nav.modelContext` is the model context.
    owners: HashMap<String, &'static str>,
    /// Constants holding `registerTool` bound to the model context (`const register =
    /// mc.registerTool.bind(mc)`): a call of one registers its argument.
    register: HashSet<String>,
    /// Names holding the page's global object: a parameter defaulting to it (`function
    /// register(env = globalThis)`), or given it by an immediately invoked function (the UMD
    /// wrapper's `root`, and its factory's parameter it is passed to): `env.document` is the
    /// page's document.
    globals: HashSet<String>,
}

/// One name imported from another module of the package.
#[derive(Clone, Debug)]
pub struct Import {
    specifier: String,
    /// The exported name (`default` for a default import); `None` for `* as ns`.
    name: Option<String>,
}

/// What a module exports under one name.
#[derive(Clone, Debug)]
enum Export {
    /// A module-level name of its own (`export const X`, `export { a as X }`).
    Local(String),
    /// `export default <expression>` or `export default function ..` (its span).
    Default(oxc_span::Span, BindingKind),
    /// `export { a as X } from "./y"`.
    From(String, String),
}

impl<'a> Visit<'a> for Bindings {
    fn visit_export_declaration(&mut self, it: &ExportDeclaration<'a>) {
        match &it.declaration {
            Declaration::VariableDeclaration(v) => {
                for d in &v.declarations {
                    if let BindingPattern::BindingIdentifier(id) = &d.id {
                        let name = id.name.to_string();
                        self.exports.insert(name.clone(), Export::Local(name));
                    }
                }
            }
            Declaration::FunctionDeclaration(f) => {
                if let Some(id) = &f.id {
                    let name = id.name.to_string();
                    self.exports.insert(name.clone(), Export::Local(name));
                }
            }
            _ => {}
        }
        walk::walk_export_declaration(self, it);
    }

    fn visit_export_named_declaration(&mut self, it: &ExportNamedDeclaration<'a>) {
        if !it.export_kind.is_type() {
            for s in &it.specifiers {
                let local = s.local.name().to_string();
                self.exports
                    .insert(s.exported.name().to_string(), Export::Local(local));
            }
        }
    }

    fn visit_export_from_declaration(&mut self, it: &ExportFromDeclaration<'a>) {
        if !it.export_kind.is_type() {
            for s in &it.specifiers {
                let export = Export::From(it.source.value.to_string(), s.local.name().to_string());
                self.exports.insert(s.exported.name().to_string(), export);
            }
        }
    }

    fn visit_export_default_declaration(&mut self, it: &ExportDefaultDeclaration<'a>) {
        let export = match &it.declaration {
            ExportDefaultDeclarationKind::FunctionDeclaration(f) => {
                Export::Default(f.span, BindingKind::Function)
            }
            ExportDefaultDeclarationKind::ClassDeclaration(_)
            | ExportDefaultDeclarationKind::TSInterfaceDeclaration(_) => {
                walk::walk_export_default_declaration(self, it);
                return;
            }
            e => match e.as_expression() {
                Some(e) => Export::Default(e.span(), BindingKind::Const),
                None => return,
            },
        };
        self.exports.insert("default".into(), export);
        walk::walk_export_default_declaration(self, it);
    }

    fn visit_export_all_declaration(&mut self, it: &ExportAllDeclaration<'a>) {
        if it.exported.is_none() && !it.export_kind.is_type() {
            self.star.push(it.source.value.to_string());
        }
    }

    fn visit_import_declaration(&mut self, it: &ImportDeclaration<'a>) {
        let source = it.source.value.as_str();
        if !it.import_kind.is_type() {
            for s in it.specifiers.iter().flatten() {
                let (local, name) = match s {
                    ImportDeclarationSpecifier::ImportSpecifier(s) if !s.import_kind.is_type() => {
                        (&s.local, Some(s.imported.name().to_string()))
                    }
                    ImportDeclarationSpecifier::ImportDefaultSpecifier(s) => {
                        (&s.local, Some("default".to_string()))
                    }
                    ImportDeclarationSpecifier::ImportNamespaceSpecifier(s) => (&s.local, None),
                    ImportDeclarationSpecifier::ImportSpecifier(_) => continue,
                };
                self.imports.insert(
                    local.name.to_string(),
                    Import {
                        specifier: source.to_string(),
                        name,
                    },
                );
            }
        }
        self.drives_browser |= BROWSER_DRIVERS.contains(&source);
        if POLYFILLS.contains(&source) {
            self.uses
                .push((it.source.span, format!("the WebMCP polyfill `{source}`")));
        }
        for s in it.specifiers.iter().flatten() {
            match s {
                ImportDeclarationSpecifier::ImportSpecifier(s) => {
                    let imported = s.imported.name();
                    if zod::PACKAGES.contains(&source) && imported == "z" {
                        self.zod.insert(s.local.name.to_string());
                    }
                    if let Some(h) = HOOKS
                        .iter()
                        .find(|h| h.package == source && h.name == imported.as_str())
                    {
                        self.hooks.insert(s.local.name.to_string(), h);
                    }
                    if let Some((_, ty)) = TOOL_TYPES
                        .iter()
                        .find(|(p, t)| *p == source && *t == imported.as_str())
                    {
                        self.tool_types.insert(s.local.name.to_string());
                        self.uses
                            .push((s.span, format!("the WebMCP tool type `{ty}` of `{source}`")));
                    }
                }
                ImportDeclarationSpecifier::ImportNamespaceSpecifier(s)
                    if TOOL_TYPES.iter().any(|(p, _)| *p == source) =>
                {
                    for (_, ty) in TOOL_TYPES.iter().filter(|(p, _)| *p == source) {
                        self.tool_type_namespaces
                            .insert(s.local.name.to_string(), ty);
                    }
                }
                ImportDeclarationSpecifier::ImportNamespaceSpecifier(s)
                    if zod::PACKAGES.contains(&source) =>
                {
                    self.zod.insert(s.local.name.to_string());
                }
                ImportDeclarationSpecifier::ImportDefaultSpecifier(s)
                    if zod::PACKAGES.contains(&source) =>
                {
                    self.zod.insert(s.local.name.to_string());
                }
                _ => {}
            }
        }
    }

    fn visit_call_expression(&mut self, it: &CallExpression<'a>) {
        self.global_arguments(it);
        // `list.push(t)`: the list grows after its declaration, whatever declared it.
        if let Some(m) = it.callee.get_inner_expression().as_member_expression()
            && matches!(
                m.static_property_name(),
                Some("push" | "unshift" | "splice" | "fill" | "copyWithin")
            )
            && let Expression::Identifier(list) = m.object().get_inner_expression()
        {
            self.grown.insert(list.name.to_string());
        }
        if let Some(m) = it.callee.get_inner_expression().as_member_expression()
            && m.static_property_name() == Some("defineProperty")
            && matches!(m.object().get_inner_expression(), Expression::Identifier(o) if o.name == "Object")
            && let Some(Expression::StringLiteral(key)) =
                it.arguments.get(1).and_then(|a| a.as_expression())
            && key.value == "modelContext"
        {
            self.provides.get_or_insert(it.span);
        }
        self.registers |= it
            .callee
            .get_inner_expression()
            .as_member_expression()
            .is_some_and(|m| {
                matches!(
                    m.static_property_name(),
                    Some("registerTool" | "provideContext")
                )
            });
        if let Expression::Identifier(id) = it.callee.get_inner_expression()
            && let Some(h) = self.hooks.get(id.name.as_str())
        {
            self.registers = true;
            self.uses
                .push((it.span, format!("`{}` of `{}`", h.name, h.package)));
        }
        walk::walk_call_expression(self, it);
    }

    fn visit_static_member_expression(&mut self, it: &StaticMemberExpression<'a>) {
        if it.property.name == "modelContext"
            && let Some(owner) = owner_name(&it.object, &self.aliases)
        {
            self.uses
                .push((it.span, format!("`{}`", shown_context(it))));
            if owner == "navigator" {
                self.navigator.push(it.span);
            } else {
                self.document = true;
            }
        } else if it.property.name == "modelContext"
            && let Expression::StaticMemberExpression(o) = it.object.get_inner_expression()
            && matches!(o.property.name.as_str(), "document" | "navigator")
        {
            // `env.document?.modelContext`: a window handed in (a test's, an iframe's) is
            // still a use of WebMCP, for L004.
            self.uses
                .push((it.span, format!("`{}`", shown_context(it))));
        }
        walk::walk_static_member_expression(self, it);
    }

    fn visit_variable_declaration(&mut self, it: &VariableDeclaration<'a>) {
        let kind = if it.kind == VariableDeclarationKind::Const {
            BindingKind::Const
        } else {
            BindingKind::Mutable
        };
        for d in &it.declarations {
            if !matches!(
                (&d.id, &d.init),
                (BindingPattern::BindingIdentifier(_), Some(_))
            ) {
                self.params.extend(
                    d.id.get_binding_identifiers()
                        .iter()
                        .map(|id| id.name.to_string()),
                );
            }
            match (&d.id, &d.init) {
                (BindingPattern::BindingIdentifier(id), Some(init)) => {
                    if is_model_context(init, &self.aliases) {
                        self.aliases.context.insert(id.name.to_string());
                    }
                    if kind == BindingKind::Const
                        && let Some(owner) = owner_name(init, &self.aliases)
                    {
                        self.aliases.owners.insert(id.name.to_string(), owner);
                    }
                    if kind == BindingKind::Const && bound_register(init, &self.aliases) {
                        self.aliases.register.insert(id.name.to_string());
                    }
                    if let Expression::CallExpression(c) = init.get_inner_expression()
                        && c.arguments.is_empty()
                        && let Expression::Identifier(f) = c.callee.get_inner_expression()
                    {
                        self.call_results
                            .push((id.name.to_string(), f.name.to_string()));
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
                (BindingPattern::ObjectPattern(p), Some(init))
                    if is_context_owner(init, &self.aliases) =>
                {
                    for prop in &p.properties {
                        if prop.key.static_name().as_deref() == Some("modelContext")
                            && let BindingPattern::BindingIdentifier(id) = &prop.value
                        {
                            self.aliases.context.insert(id.name.to_string());
                            self.uses.push((prop.span, "`modelContext`".into()));
                            match owner_name(init, &self.aliases) {
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

    fn visit_catch_parameter(&mut self, it: &oxc_ast::ast::CatchParameter<'a>) {
        self.params.extend(
            it.pattern
                .get_binding_identifiers()
                .iter()
                .map(|id| id.name.to_string()),
        );
        walk::walk_catch_parameter(self, it);
    }

    fn visit_formal_parameter(&mut self, it: &oxc_ast::ast::FormalParameter<'a>) {
        // `environment = globalThis`: the page's global object unless a caller hands in
        // another window.
        if let (BindingPattern::BindingIdentifier(id), Some(default)) =
            (&it.pattern, &it.initializer)
            && is_global_object(default, &self.aliases)
        {
            self.aliases.globals.insert(id.name.to_string());
        }
        self.params.extend(
            it.pattern
                .get_binding_identifiers()
                .iter()
                .map(|id| id.name.to_string()),
        );
        walk::walk_formal_parameter(self, it);
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
        // After its body: the locals it returns (`const nav = navigator as ..; return
        // nav.modelContext`) are known by then.
        if let (Some(id), Some(body)) = (&it.id, &it.body)
            && returns_context(body, &self.aliases)
        {
            self.context_functions.insert(id.name.to_string());
        }
    }

    /// `x = ..`, `x += ..`, `[x] = ..`, `x++`: a `let`/`var` written after its declaration.
    fn visit_simple_assignment_target(&mut self, it: &SimpleAssignmentTarget<'a>) {
        if let SimpleAssignmentTarget::AssignmentTargetIdentifier(id) = it {
            self.assigned.insert(id.name.to_string());
        }
        walk::walk_simple_assignment_target(self, it);
    }

    /// `({ x } = ..)`.
    fn visit_assignment_target_property_identifier(
        &mut self,
        it: &oxc_ast::ast::AssignmentTargetPropertyIdentifier<'a>,
    ) {
        self.assigned.insert(it.binding.name.to_string());
        walk::walk_assignment_target_property_identifier(self, it);
    }
}

/// For each call of the name `called` in `body`: whether each argument is the page's global
/// object.
fn calls_of(body: &oxc_ast::ast::FunctionBody, called: &str, aliases: &Aliases) -> Vec<Vec<bool>> {
    struct Calls<'s> {
        called: &'s str,
        aliases: &'s Aliases,
        out: Vec<Vec<bool>>,
    }
    impl<'a> Visit<'a> for Calls<'_> {
        fn visit_call_expression(&mut self, it: &CallExpression<'a>) {
            if matches!(it.callee.get_inner_expression(),
                Expression::Identifier(id) if id.name == self.called)
            {
                self.out.push(
                    it.arguments
                        .iter()
                        .map(|a| {
                            a.as_expression()
                                .is_some_and(|e| is_global_object(e, self.aliases))
                        })
                        .collect(),
                );
            }
            walk::walk_call_expression(self, it);
        }
    }
    let mut c = Calls {
        called,
        aliases,
        out: Vec::new(),
    };
    c.visit_function_body(body);
    c.out
}

/// Whether every `return` of a function body (not of the functions nested in it) is the
/// model context or nothing, and one of them is the model context.
fn returns_context(body: &oxc_ast::ast::FunctionBody, aliases: &Aliases) -> bool {
    struct Returns<'s> {
        aliases: &'s Aliases,
        context: usize,
        other: usize,
    }
    impl<'a> Visit<'a> for Returns<'_> {
        fn visit_return_statement(&mut self, it: &oxc_ast::ast::ReturnStatement<'a>) {
            match &it.argument {
                None => {}
                Some(e) if is_nothing(e) => {}
                Some(e) if is_model_context(e, self.aliases) => self.context += 1,
                Some(_) => self.other += 1,
            }
        }
        fn visit_function(&mut self, _: &Function<'a>, _: ScopeFlags) {}
        fn visit_arrow_function_expression(
            &mut self,
            _: &oxc_ast::ast::ArrowFunctionExpression<'a>,
        ) {
        }
    }
    let mut r = Returns {
        aliases,
        context: 0,
        other: 0,
    };
    r.visit_function_body(body);
    r.context > 0 && r.other == 0
}

/// `undefined` or `null`.
fn is_nothing(e: &Expression) -> bool {
    match e.get_inner_expression() {
        Expression::NullLiteral(_) => true,
        Expression::Identifier(id) => id.name == "undefined",
        _ => false,
    }
}

/// `navigator.modelContext` as written, without `window.`/`globalThis.`.
fn shown_context(m: &StaticMemberExpression) -> String {
    let owner = match m.object.get_inner_expression() {
        Expression::StaticMemberExpression(o) => o.property.name.as_str(),
        Expression::Identifier(o) => o.name.as_str(),
        _ => "",
    };
    format!("{owner}.modelContext")
}

/// `navigator`, `document`, the same through `window.`/`globalThis.`/`self.`, or a constant
/// holding one of them.
fn is_context_owner(e: &Expression, aliases: &Aliases) -> bool {
    owner_name(e, aliases).is_some()
}

/// Which of `navigator` and `document` (directly, through `window.`/`globalThis.`/`self.`,
/// or through a constant holding it) the expression is.
fn owner_name(e: &Expression, aliases: &Aliases) -> Option<&'static str> {
    let named = |name: &str| match name {
        "navigator" => Some("navigator"),
        "document" => Some("document"),
        _ => None,
    };
    match e.get_inner_expression() {
        Expression::Identifier(id) => {
            named(&id.name).or_else(|| aliases.owners.get(id.name.as_str()).copied())
        }
        Expression::StaticMemberExpression(m) => {
            named(&m.property.name).filter(|_| is_global_object(&m.object, aliases))
        }
        _ => None,
    }
}

/// Whether `e` is the page's global object: `window`, `globalThis`, `self`, a name holding it
/// ([`Aliases::globals`]), or a choice between those and the script's top-level `this`
/// (`typeof globalThis !== "undefined" ? globalThis : this`).
fn is_global_object(e: &Expression, aliases: &Aliases) -> bool {
    fn global_or_this(e: &Expression, aliases: &Aliases) -> Option<bool> {
        match e.get_inner_expression() {
            Expression::ThisExpression(_) => Some(false),
            Expression::Identifier(id) => {
                (matches!(id.name.as_str(), "window" | "globalThis" | "self")
                    || aliases.globals.contains(id.name.as_str()))
                .then_some(true)
            }
            Expression::ConditionalExpression(c) => Some(
                global_or_this(&c.consequent, aliases)? | global_or_this(&c.alternate, aliases)?,
            ),
            Expression::LogicalExpression(l) if l.operator != LogicalOperator::And => {
                Some(global_or_this(&l.left, aliases)? | global_or_this(&l.right, aliases)?)
            }
            _ => None,
        }
    }
    global_or_this(e, aliases) == Some(true)
}

fn is_model_context(e: &Expression, aliases: &Aliases) -> bool {
    let e = match e.get_inner_expression() {
        Expression::ChainExpression(c) => match c.expression.as_member_expression() {
            Some(m) => {
                return m.static_property_name() == Some("modelContext")
                    && is_context_owner(m.object(), aliases);
            }
            None => return false,
        },
        e => e,
    };
    match e {
        Expression::Identifier(id) => aliases.context.contains(id.name.as_str()),
        Expression::StaticMemberExpression(m) => {
            m.property.name == "modelContext" && is_context_owner(&m.object, aliases)
        }
        // `document.modelContext ?? navigator.modelContext`: whichever the browser has;
        // `handedIn ?? document.modelContext` is the page's model context whenever nothing
        // is handed in, so what is registered on it is a tool of the page.
        Expression::LogicalExpression(l) if l.operator != LogicalOperator::And => {
            is_model_context(&l.left, aliases) || is_model_context(&l.right, aliases)
        }
        // `typeof navigator !== "undefined" && navigator.modelContext`: the model context
        // whenever the test passes, else a falsy value nothing is registered on. Not when the
        // test is a model context itself (`document.modelContext && navigator.modelContext`
        // is the older one only where the newer one exists).
        Expression::LogicalExpression(l) => {
            !is_model_context(&l.left, aliases) && is_model_context(&l.right, aliases)
        }
        // `typeof document === "undefined" ? undefined : document.modelContext`.
        Expression::ConditionalExpression(c) => {
            let (yes, no) = (&c.consequent, &c.alternate);
            (is_model_context(yes, aliases) && (is_nothing(no) || is_model_context(no, aliases)))
                || (is_nothing(yes) && is_model_context(no, aliases))
        }
        _ => false,
    }
}

/// The script files of one package, by path: the modules a page's relative imports may
/// name. Nothing outside it is read.
#[derive(Default)]
pub struct Package<'s> {
    files: HashMap<PathBuf, (FileId, &'s str)>,
    /// The `compilerOptions.paths` of each `tsconfig.json`/`jsconfig.json`, by the directory
    /// it applies to.
    aliases: Vec<(PathBuf, Vec<PathAlias>)>,
}

/// One `paths` entry: the pattern (`@/*`) and its targets, made absolute.
type PathAlias = (String, Vec<PathBuf>);

impl<'s> Package<'s> {
    pub fn new(files: impl IntoIterator<Item = (PathBuf, FileId, &'s str)>) -> Self {
        Package {
            files: files
                .into_iter()
                .map(|(p, id, text)| (source::normalize(&p), (id, text)))
                .collect(),
            aliases: Vec::new(),
        }
    }

    /// The path aliases of the TypeScript (or JavaScript) configuration `config` in `dir`:
    /// `"@/*": ["./src/*"]` read against `baseUrl`, as the compiler and the bundlers that
    /// follow it read them. `extends` is not followed.
    pub fn add_config(&mut self, dir: &Path, config: &JsonNode) {
        let options = config.get("compilerOptions");
        let base = match options.and_then(|o| o.get("baseUrl")).map(|b| &b.kind) {
            Some(JsonKind::String(b)) => source::normalize(&dir.join(b)),
            _ => dir.to_path_buf(),
        };
        let Some(paths) = options
            .and_then(|o| o.get("paths"))
            .and_then(JsonNode::members)
        else {
            return;
        };
        let patterns = paths
            .iter()
            .map(|m| {
                let targets = match &m.value.kind {
                    JsonKind::Array(items) => items
                        .iter()
                        .filter_map(|t| match &t.kind {
                            JsonKind::String(t) => Some(base.join(t)),
                            _ => None,
                        })
                        .collect(),
                    _ => Vec::new(),
                };
                (m.key.clone(), targets)
            })
            .collect();
        self.aliases.push((dir.to_path_buf(), patterns));
    }

    /// The paths a specifier may name, before extensions: relative to `from`, or through the
    /// path aliases of the configuration nearest above `from`.
    fn candidates(&self, from: &Path, specifier: &str) -> Vec<PathBuf> {
        if specifier.starts_with("./") || specifier.starts_with("../") {
            return from
                .parent()
                .map(|d| vec![source::normalize(&d.join(specifier))])
                .unwrap_or_default();
        }
        let Some((_, patterns)) = self
            .aliases
            .iter()
            .filter(|(dir, _)| from.starts_with(dir))
            .max_by_key(|(dir, _)| dir.as_os_str().len())
        else {
            return Vec::new();
        };
        let mut out = Vec::new();
        for (pattern, targets) in patterns {
            let rest = match pattern.split_once('*') {
                Some((pre, post)) => specifier
                    .strip_prefix(pre)
                    .and_then(|r| r.strip_suffix(post)),
                None => (pattern == specifier).then_some(""),
            };
            let Some(rest) = rest else { continue };
            for t in targets {
                let t = t.to_string_lossy().replacen('*', rest, 1);
                out.push(source::normalize(Path::new(&t)));
            }
        }
        out
    }

    /// The file a specifier written in `from` names, as a bundler resolves it: the path as
    /// written, with a script extension, or its `index` file; `./x.js` written for `./x.ts`
    /// too.
    fn resolve(&self, from: &Path, specifier: &str) -> Option<(PathBuf, FileId, &'s str)> {
        self.candidates(from, specifier)
            .into_iter()
            .find_map(|base| self.resolve_at(base))
    }

    fn resolve_at(&self, base: PathBuf) -> Option<(PathBuf, FileId, &'s str)> {
        let stem = base.with_extension("");
        let written = base.to_string_lossy();
        let mut tries = vec![base.clone()];
        tries.extend(
            EXTENSIONS
                .iter()
                .map(|e| PathBuf::from(format!("{written}.{e}"))),
        );
        if [".js", ".jsx", ".mjs"].iter().any(|e| written.ends_with(e)) {
            tries.extend(["ts", "tsx", "mts"].iter().map(|e| stem.with_extension(e)));
        }
        tries.extend(EXTENSIONS.iter().map(|e| base.join(format!("index.{e}"))));
        tries.into_iter().find_map(|p| {
            let (id, text) = self.files.get(&p)?;
            Some((p, *id, *text))
        })
    }
}

/// The extensions a relative import may leave out, in the order bundlers try them.
const EXTENSIONS: &[&str] = &["ts", "tsx", "js", "jsx", "mjs", "mts"];

/// One parsed module: the page's script, or a module of the package it imports.
struct Unit<'p, 'a> {
    program: &'p Program<'a>,
    file: FileId,
    /// Where the script starts in the file (an inline `<script>`).
    base: usize,
    path: PathBuf,
    bindings: Bindings,
    /// Its semantic model, built when a call or a read is first resolved by symbol.
    model: std::cell::OnceCell<Model<'p>>,
    /// The functions that may register a tool ([`Module::registers`]), found on first use.
    registering: std::cell::OnceCell<HashSet<oxc_span::Span>>,
}

/// oxc's semantic model of one module, and each identifier reference's symbol by the
/// reference's span (`None`: unresolved, a global).
struct Model<'p> {
    sem: oxc_semantic::Semantic<'p>,
    refs: HashMap<oxc_span::Span, Option<oxc_semantic::SymbolId>>,
}

impl<'p> Model<'p> {
    fn new(program: &'p Program<'p>) -> Self {
        let sem = execute::semantic(program);
        let refs = sem
            .nodes()
            .iter()
            .filter_map(|n| match n.kind() {
                oxc_ast::AstKind::IdentifierReference(r) => Some((
                    r.span,
                    r.reference_id
                        .get()
                        .and_then(|id| sem.scoping().get_reference(id).symbol_id()),
                )),
                _ => None,
            })
            .collect();
        Model { sem, refs }
    }
}

struct Module<'p, 'a> {
    allocator: &'a Allocator,
    package: &'a Package<'a>,
    /// The page's script first, then the modules read through its imports, each once.
    units: RefCell<Vec<std::rc::Rc<Unit<'p, 'a>>>>,
    /// The module whose code is being read.
    unit: Cell<usize>,
    /// The names bound while the value being read is read: a helper's parameters at one
    /// call of it, a loop variable at one item, a callback's parameter.
    env: RefCell<Env>,
}

/// The outcome of lowering a JavaScript value to JSON.
enum Lowered {
    Node(JsonNode),
    /// `undefined`: `JSON.stringify` drops the member.
    Undefined,
    /// Not statically known; already reported.
    Unknown,
}

impl<'p, 'a: 'p> Module<'p, 'a> {
    fn unit_data(&self, unit: usize) -> std::rc::Rc<Unit<'p, 'a>> {
        self.units.borrow()[unit].clone()
    }

    /// Run `f` with module `unit`'s semantic model.
    fn with_model<R>(&self, unit: usize, f: impl FnOnce(&Model<'p>) -> R) -> R {
        let u = self.unit_data(unit);
        f(u.model.get_or_init(|| Model::new(u.program)))
    }

    /// The declaration (its identifier's span) of the symbol the reference at `at` in module
    /// `unit` resolves to: `Some(None)` for a global, `None` where no reference is written.
    fn declaration_of(&self, unit: usize, at: oxc_span::Span) -> Option<Option<oxc_span::Span>> {
        self.with_model(unit, |m| {
            let symbol = *m.refs.get(&at)?;
            Some(symbol.map(|s| m.sem.scoping().symbol_span(s)))
        })
    }

    /// The function a call names, resolved by symbol in the module being read: a function
    /// declaration, or a `const` (or a `let` never reassigned) holding a function or arrow;
    /// an import is followed to the module that exports it. Its module and span.
    fn called_function(
        &self,
        id: &oxc_ast::ast::IdentifierReference,
    ) -> Result<(usize, oxc_span::Span), String> {
        use oxc_ast::AstKind;
        let unit = self.unit.get();
        if self.bound(&id.name, id.span).is_some() {
            return Err(format!("`{}` is a parameter", id.name));
        }
        let local = self.with_model(unit, |m| {
            let scoping = m.sem.scoping();
            let symbol = id
                .reference_id
                .get()
                .and_then(|r| scoping.get_reference(r).symbol_id())
                .ok_or_else(|| format!("`{}` is not declared in this module", id.name))?;
            let decl = m.sem.symbol_declaration(symbol);
            match decl.kind() {
                AstKind::Function(f) => Ok(Some(f.span)),
                AstKind::VariableDeclarator(d) => {
                    let constant = matches!(m.sem.nodes().parent_kind(decl.id()),
                        AstKind::VariableDeclaration(v) if v.kind == VariableDeclarationKind::Const)
                        || !scoping.symbol_is_mutated(symbol);
                    match d.init.as_ref().map(|e| e.get_inner_expression()) {
                        Some(Expression::ArrowFunctionExpression(f)) if constant => {
                            Ok(Some(f.span))
                        }
                        Some(Expression::FunctionExpression(f)) if constant => Ok(Some(f.span)),
                        _ => Err(format!(
                            "`{}` does not hold a function written here",
                            id.name
                        )),
                    }
                }
                AstKind::ImportSpecifier(_) | AstKind::ImportDefaultSpecifier(_) => Ok(None),
                _ => Err(format!("`{}` is not a function of this module", id.name)),
            }
        })?;
        if let Some(span) = local {
            return Ok((unit, span));
        }
        match self.declared(&id.name, 0)? {
            Value::Function { unit, span } => Ok((unit, span)),
            Value::At(l) => self
                .read(&l, |e| match e.get_inner_expression() {
                    Expression::ArrowFunctionExpression(f) => Ok((l.unit, f.span)),
                    Expression::FunctionExpression(f) => Ok((l.unit, f.span)),
                    other => Err(describe(other)),
                })
                .unwrap_or_else(|| Err("not a value".into())),
        }
    }

    /// The program of the module being read.
    fn program(&self) -> &'p Program<'a> {
        self.unit_data(self.unit.get()).program
    }

    /// Whether the function at `span` of module `unit` may register a tool: it calls
    /// `registerTool`/`provideContext` or a tool hook, names a function imported from the
    /// package, or calls (by symbol) a function of its module that does. The test that keeps
    /// a call of every other function from being read through.
    fn registers(&self, unit: usize, span: oxc_span::Span) -> bool {
        let data = self.unit_data(unit);
        let found = data.registering.get_or_init(|| self.registering(unit));
        found.contains(&span)
    }

    /// The functions of module `unit` that may register a tool (see [`Module::registers`]).
    fn registering(&self, unit: usize) -> HashSet<oxc_span::Span> {
        use oxc_ast::AstKind;
        let data = self.unit_data(unit);
        let source = data.program.source_text;
        let direct = |span: oxc_span::Span| {
            let text = &source[span.start as usize..span.end as usize];
            text.contains("registerTool")
                || text.contains("provideContext")
                || data
                    .bindings
                    .hooks
                    .keys()
                    .any(|h| text.contains(h.as_str()))
                || data.bindings.imports.iter().any(|(local, i)| {
                    text.contains(local.as_str())
                        && self.package.resolve(&data.path, &i.specifier).is_some()
                })
        };
        self.with_model(unit, |m| {
            let nodes = m.sem.nodes();
            let mut functions = Vec::new();
            // Each function's symbol (a declaration, or a variable it initialises), by symbol.
            let mut by_symbol = HashMap::new();
            for n in nodes.iter() {
                let (span, symbol) = match n.kind() {
                    AstKind::Function(f) => {
                        (f.span, f.id.as_ref().and_then(|id| id.symbol_id.get()))
                    }
                    AstKind::ArrowFunctionExpression(f) => (f.span, None),
                    _ => continue,
                };
                let symbol = symbol.or_else(|| match nodes.parent_kind(n.id()) {
                    AstKind::VariableDeclarator(d) => {
                        d.id.get_binding_identifier()?.symbol_id.get()
                    }
                    _ => None,
                });
                functions.push(span);
                if let Some(symbol) = symbol {
                    by_symbol.insert(symbol, span);
                }
            }
            // Calls of the module's functions: where, and which.
            let calls: Vec<(oxc_span::Span, oxc_span::Span)> = m
                .refs
                .iter()
                .filter_map(|(at, symbol)| Some((*at, *by_symbol.get(&(*symbol)?)?)))
                .collect();
            let mut found: HashSet<oxc_span::Span> =
                functions.iter().copied().filter(|f| direct(*f)).collect();
            loop {
                let more: Vec<oxc_span::Span> = functions
                    .iter()
                    .copied()
                    .filter(|f| !found.contains(f))
                    .filter(|f| {
                        calls.iter().any(|(at, callee)| {
                            f.start <= at.start && at.end <= f.end && found.contains(callee)
                        })
                    })
                    .collect();
                if more.is_empty() {
                    break found;
                }
                found.extend(more);
            }
        })
    }

    fn span(&self, s: oxc_span::Span) -> Span {
        let u = self.unit_data(self.unit.get());
        Span::new(u.file, u.base + s.start as usize, u.base + s.end as usize)
    }

    /// The module of the package `specifier`, written in module `from`, names: read once.
    fn load(&self, from: usize, specifier: &str) -> Result<usize, String> {
        let from = self.unit_data(from);
        let Some((path, file, text)) = self.package.resolve(&from.path, specifier) else {
            return Err(format!(
                "imported from `{specifier}`, not a script of this package"
            ));
        };
        if let Some(i) = self.units.borrow().iter().position(|u| u.file == file) {
            return Ok(i);
        }
        if self.units.borrow().len() >= MAX_MODULES {
            return Err(format!("more than {MAX_MODULES} modules would be read"));
        }
        let source_type = source_type(&path).ok_or("not a script")?;
        if super::page_guard::script(text).is_some() {
            return Err(format!("`{specifier}` is refused by the script guard"));
        }
        let parsed = oxc_parser::Parser::new(self.allocator, text, source_type).parse();
        if parsed.panicked || !parsed.diagnostics.is_empty() {
            return Err(format!("`{specifier}` cannot be parsed"));
        }
        let program: &'a Program<'a> = self.allocator.alloc(parsed.program);
        let mut bindings = Bindings::default();
        bindings.visit_program(program);
        bindings.settle();
        let mut units = self.units.borrow_mut();
        units.push(std::rc::Rc::new(Unit {
            program,
            file,
            base: 0,
            path,
            bindings,
            model: std::cell::OnceCell::new(),
            registering: std::cell::OnceCell::new(),
        }));
        Ok(units.len() - 1)
    }

    /// Whether the local `name` of module `unit` holds what an imported function returns, and
    /// the module exporting it returns the model context from it (`const ctx =
    /// getModelContext()`, with `getModelContext` in `./detect`).
    fn context_import(&self, unit: usize, name: &str) -> bool {
        let data = self.unit_data(unit);
        let Some(import) = data
            .bindings
            .imported_calls
            .get(name)
            .and_then(|f| data.bindings.imports.get(f))
        else {
            return false;
        };
        let (Some(exported), Ok(next)) = (&import.name, self.load(unit, &import.specifier)) else {
            return false;
        };
        self.exports_context_function(next, exported, 0)
    }

    /// Whether module `unit` exports as `name` a function (bound once) returning the model
    /// context, itself or through a re-export.
    fn exports_context_function(&self, unit: usize, name: &str, depth: usize) -> bool {
        if depth >= MAX_RESOLVE_DEPTH {
            return false;
        }
        let data = self.unit_data(unit);
        match data.bindings.exports.get(name) {
            Some(Export::Local(local)) => {
                data.bindings.context_functions.contains(local)
                    && data
                        .bindings
                        .by_name
                        .get(local)
                        .is_some_and(|b| b.len() == 1)
            }
            Some(Export::From(specifier, local)) => self
                .load(unit, specifier)
                .is_ok_and(|next| self.exports_context_function(next, local, depth + 1)),
            _ => false,
        }
    }

    /// What `import` (written in module `from`) stands for: the export it names, read in the
    /// module that exports it.
    fn imported(&self, from: usize, import: &Import, depth: usize) -> Result<Value, String> {
        let unit = self.load(from, &import.specifier)?;
        match &import.name {
            Some(name) => self.exported(unit, name, depth),
            None => Err(format!("a namespace import of `{}`", import.specifier)),
        }
    }

    /// The value module `unit` exports as `name`: its own declaration, a re-export followed
    /// to the module that declares it, or one of its `export *` modules'.
    fn exported(&self, unit: usize, name: &str, depth: usize) -> Result<Value, String> {
        if depth >= MAX_RESOLVE_DEPTH {
            return Err("re-exports nest too deeply".into());
        }
        let data = self.unit_data(unit);
        match data.bindings.exports.get(name) {
            Some(Export::Local(local)) => self.in_unit(unit, || self.declared(local, depth + 1)),
            Some(Export::Default(span, BindingKind::Function)) => {
                Ok(Value::Function { unit, span: *span })
            }
            Some(Export::Default(span, _)) => Ok(Value::At(Located {
                unit,
                span: *span,
                env: Env::default(),
            })),
            Some(Export::From(specifier, local)) => {
                let next = self.load(unit, specifier)?;
                self.exported(next, local, depth + 1)
            }
            None => {
                let found: Vec<Value> = data
                    .bindings
                    .star
                    .iter()
                    .filter_map(|s| {
                        let next = self.load(unit, s).ok()?;
                        self.exported(next, name, depth + 1).ok()
                    })
                    .collect();
                match <[Value; 1]>::try_from(found) {
                    Ok([v]) => Ok(v),
                    Err(more) if more.is_empty() => Err(format!(
                        "`{name}` is not exported by `{}`",
                        source::display_path(&data.path)
                    )),
                    Err(_) => Err(format!("`{name}` is exported by more than one module")),
                }
            }
        }
    }

    fn not_static(
        &self,
        ns: &mut Vec<NotStatic>,
        tool: Option<&str>,
        what: &str,
        reason: String,
        s: oxc_span::Span,
    ) {
        let part = if what.contains("`inputSchema") || what.contains("`input") {
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

    /// The one constant binding of `name`, or why there is none.
    /// [`Module::not_static`] for what a value read left unknown, in the module it is in.
    fn hole(&self, ns: &mut Vec<NotStatic>, tool: Option<&str>, what: &str, hole: values::Hole) {
        self.in_unit(hole.unit, || {
            self.not_static(ns, tool, what, hole.reason, hole.span)
        });
    }

    fn constant(&self, name: &str) -> Result<Binding, String> {
        let unit = self.unit_data(self.unit.get());
        let bindings = &unit.bindings;
        match bindings.by_name.get(name).map(Vec::as_slice) {
            Some([_]) if bindings.grown.contains(name) => Err(format!(
                "`{name}` is changed in place after its declaration (`{name}.push(..)`)"
            )),
            Some([b]) if b.kind != BindingKind::Mutable || !bindings.assigned.contains(name) => {
                Ok(*b)
            }
            Some([_]) => Err(format!("`{name}` is a `let`/`var` and is reassigned")),
            Some(_) => Err(format!(
                "`{name}` is declared more than once in this module"
            )),
            None => Err(format!(
                "`{name}` is not declared in this module: an import, a parameter or a global"
            )),
        }
    }

    /// Run `f` on the expression at `span` (an initialiser found by [`Module::constant`]).
    /// Only the statements and expressions that hold `span` are walked.
    fn with_expr<R>(&self, span: oxc_span::Span, f: impl FnOnce(&Expression) -> R) -> Option<R> {
        struct Find<F, R> {
            target: oxc_span::Span,
            f: Option<F>,
            out: Option<R>,
        }
        impl<F, R> Find<F, R> {
            fn holds(&self, s: oxc_span::Span) -> bool {
                self.out.is_none() && s.start <= self.target.start && self.target.end <= s.end
            }
        }
        impl<'a, F: FnOnce(&Expression<'a>) -> R, R> Visit<'a> for Find<F, R> {
            fn visit_statement(&mut self, it: &Statement<'a>) {
                if self.holds(it.span()) {
                    walk::walk_statement(self, it);
                }
            }
            fn visit_expression(&mut self, it: &Expression<'a>) {
                if !self.holds(it.span()) {
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
        find.visit_program(self.program());
        find.out
    }

    /// A string known without running anything: a literal, a template without
    /// substitutions, a `+` of those, or a constant or known member holding one; with where
    /// it is written (in whichever module).
    fn static_string(&self, e: &Expression, depth: usize) -> Result<(String, Span), String> {
        match e.get_inner_expression() {
            Expression::StringLiteral(s) => Ok((s.value.to_string(), self.span(s.span))),
            Expression::TemplateLiteral(t) if t.expressions.is_empty() => t
                .quasis
                .first()
                .and_then(|q| q.value.cooked)
                .map(|c| (c.to_string(), self.span(t.span)))
                .ok_or_else(|| "a template literal with an invalid escape".to_string()),
            Expression::TemplateLiteral(t) => Err(format!(
                "a template literal with {} substitution(s)",
                t.expressions.len()
            )),
            Expression::BinaryExpression(b) if b.operator == BinaryOperator::Addition => {
                let (l, _) = self.static_string(&b.left, depth)?;
                let (r, _) = self.static_string(&b.right, depth)?;
                Ok((l + &r, self.span(b.span)))
            }
            e @ (Expression::Identifier(_) | Expression::StaticMemberExpression(_))
                if depth < MAX_RESOLVE_DEPTH =>
            {
                let at = self.value_of(e, depth)?;
                self.read(&at, |init| self.static_string(init, depth + 1))
                    .unwrap_or_else(|| Err("not a value".into()))
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
            Expression::Identifier(_)
            | Expression::StaticMemberExpression(_)
            | Expression::ComputedMemberExpression(_) => {
                if depth >= MAX_RESOLVE_DEPTH {
                    self.not_static(
                        ns,
                        Some(tool),
                        &shown,
                        "constants nest too deeply".into(),
                        e.span(),
                    );
                    return Lowered::Unknown;
                }
                match self.value_of(e, depth) {
                    Ok(at) => self
                        .read(&at, |init| self.lower(init, path, tool, ns, depth + 1))
                        .unwrap_or(Lowered::Unknown),
                    Err(reason) => {
                        self.not_static(ns, Some(tool), &shown, reason, e.span());
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
            Expression::ArrayExpression(_) => {
                let items = match self.elements(e, depth) {
                    Ok(items) => items,
                    Err(reason) => {
                        self.not_static(ns, Some(tool), &shown, reason, e.span());
                        return Lowered::Unknown;
                    }
                };
                let mut out = Vec::new();
                for (i, item) in items.into_iter().enumerate() {
                    let at = format!("{path}[{i}]");
                    let item = match item {
                        Ok(item) => item,
                        Err(hole) => {
                            self.hole(ns, Some(tool), &format!("a spread in `{path}`"), hole);
                            return Lowered::Unknown;
                        }
                    };
                    // An item written in this array is lowered where it is, not found again.
                    let own = match e {
                        Expression::ArrayExpression(a) => a
                            .elements
                            .iter()
                            .filter_map(|el| el.as_expression())
                            .find(|x| x.span() == item.span),
                        _ => None,
                    };
                    let lowered = match own {
                        Some(x) => self.lower(x, &at, tool, ns, depth),
                        None => self
                            .read(&item, |x| self.lower(x, &at, tool, ns, depth))
                            .unwrap_or(Lowered::Unknown),
                    };
                    match lowered {
                        Lowered::Node(n) => out.push(n),
                        // `JSON.stringify([undefined])` is `[null]`.
                        Lowered::Undefined => out.push(JsonNode {
                            span: self.span(item.span),
                            kind: JsonKind::Null,
                        }),
                        // A list with a hole is not the list: drop all of it, not one item.
                        Lowered::Unknown => return Lowered::Unknown,
                    }
                }
                node(JsonKind::Array(out))
            }
            Expression::ObjectExpression(o) => {
                node(JsonKind::Object(self.members(o, path, tool, ns, depth)))
            }
            // `SCHEMAS[t.name] || { type: "object" }`: the fallback where the first is known
            // to be absent, the first where it is an object or array (truthy whatever it holds).
            Expression::LogicalExpression(l)
                if matches!(l.operator, LogicalOperator::Or | LogicalOperator::Coalesce)
                    && depth < MAX_RESOLVE_DEPTH =>
            {
                if self.absent(&l.left) {
                    return self.lower(&l.right, path, tool, ns, depth + 1);
                }
                let mut first = Vec::new();
                match self.lower(&l.left, path, tool, &mut first, depth + 1) {
                    Lowered::Node(n)
                        if matches!(n.kind, JsonKind::Object(_) | JsonKind::Array(_)) =>
                    {
                        ns.append(&mut first);
                        Lowered::Node(n)
                    }
                    _ => {
                        self.not_static(ns, Some(tool), &shown, describe(e), e.span());
                        Lowered::Unknown
                    }
                }
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
        for m in self.fields(o, depth) {
            let f = match m {
                Member::Hole(h) => {
                    let what = match h.kind {
                        HoleKind::Spread => format!("a spread in `{path}`"),
                        HoleKind::ComputedKey => format!("a computed key in `{path}`"),
                    };
                    self.hole(ns, Some(tool), &what, h);
                    continue;
                }
                Member::Field(f) => f,
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
                continue;
            }
            // A member written in this object is lowered where it is, not found again.
            let own = o.properties.iter().find_map(|p| match p {
                ObjectPropertyKind::ObjectProperty(p) if p.value.span() == f.value.span => {
                    Some(&p.value)
                }
                _ => None,
            });
            let lowered = match own {
                Some(v) => self.lower(v, &at, tool, ns, depth),
                None => self
                    .read(&f.value, |v| self.lower(v, &at, tool, ns, depth))
                    .unwrap_or(Lowered::Unknown),
            };
            if let Lowered::Node(value) = lowered {
                out.push(JsonMember {
                    key: f.key,
                    key_span: self.span(f.key_span),
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

/// What is not known of a tool, and of a list of tools, passed to `provideContext`.
const PROVIDED: (&str, &str) = (
    "a tool passed to `provideContext`",
    "`provideContext` tools",
);
/// The same, declared as a polyfill's tool type.
const DECLARED: (&str, &str) = (
    "a tool declared as a WebMCP tool type",
    "tools declared as a WebMCP tool type",
);

/// A declaration's type: a polyfill's tool type, or a list of them.
enum Declared {
    Tool,
    List,
}

/// `ToolDefinition`, `W.ToolDefinition`, `ToolDefinition[]`, `Array<ToolDefinition>` where
/// the name is the polyfill's tool type as the module imports it.
fn tool_type(t: &oxc_ast::ast::TSType, bindings: &Bindings) -> Option<Declared> {
    use oxc_ast::ast::{TSType, TSTypeName};
    let named = |r: &oxc_ast::ast::TSTypeReference| match &r.type_name {
        TSTypeName::IdentifierReference(id) => bindings.tool_types.contains(id.name.as_str()),
        TSTypeName::QualifiedName(q) => matches!(&q.left,
            TSTypeName::IdentifierReference(ns)
                if bindings.tool_type_namespaces.get(ns.name.as_str()) == Some(&q.right.name.as_str())),
        TSTypeName::ThisExpression(_) => false,
    };
    match t {
        TSType::TSTypeReference(r) if named(r) => Some(Declared::Tool),
        TSType::TSArrayType(a) => match &a.element_type {
            TSType::TSTypeReference(r) if named(r) => Some(Declared::List),
            _ => None,
        },
        TSType::TSTypeReference(r)
            if matches!(&r.type_name, TSTypeName::IdentifierReference(id)
                if matches!(id.name.as_str(), "Array" | "ReadonlyArray")) =>
        {
            match r.type_arguments.as_ref().map(|a| a.params.as_slice()) {
                Some([TSType::TSTypeReference(item)]) if named(item) => Some(Declared::List),
                _ => None,
            }
        }
        _ => None,
    }
}

/// How a tool object is handed over: to the model context, or to a hook.
#[derive(Clone, Copy)]
enum Api {
    ModelContext,
    Hook(&'static Hook),
}

/// Pass 2: the `registerTool` / `provideContext` calls and the hooks, with the loops and
/// callbacks that register each item of a known array.
struct ToolCalls<'m, 'p, 'a> {
    module: &'m Module<'p, 'a>,
    facts: &'m mut PageFacts,
    /// How many loops over known items (and calls of registering helpers) the walk is
    /// inside: a registration read there has its argument bound.
    looping: usize,
    /// How many of those are loops over items (not calls of a helper).
    loops: usize,
    /// Bodies walked with something bound so far ([`MAX_WALKS`]).
    walks: usize,
    /// `looping` where the innermost function declaration around the walk begins: its body
    /// is read as written, whatever loop or call the walk is in, so only the loops inside
    /// it bind what it registers.
    loop_floor: usize,
    /// The innermost function declaration around the walk is read as written and has
    /// parameters: a registration read there, even through a call, may hold them unbound.
    unbound_params: bool,
    /// The methods the `if`s around the walk test exist (`typeof mc.m === "function"`).
    guards: Vec<String>,
    /// How many `else` branches of an `if (typeof mc.registerTool === "function")` the
    /// walk is in: the current API was tried first.
    registered_first: usize,
    /// Some `registerTool` call passes a `signal`: its tools are taken back by aborting it.
    signal: bool,
    /// `clearContext`/`unregisterTool` called only where they exist, kept until the walk
    /// is over: beside a signal they are a fallback, alone the only way tools go away.
    fallbacks: Vec<PageApiUse>,
    /// `provideContext` called only where it exists and not after `registerTool` was tried:
    /// reported when it is the script's only `provideContext` (then it is how the tools are
    /// registered); beside an unguarded one it repeats that call's cause (an emptying
    /// `provideContext?.({ tools: [] })` on teardown).
    guarded_provides: Vec<PageApiUse>,
    /// The functions whose bodies the walk is reading for a call (module, span): a call of
    /// one of them again (`return init(retries - 1)`) reads nothing new, and would only
    /// spend the nesting its loops need.
    calling: Vec<(usize, oxc_span::Span)>,
}

impl<'a> Visit<'a> for ToolCalls<'_, '_, 'a> {
    fn visit_call_expression(&mut self, it: &CallExpression<'a>) {
        let m = self.module;
        let unit = m.unit_data(m.unit.get());
        let callee = it.callee.get_inner_expression();
        if let Some(mm) = callee.as_member_expression()
            && (is_model_context(mm.object(), &unit.bindings.aliases)
                || matches!(mm.object().get_inner_expression(),
                    Expression::Identifier(id) if m.context_import(m.unit.get(), &id.name))
                // `api.registerTool(t)` where `api` is bound to the model context, or
                // destructured from what a function returns around it.
                || (matches!(
                    mm.static_property_name(),
                    Some("registerTool" | "provideContext" | "clearContext" | "unregisterTool")
                ) && m.holds_context(mm.object())))
        {
            match mm.static_property_name() {
                Some("registerTool") => self.register_tool(it),
                Some("provideContext") => {
                    // Only where `registerTool` was tried first is it a fallback.
                    match (
                        self.guarded(it, "provideContext"),
                        self.registered_first > 0,
                    ) {
                        (true, true) => {}
                        (true, false) => self.guarded_provides.push(PageApiUse {
                            api: PageApi::ProvideContext,
                            span: m.span(it.span),
                        }),
                        (false, _) => self.removed(PageApi::ProvideContext, it.span),
                    }
                    if let Some(arg) = it.arguments.first() {
                        self.registration(it.span, |s| s.provided(arg));
                    }
                }
                Some(method @ ("clearContext" | "unregisterTool")) => {
                    let api = match method {
                        "clearContext" => PageApi::ClearContext,
                        _ => PageApi::UnregisterTool,
                    };
                    match self.guarded(it, method) {
                        true => self.fallbacks.push(PageApiUse {
                            api,
                            span: m.span(it.span),
                        }),
                        false => self.removed(api, it.span),
                    }
                }
                _ => {}
            }
        }
        // `register({ .. })` where `const register = mc.registerTool.bind(mc)`.
        if let Expression::Identifier(id) = callee
            && unit.bindings.aliases.register.contains(id.name.as_str())
            && unit
                .bindings
                .by_name
                .get(id.name.as_str())
                .is_some_and(|b| b.len() == 1)
        {
            self.register_tool(it);
        }
        if let Expression::Identifier(id) = callee
            && let Some(hook) = unit.bindings.hooks.get(id.name.as_str()).copied()
            && !hook.positional.is_empty()
        {
            self.registration(it.span, |s| s.positional_tool(it, hook));
        } else if let Expression::Identifier(id) = callee
            && let Some(hook) = unit.bindings.hooks.get(id.name.as_str()).copied()
            && let Some(arg) = it.arguments.first()
        {
            let what = format!("the tool passed to `{}`", hook.name);
            self.registration(it.span, |s| s.tool_argument(arg, &what, Api::Hook(hook)));
        }
        // `register({ .. })`, `tool(t)`, `useTool({ .. })`: a function of the module (a
        // declaration or a constant arrow, resolved by symbol), or one it imports from
        // another module of the package, that registers what it is given, read once per call
        // with its parameters bound to the arguments (a rest parameter to the ones left).
        if let Expression::Identifier(id) = callee
            && self.looping < MAX_CALL_NESTING
            && !it.arguments.is_empty()
            && let Ok((unit, span)) = m.called_function(id)
            && !self.calling.contains(&(unit, span))
            && m.registers(unit, span)
            && let Some(callback) = m.in_unit(unit, || m.function_at(span))
        {
            let args = m.arguments(&it.arguments);
            self.calling.push((unit, span));
            self.looped(vec![Ok(m.here(it.span))], |s, _| {
                let bound = m.bind_call(&callback, &args);
                m.with_env(bound, || s.visit_function_at(callback.unit, callback.scope));
            });
            self.calling.pop();
        }
        // `TOOLS.forEach(t => mc.registerTool(t))`: the callback once per known item.
        if let Some(mm) = callee.as_member_expression()
            && matches!(mm.static_property_name(), Some("forEach" | "map"))
            && let [cb] = it.arguments.as_slice()
            && let Some(cb) = cb.as_expression()
            && self.each_item(mm.object(), cb)
        {
            self.visit_expression(mm.object());
            return;
        }
        walk::walk_call_expression(self, it);
    }

    fn visit_variable_declarator(&mut self, it: &VariableDeclarator<'a>) {
        self.declared_tools(it);
        walk::walk_variable_declarator(self, it);
    }

    /// A function declared inside what is walked runs when it is called, with its own
    /// parameters: its body is read as written, not as part of a loop's item or a helper's
    /// call (its calls, followed, read it with its parameters bound).
    fn visit_function(&mut self, it: &Function<'a>, flags: ScopeFlags) {
        if it.r#type != oxc_ast::ast::FunctionType::FunctionDeclaration {
            walk::walk_function(self, it, flags);
            return;
        }
        let floor = std::mem::replace(&mut self.loop_floor, self.looping);
        let params = std::mem::replace(&mut self.unbound_params, !it.params.is_empty());
        walk::walk_function(self, it, flags);
        self.loop_floor = floor;
        self.unbound_params = params;
    }

    /// `if (typeof mc.registerTool === "function") { ..; return; }`: the statements after
    /// it run only where the current API is missing, as its `else` would.
    fn visit_statements(&mut self, it: &oxc_allocator::Vec<'a, Statement<'a>>) {
        let before = self.registered_first;
        for s in it {
            self.visit_statement(s);
            if let Statement::IfStatement(i) = s
                && i.alternate.is_none()
                && exits(&i.consequent)
                && typeof_function(&i.test).iter().any(|m| m == "registerTool")
            {
                self.registered_first += 1;
            }
        }
        self.registered_first = before;
    }

    /// `if (typeof mc.provideContext === "function") { .. }`: the branch where the method
    /// is known to exist.
    fn visit_if_statement(&mut self, it: &IfStatement<'a>) {
        self.visit_expression(&it.test);
        let tested = typeof_function(&it.test);
        let register_first = tested.iter().any(|m| m == "registerTool");
        // `if (typeof mc.registerTool !== "function") ..`: the branch runs only where the
        // current API is missing, as the `else` of the test for it does.
        let register_missing = typeof_not_function(&it.test).as_deref() == Some("registerTool");
        let before = self.guards.len();
        self.guards.extend(tested);
        self.registered_first += usize::from(register_missing);
        self.visit_statement(&it.consequent);
        self.registered_first -= usize::from(register_missing);
        self.guards.truncate(before);
        if let Some(alternate) = &it.alternate {
            self.registered_first += usize::from(register_first);
            self.visit_statement(alternate);
            self.registered_first -= usize::from(register_first);
        }
    }

    fn visit_for_of_statement(&mut self, it: &ForOfStatement<'a>) {
        let m = self.module;
        let name = match &it.left {
            ForStatementLeft::VariableDeclaration(d) => match d.declarations.as_slice() {
                [d] => match &d.id {
                    BindingPattern::BindingIdentifier(id) => Some(id.name.to_string()),
                    _ => None,
                },
                _ => None,
            },
            _ => None,
        };
        let items = name
            .as_ref()
            .filter(|_| self.loops < MAX_LOOP_NESTING && self.looping < MAX_CALL_NESTING)
            .and_then(|_| m.elements(&it.right, 0).ok())
            .filter(|items| items.len() <= MAX_LOOP_ITEMS);
        let (Some(name), Some(items)) = (name, items) else {
            walk::walk_for_of_statement(self, it);
            return;
        };
        self.visit_expression(&it.right);
        let env = m.current();
        let unit = m.unit.get();
        self.loops += 1;
        self.looped(items, |s, item| {
            let bound = env.bind(name.clone(), unit, it.span, item.clone());
            m.with_env(bound, || s.visit_statement(&it.body));
        });
        self.loops -= 1;
    }
}

/// Whether a statement always leaves the block it is in: it ends in a `return` or `throw`.
fn exits(s: &Statement) -> bool {
    match s {
        Statement::ReturnStatement(_) | Statement::ThrowStatement(_) => true,
        Statement::BlockStatement(b) => b.body.last().is_some_and(exits),
        _ => false,
    }
}

/// The methods `typeof x.m === "function"` tests for, in a test and the `&&`s it joins.
fn typeof_function(test: &Expression) -> Vec<String> {
    match test.get_inner_expression() {
        Expression::LogicalExpression(l) if l.operator == LogicalOperator::And => {
            let mut out = typeof_function(&l.left);
            out.extend(typeof_function(&l.right));
            out
        }
        Expression::BinaryExpression(b)
            if matches!(
                b.operator,
                BinaryOperator::StrictEquality | BinaryOperator::Equality
            ) =>
        {
            typeof_compared(b).into_iter().collect()
        }
        _ => Vec::new(),
    }
}

/// The method `typeof x.m !== "function"` tests is missing: the branch it guards runs only
/// where `x.m` does not exist.
fn typeof_not_function(test: &Expression) -> Option<String> {
    match test.get_inner_expression() {
        Expression::BinaryExpression(b)
            if matches!(
                b.operator,
                BinaryOperator::StrictInequality | BinaryOperator::Inequality
            ) =>
        {
            typeof_compared(b)
        }
        _ => None,
    }
}

/// `m` of `typeof x.m` compared with `"function"`, either side.
fn typeof_compared(b: &oxc_ast::ast::BinaryExpression) -> Option<String> {
    let sides = [(&b.left, &b.right), (&b.right, &b.left)];
    sides.iter().find_map(|(t, f)| {
        let Expression::UnaryExpression(u) = t.get_inner_expression() else {
            return None;
        };
        let Expression::StringLiteral(s) = f.get_inner_expression() else {
            return None;
        };
        // `typeof mc?.m`: `undefined` where `mc` is missing, as where `m` is.
        let m = match u.argument.get_inner_expression() {
            Expression::ChainExpression(c) => c.expression.as_member_expression()?,
            e => e.as_member_expression()?,
        };
        (u.operator == UnaryOperator::Typeof && s.value == "function")
            .then(|| m.static_property_name().map(str::to_string))
            .flatten()
    })
}

impl<'a> ToolCalls<'_, '_, 'a> {
    /// A removed method called only where it exists (`mc.clearContext?.()`, or inside an
    /// `if (typeof mc.clearContext === "function")`) throws nowhere; it is a fallback for
    /// older browsers when the current API does the same work too (see `registered_first`
    /// and `signal`).
    /// A `registerTool` call (or one of a bound copy of it): its tool, and whether it passes
    /// a `signal` to take the tool back.
    fn register_tool(&mut self, it: &CallExpression<'a>) {
        if let Some(Expression::ObjectExpression(o)) =
            it.arguments.get(1).and_then(Argument::as_expression)
            && o.properties.iter().any(|p| match p {
                ObjectPropertyKind::ObjectProperty(p) => {
                    p.key.static_name().as_deref() == Some("signal")
                }
                ObjectPropertyKind::SpreadProperty(_) => false,
            })
        {
            self.signal = true;
        }
        if let Some(arg) = it.arguments.first() {
            self.registration(it.span, |s| {
                s.tool_argument(arg, "the tool passed to `registerTool`", Api::ModelContext)
            });
        }
    }

    fn guarded(&self, call: &CallExpression, method: &str) -> bool {
        call.optional || self.guards.iter().any(|g| g == method)
    }

    /// The walk is over: guarded removals are reported unless a signal takes tools back.
    fn finish(mut self) {
        if !self.signal {
            self.facts.page_api.append(&mut self.fallbacks);
        }
        let provided = |u: &PageApiUse| u.api == PageApi::ProvideContext;
        if !self.facts.page_api.iter().any(provided) {
            self.facts.page_api.append(&mut self.guarded_provides);
        }
    }

    fn removed(&mut self, api: PageApi, at: oxc_span::Span) {
        self.facts.page_api.push(PageApiUse {
            api,
            span: self.module.span(at),
        });
    }

    /// Read one registration. A helper's body is walked once as written (its parameter
    /// unbound) and once per item of each loop or call that reaches it, here or from another
    /// page of the package: what it could not know outside any loop, or inside a function
    /// read as written with parameters, is kept aside, and reported only if nothing reached
    /// it with its argument bound ([`PageFacts::settle`]).
    fn registration(&mut self, call: oxc_span::Span, read: impl FnOnce(&mut Self)) {
        let before = self.facts.not_static.len();
        read(self);
        let call = self.module.span(call);
        let bound = self.looping > self.loop_floor;
        if bound && !self.unbound_params {
            self.facts.bound.push(call);
        } else {
            let unknown = self.facts.not_static.split_off(before);
            // Read whole at a call inside a function whose own parameters are unbound
            // (`useLoanTools(memberId)` calling `useAgentTool({ .. })`): this call is known.
            if bound && unknown.is_empty() {
                self.facts.bound.push(call);
            }
            self.facts
                .unbound
                .extend(unknown.into_iter().map(|n| (call, n)));
        }
    }

    /// Walk `body` once per known item, and report the items that are not known when a
    /// registration was read in it.
    fn looped(
        &mut self,
        items: Vec<Result<Located, values::Hole>>,
        mut body: impl FnMut(&mut Self, &Located),
    ) {
        let before = self.facts.bound.len();
        let mut holes = Vec::new();
        self.looping += 1;
        for item in items {
            match item {
                Ok(item) if self.walks < MAX_WALKS => {
                    self.walks += 1;
                    body(self, &item);
                }
                Ok(item) => {
                    let (m, ns) = (self.module, &mut self.facts.not_static);
                    m.in_unit(item.unit, || {
                        m.not_static(
                            ns,
                            None,
                            "a tool registered here",
                            format!("more than {MAX_WALKS} registrations would be read"),
                            item.span,
                        )
                    });
                }
                Err(hole) => holes.push(hole),
            }
        }
        self.looping -= 1;
        if self.facts.bound.len() > before {
            for h in holes {
                self.module.hole(
                    &mut self.facts.not_static,
                    None,
                    "a tool in the list registered here",
                    h,
                );
            }
        }
    }

    /// `items.forEach(cb)` / `items.map(cb)` over a known array: the callback's body once per
    /// item, its parameter bound to it. `false` when the array or callback is not known.
    fn each_item(&mut self, items: &Expression, cb: &Expression<'a>) -> bool {
        let m = self.module;
        if self.loops >= MAX_LOOP_NESTING || self.looping >= MAX_CALL_NESTING {
            return false;
        }
        let Ok(items) = m.elements(items, 0) else {
            return false;
        };
        if items.len() > MAX_LOOP_ITEMS {
            return false;
        }
        let Ok(callback) = m.callback(cb) else {
            return false;
        };
        let inline = matches!(
            cb.get_inner_expression(),
            Expression::ArrowFunctionExpression(_) | Expression::FunctionExpression(_)
        );
        self.loops += 1;
        self.looped(items, |s, item| {
            let bound = m.bind_callback(&callback, item);
            m.with_env(bound, || {
                if inline {
                    s.visit_expression(cb);
                } else {
                    s.visit_function_at(callback.unit, callback.scope);
                }
            });
        });
        self.loops -= 1;
        true
    }

    /// Walk the body of the function at `span` of module `unit` (a callback named, not
    /// written).
    fn visit_function_at(&mut self, unit: usize, span: oxc_span::Span) {
        struct Find<'s, 'm, 'p, 'a> {
            calls: &'s mut ToolCalls<'m, 'p, 'a>,
            target: oxc_span::Span,
            done: bool,
        }
        impl<'a> Visit<'a> for Find<'_, '_, '_, 'a> {
            fn visit_function(&mut self, it: &Function<'a>, flags: ScopeFlags) {
                if self.done {
                    return;
                }
                if it.span == self.target {
                    self.done = true;
                    if let Some(body) = &it.body {
                        self.calls.visit_statements(&body.statements);
                    }
                    return;
                }
                walk::walk_function(self, it, flags);
            }
            fn visit_arrow_function_expression(
                &mut self,
                it: &oxc_ast::ast::ArrowFunctionExpression<'a>,
            ) {
                if self.done {
                    return;
                }
                if it.span == self.target {
                    self.done = true;
                    match &it.body {
                        ArrowFunctionBody::FunctionBody(body) => {
                            self.calls.visit_statements(&body.statements);
                        }
                        body => {
                            if let Some(e) = body.as_expression() {
                                self.calls.visit_expression(e);
                            }
                        }
                    }
                    return;
                }
                walk::walk_arrow_function_expression(self, it);
            }
        }
        let m = self.module;
        // The body is read for one call of it, its parameters bound (to what may still be
        // unbound where the caller is read as written: `unbound_params` is kept).
        let floor = std::mem::take(&mut self.loop_floor);
        m.in_unit(unit, || {
            let mut find = Find {
                calls: self,
                target: span,
                done: false,
            };
            find.visit_program(m.program());
        });
        self.loop_floor = floor;
    }

    fn tool_argument(&mut self, arg: &Argument, what: &str, api: Api) {
        let m = self.module;
        let e = match arg {
            // `registerTool(...args)`: the first item of a known array.
            Argument::SpreadElement(s) if m.filled_in_place(&s.argument) => Err(
                "the first item of a list filled by `push`: which pushes ran is not known".into(),
            ),
            Argument::SpreadElement(s) => match m.elements(&s.argument, 0) {
                Ok(items) => match items.into_iter().next() {
                    Some(Ok(first)) => {
                        m.read(&first, |e| self.tool_value(e, what, api, 0));
                        return;
                    }
                    Some(Err(h)) => Err(h.reason),
                    None => Err("a spread of an empty array".into()),
                },
                Err(reason) => Err(reason),
            },
            arg => arg.as_expression().ok_or_else(|| "not a value".to_string()),
        };
        match e {
            Ok(e) => self.tool_value(e, what, api, 0),
            Err(reason) => m.not_static(&mut self.facts.not_static, None, what, reason, arg.span()),
        }
    }

    fn tool_value(&mut self, e: &Expression, what: &str, api: Api, depth: usize) {
        let m = self.module;
        match e.get_inner_expression() {
            Expression::ObjectExpression(o) => self.tool(o, api),
            e @ (Expression::Identifier(_)
            | Expression::StaticMemberExpression(_)
            | Expression::ComputedMemberExpression(_))
                if depth < MAX_RESOLVE_DEPTH =>
            {
                match m.value_of(e, depth) {
                    Ok(at) => {
                        m.read(&at, |init| self.tool_value(init, what, api, depth + 1));
                    }
                    Err(reason) => {
                        m.not_static(&mut self.facts.not_static, None, what, reason, e.span())
                    }
                }
            }
            // `toTool(def)`, `this.makeTool()`: what the function returns, its parameter
            // bound.
            Expression::CallExpression(c) if depth < MAX_RESOLVE_DEPTH => match m.returned_by(c) {
                Ok(at) => {
                    m.read(&at, |v| self.tool_value(v, what, api, depth + 1));
                }
                Err(reason) => m.not_static(&mut self.facts.not_static, None, what, reason, c.span),
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

    /// `provideContext({ tools: [..] })`, the list written there or reached through the module.
    fn provided(&mut self, arg: &Argument) {
        let m = self.module;
        // `provideContext([a, b])`: the tools given bare, not as `{ tools }`. No draft took
        // that shape (P006 reports the call); the tools are the page's all the same.
        if let Some(e) = arg.as_expression()
            && let Ok(items) = m.elements(e, 0)
        {
            self.provided_tools(Ok(items), arg.span(), PROVIDED);
            return;
        }
        let context = match arg.as_expression() {
            Some(e) => m.object_of(e, 0),
            None => Err("a spread `...`".into()),
        };
        let context = match context {
            Ok(c) => c,
            Err(reason) => {
                m.not_static(
                    &mut self.facts.not_static,
                    None,
                    "the context passed to `provideContext`",
                    reason,
                    arg.span(),
                );
                return;
            }
        };
        for member in context {
            let f = match member {
                Member::Field(f) if f.key == "tools" => f,
                Member::Field(_) => continue,
                Member::Hole(h) => {
                    m.hole(
                        &mut self.facts.not_static,
                        None,
                        "the context passed to `provideContext`",
                        h,
                    );
                    continue;
                }
            };
            // `tools: { get_bio: {..} }`: an object keyed by name is no list; the browser (and
            // the polyfills) iterate `tools`, so nothing in it is registered.
            let items = m
                .read(&f.value, |v| match (m.elements(v, 0), m.object_of(v, 0)) {
                    (Err(_), Ok(_)) => Err(
                        "an object, not an array of tools: `provideContext` iterates it, so none of it is registered"
                            .into(),
                    ),
                    (items, _) => items,
                })
                .unwrap_or_else(|| Err("not a value".into()));
            self.provided_tools(items, f.value.span, PROVIDED);
        }
    }

    /// The tools of a `provideContext` call, each read as a tool value.
    /// The tools of a list (what `provideContext` is given, a list declared as tools): each
    /// item read as a tool, what cannot be known reported as `what`.
    fn provided_tools(
        &mut self,
        items: Result<Vec<Result<Located, values::Hole>>, String>,
        at: oxc_span::Span,
        what: (&str, &str),
    ) {
        let m = self.module;
        let (one, all) = what;
        match items {
            Ok(items) => {
                for item in items {
                    match item {
                        Ok(item) => {
                            m.read(&item, |e| self.tool_value(e, one, Api::ModelContext, 0));
                        }
                        Err(h) => m.hole(&mut self.facts.not_static, None, all, h),
                    }
                }
            }
            Err(reason) => m.not_static(&mut self.facts.not_static, None, all, reason, at),
        }
    }

    /// `const tool: ToolDefinition = { .. }`, `{ .. } satisfies ToolDefinition` and
    /// `ToolDefinition[]` lists, where the type is a polyfill's tool type ([`TOOL_TYPES`]):
    /// the module declares them as tools, whatever registers them (an extension outside the
    /// repository, another module).
    fn declared_tools(&mut self, it: &VariableDeclarator<'a>) {
        let m = self.module;
        let unit = m.unit_data(m.unit.get());
        let Some(init) = &it.init else { return };
        let declared = it.type_annotation.as_ref().map(|a| &a.type_annotation).or(
            match init.without_parentheses() {
                Expression::TSSatisfiesExpression(s) => Some(&s.type_annotation),
                _ => None,
            },
        );
        match declared.and_then(|t| tool_type(t, &unit.bindings)) {
            Some(Declared::Tool) => self.registration(it.span, |s| {
                s.tool_value(init, DECLARED.0, Api::ModelContext, 0)
            }),
            Some(Declared::List) => {
                let items = m.elements(init, 0);
                self.registration(it.span, |s| s.provided_tools(items, init.span(), DECLARED));
            }
            None => {}
        }
    }

    /// One tool object.
    fn tool(&mut self, o: &ObjectExpression, api: Api) {
        let members = self.module.fields(o, 0);
        self.tool_of(members, o.span, api);
    }

    /// A hook that takes the tool's members as arguments (`useWebMCPContext(name,
    /// description, getValue)`): each argument up to the first spread is the member it
    /// stands for.
    fn positional_tool(&mut self, call: &CallExpression, hook: &'static Hook) {
        let m = self.module;
        let members = hook
            .positional
            .iter()
            .zip(m.arguments(&call.arguments))
            .map(|(key, value)| {
                Member::Field(values::Field {
                    key: (*key).to_string(),
                    key_span: value.span,
                    span: value.span,
                    value,
                    method: false,
                })
            })
            .collect();
        self.tool_of(members, call.span, Api::Hook(hook));
    }

    /// The tool whose members are `members` (of the object or call at `at`).
    fn tool_of(&mut self, members: Vec<Member>, at: oxc_span::Span, api: Api) {
        let m = self.module;
        let ns = &mut self.facts.not_static;
        // `annotations: tool.annotations` where the object given has none: the key is
        // written, but its value is `undefined`, as if it were not.
        let field = |key: &str| {
            members
                .iter()
                .rev()
                .find_map(|f| match f {
                    Member::Field(f) if f.key == key => Some(f),
                    _ => None,
                })
                .filter(|f| !m.read(&f.value, |v| m.absent(v)).unwrap_or(false))
        };
        let Some(name_field) = field("name") else {
            m.not_static(
                ns,
                None,
                "the tool name",
                "the tool object has no `name` written in it".into(),
                at,
            );
            return;
        };
        let name = m
            .read(&name_field.value, |v| m.static_string(v, 0))
            .unwrap_or_else(|| Err("not a value".into()));
        let name = match name {
            Ok((s, span)) => Spanned::new(s, span),
            Err(reason) => {
                m.not_static(
                    ns,
                    None,
                    "the tool name",
                    format!("{reason}; the tool cannot be linked"),
                    name_field.value.span,
                );
                return;
            }
        };
        let tool = name.value.clone();
        for h in members.iter().filter_map(|f| match f {
            Member::Hole(h) => Some(h),
            Member::Field(_) => None,
        }) {
            let what = match h.kind {
                HoleKind::Spread => "a spread in the tool object",
                HoleKind::ComputedKey => "a computed key in the tool object",
            };
            m.hole(ns, Some(&tool), what, h.clone());
        }
        let description = field("description").and_then(|f| {
            match m
                .read(&f.value, |v| m.static_string(v, 0))
                .unwrap_or_else(|| Err("not a value".into()))
            {
                Ok((s, span)) => Some(Spanned::new(s, span)),
                Err(reason) => {
                    m.not_static(ns, Some(&tool), "the description", reason, f.value.span);
                    None
                }
            }
        });
        // A schema with any part unknown is not checked at all: without that part, its
        // properties, `required` or bounds would say something the page does not.
        let (schemas, run): (&[(&str, SchemaForm)], &str) = match api {
            Api::ModelContext => (&[("inputSchema", SchemaForm::Json)], "execute"),
            Api::Hook(h) => (h.schemas, h.run),
        };
        let mut origin = Origin::PageScript;
        let schema = schemas
            .iter()
            .find_map(|(key, form)| Some((*key, *form, field(key)?)))
            .and_then(|(key, form, f)| {
                let before = ns.len();
                let (lowered, zod) = m
                    .read(&f.value, |v| input_schema(m, v, key, form, &tool, ns))
                    .unwrap_or((Lowered::Unknown, false));
                if zod {
                    origin = Origin::PageZod;
                }
                match lowered {
                    Lowered::Node(n) if ns.len() == before => Some(n),
                    _ => None,
                }
            });
        let annotations_node = field("annotations").and_then(|f| {
            match m
                .read(&f.value, |v| m.lower(v, "annotations", &tool, ns, 0))
                .unwrap_or(Lowered::Unknown)
            {
                Lowered::Node(n) => Some(n),
                _ => None,
            }
        });
        // The hook's own annotations, shown at its call: what the tool says of its effects,
        // but not the page's to check against WebMCP (the package writes them).
        let hook_annotations = match api {
            Api::Hook(h) if !h.annotations.is_empty() => {
                let span = m.span(at);
                let flag = |(key, value): &(&str, bool)| JsonMember {
                    key: (*key).to_string(),
                    key_span: span,
                    value: JsonNode {
                        span,
                        kind: JsonKind::Bool(*value),
                    },
                };
                Some(JsonNode {
                    span,
                    kind: JsonKind::Object(h.annotations.iter().map(flag).collect()),
                })
            }
            _ => None,
        };
        let mut spec = super::spec::page_tool(
            schema.as_ref(),
            annotations_node.as_ref(),
            field("outputSchema").map(|f| m.span(f.value.span)),
        );
        // The model context takes the callback as `execute` only; a hook's own name for it
        // is no evidence here. A spread or computed key might still supply `execute`.
        let holes = members.iter().any(|f| matches!(f, Member::Hole(_)));
        if matches!(api, Api::ModelContext) && field("execute").is_none() && !holes {
            spec.callback_misnamed = MISNAMED_CALLBACKS
                .iter()
                .find_map(|k| field(k).map(|f| Spanned::new(f.key.clone(), m.span(f.key_span))));
        }
        let annotations = hook_annotations
            .or(annotations_node)
            .map(|n| manifest::annotations(Some(&n)))
            .unwrap_or_default();
        let mut requests = Vec::new();
        let mut code = None;
        if let Some(exec) = field(run) {
            let target = if exec.method {
                Some((exec.value.unit, exec.value.span))
            } else {
                m.read(&exec.value, |v| match v.get_inner_expression() {
                    Expression::FunctionExpression(f) => Some((m.unit.get(), f.span)),
                    Expression::ArrowFunctionExpression(f) => Some((m.unit.get(), f.span)),
                    Expression::Identifier(id) => match m.name_value(&id.name, id.span) {
                        Ok(Value::Function { unit, span }) => Some((unit, span)),
                        Ok(Value::At(l)) => Some((l.unit, l.span)),
                        Err(reason) => {
                            m.not_static(ns, Some(&tool), &format!("`{run}`"), reason, id.span);
                            None
                        }
                    },
                    _ => None,
                })
                .flatten()
            };
            if let Some((unit, target)) = target {
                m.in_unit(unit, || {
                    requests = fetches(m, target, &tool, ns);
                    // Where the code is; what it does is read once the walk is over.
                    code = Some(PageCode {
                        function: m.span(target),
                        checks: Vec::new(),
                        complete: false,
                        swallows: Vec::new(),
                        model_context: matches!(api, Api::ModelContext),
                        rejects: Vec::new(),
                    });
                });
            }
        }
        self.facts.tools.push(PageTool {
            origin,
            name,
            description,
            annotations,
            schema,
            requests,
            spec,
            code,
        });
    }
}

/// Fill in what each tool's code does with its input, with one semantic model per module
/// that holds a tool's code.
fn code_facts(module: &Module, facts: &mut PageFacts) {
    let units = module.units.borrow().clone();
    for (i, unit) in units.iter().enumerate() {
        let here = |t: &PageTool| {
            t.code
                .as_ref()
                .is_some_and(|c| c.function.file == unit.file)
        };
        if !facts.tools.iter().any(here) {
            continue;
        }
        let sem = execute::semantic(unit.program);
        module.in_unit(i, || {
            let to_span = |s: oxc_span::Span| module.span(s);
            // What an import names, when another module of the package declares it as a
            // value `JSON.stringify` keeps whole.
            let imported = |name: &str| match module.declared(name, 0) {
                Ok(values::Value::At(at)) => module
                    .read(&at, |e| {
                        let mut holes = Vec::new();
                        match module.lower(e, name, "", &mut holes, 1) {
                            Lowered::Node(n) if holes.is_empty() => Some(n.to_value()),
                            _ => None,
                        }
                    })
                    .flatten(),
                _ => None,
            };
            for t in facts.tools.iter_mut().filter(|t| here(t)) {
                let Some(c) = &t.code else { continue };
                let at = c.function.start() - unit.base;
                let function =
                    oxc_span::Span::new(at as u32, (c.function.end() - unit.base) as u32);
                let model_context = c.model_context;
                t.code = execute::read(&sem, function, &to_span).map(|mut code| {
                    code.model_context = model_context;
                    if model_context {
                        code.rejects = rejects::read(&sem, function, &to_span, &imported);
                    }
                    code
                });
            }
        });
    }
}

/// The input schema as the API publishes it; `true` when it was read from zod.
fn input_schema(
    m: &Module,
    v: &Expression,
    key: &str,
    form: SchemaForm,
    tool: &str,
    ns: &mut Vec<NotStatic>,
) -> (Lowered, bool) {
    match form {
        SchemaForm::Json => match m.converted(v) {
            Some(schema) => (m.zod_converted(v, schema, key, tool, ns), true),
            None => (m.lower(v, key, tool, ns, 0), false),
        },
        SchemaForm::ZodObject => (m.zod_schema(v, key, tool, ns), true),
        SchemaForm::ZodShapeOrJson => {
            let members = match m.object_of(v, 0) {
                Ok(members) => members,
                Err(reason) => {
                    m.not_static(ns, Some(tool), &format!("`{key}`"), reason, v.span());
                    return (Lowered::Unknown, false);
                }
            };
            let json = members.is_empty()
                || members
                    .iter()
                    .any(|f| matches!(f, Member::Field(f) if f.key == "type"));
            if json {
                (m.lower(v, key, tool, ns, 0), false)
            } else {
                (m.zod_shape(members, v.span(), key, tool, ns), true)
            }
        }
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
        calls.visit_program(m.program());
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
        let params = parameters(m.program(), helper);
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
            let base = m.current();
            let bound = params
                .iter()
                .zip(args)
                .filter_map(|(p, a)| Some((p.clone()?, a?)))
                .fold(base.clone(), |env, (p, a)| {
                    let arg = Located {
                        unit: m.unit.get(),
                        span: a,
                        env: base.clone(),
                    };
                    env.bind(p, m.unit.get(), helper, arg)
                });
            out.extend(m.with_env(bound, || read(m, span, ns)));
        }
    }
    out.sort_by_key(|r| (r.span.start(), r.path.span.start()));
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
    let (path, path_span) = match url_template(m, url, 0) {
        Ok((text, span)) => match url_path(&text) {
            Some(p) => (p, span),
            None => {
                m.not_static(
                    ns,
                    Some(tool),
                    "the fetch URL",
                    format!("`{text}` is not an absolute path or URL"),
                    url.span(),
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
        path: Spanned::new(path, path_span),
        span: m.span(call.span),
    })
}

/// A URL with each template substitution written `{}`: `/api/cart/${id}` → `/api/cart/{}`.
fn url_template(m: &Module, e: &Expression, depth: usize) -> Result<(String, Span), String> {
    // A helper's parameter (the URL its caller passed), a constant, a known member.
    if let e @ (Expression::Identifier(_) | Expression::StaticMemberExpression(_)) =
        e.get_inner_expression()
        && depth < MAX_RESOLVE_DEPTH
    {
        let at = m.value_of(e, depth)?;
        return m
            .read(&at, |e| url_template(m, e, depth + 1))
            .unwrap_or_else(|| Err("not a value".into()));
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
            Ok((s, m.span(t.span)))
        }
        other => m.static_string(other, 0),
    }
}

/// The parser's source type for a script file name, or `None` for what is not a script.
/// JavaScript is read with JSX, as bundlers read it: Create React App and Vite projects write
/// components in `.js` files, and no JavaScript without JSX reads differently with it.
/// TypeScript keeps JSX to `.tsx` (`<T>x` is a cast in `.ts`).
pub fn source_type(path: &std::path::Path) -> Option<SourceType> {
    let t = SourceType::from_path(path).ok()?;
    Some(if t.is_javascript() {
        t.with_jsx(true)
    } else {
        t
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(src: &str) -> PageFacts {
        read(src, SourceType::mjs())
    }

    /// One script alone, settled as the engine settles a package.
    fn read(src: &str, source_type: SourceType) -> PageFacts {
        let mut f = extract(
            FileId(0),
            Path::new("page.js"),
            src,
            0,
            source_type,
            &Package::default(),
        );
        f.settle();
        f
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
        &src[span.start()..span.end()]
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
if (wide) loose = 30;
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
                .contains("`./limits.js`, not a script of this package"),
            "{:?}",
            f.not_static[1]
        );
        assert!(f.not_static[2].reason.contains("`let`/`var`"));
    }

    #[test]
    fn typescript_and_syntax_errors() {
        let ts = r#"
interface In { q: number }
const tool = { name: "ts", description: "d", inputSchema: { type: "object" } as const } satisfies object;
document.modelContext.registerTool(tool as any);"#;
        let f = read(ts, SourceType::ts());
        assert_eq!(f.tools.len(), 1, "{f:?}");
        let bad = run("document.modelContext.registerTool({ name: 'x', ");
        assert_eq!(bad.unreadable.len(), 1);
    }

    fn names(f: &PageFacts) -> Vec<&str> {
        f.tools.iter().map(|t| t.name.value.as_str()).collect()
    }

    #[test]
    fn a_constant_array_registered_in_a_loop_is_each_of_its_tools() {
        let src = r#"
const search = { name: "findTable", description: "d", inputSchema: { type: "object", properties: { q: { type: "string", maxLength: 80 } } } };
const TOOLS = [search, { name: "addLine", description: "e" }];
const EXTRA = [...TOOLS, { name: "clearCart", description: "f" }];
for (const tool of EXTRA) {
  navigator.modelContext.registerTool(tool, { signal: ctrl.signal });
}"#;
        let f = run(src);
        assert!(f.not_static.is_empty(), "{:?}", f.not_static);
        assert_eq!(names(&f), ["findTable", "addLine", "clearCart"]);
        let max = f.tools[0].schema.as_ref().unwrap();
        let max = max.pointer("/properties/q/maxLength").unwrap();
        assert_eq!(at(src, max.span), "80");
        assert_eq!(at(src, f.tools[1].name.span), "\"addLine\"");
    }

    #[test]
    fn a_loop_over_an_import_registers_what_only_the_run_knows() {
        let src = r#"
import { TOOLS } from "./tools.js";
import { more } from "./more.js";
for (const t of TOOLS) navigator.modelContext.registerTool(t);
const LOCAL = [{ name: "known", description: "d" }, ...more];
LOCAL.forEach((t) => navigator.modelContext.registerTool(t));
for (const x of [1, 2]) console.log(x);"#;
        let f = run(src);
        assert_eq!(names(&f), ["known"]);
        let mut shown: Vec<_> = f
            .not_static
            .iter()
            .map(|n| (n.what.as_str(), at(src, n.span)))
            .collect();
        shown.sort();
        assert_eq!(
            shown,
            [
                ("a tool in the list registered here", "...more"),
                ("the tool passed to `registerTool`", "t"),
            ]
        );
        assert!(f.not_static.iter().all(|n| n.part == PagePart::Name));
    }

    #[test]
    fn for_each_with_a_named_helper_reads_the_helper_once_per_item() {
        let src = r#"
const mc = document.modelContext;
function register(tool) { mc.registerTool(tool, { signal }); }
const DEFS = { add: { name: "addLine", description: "a" }, drop: { name: "dropLine", description: "b" } };
Object.values(DEFS).forEach(register);
[DEFS.add].forEach((t) => mc.registerTool({ ...t, description: "c" }));"#;
        let f = run(src);
        assert!(f.not_static.is_empty(), "{:?}", f.not_static);
        assert_eq!(names(&f), ["addLine", "dropLine", "addLine"]);
        assert_eq!(f.tools[2].description.as_ref().unwrap().value, "c");
    }

    #[test]
    fn provide_context_takes_a_mapped_list_of_definitions() {
        let src = r#"
const QTY = { type: "integer", minimum: 1, maximum: 5 };
const defs = [
  { id: "addLine", text: "Adds a line.", schema: { type: "object", properties: { quantity: QTY } } },
  { id: "dropLine", text: "Drops a line.", schema: { type: "object" } },
];
function toTool({ id, text, schema }) {
  return { name: id, description: text, inputSchema: schema, execute: (a) => fetch(`/api/${id}`, { method: "POST" }) };
}
navigator.modelContext.provideContext({ tools: defs.map(toTool) });
const wrapped = defs.map((d) => ({ ...d, name: "x" + d.id, description: d.text }));
navigator.modelContext.provideContext({ tools: wrapped });"#;
        let f = run(src);
        assert!(f.not_static.is_empty(), "{:?}", f.not_static);
        assert_eq!(names(&f), ["addLine", "dropLine", "xaddLine", "xdropLine"]);
        let schema = f.tools[0].schema.as_ref().unwrap();
        let max = schema.pointer("/properties/quantity/maximum").unwrap();
        assert_eq!(at(src, max.span), "5");
        assert_eq!(f.tools[0].requests[0].path.value, "/api/{}");
        assert!(f.tools[2].schema.is_none(), "`wrapped` has no inputSchema");
    }

    #[test]
    fn a_callback_parameter_is_bound_only_inside_the_callback() {
        let src = r#"
const t = undefined;
const defs = [{ name: "inner", description: "d" }];
defs.forEach((t) => navigator.modelContext.registerTool(t));
navigator.modelContext.registerTool(t);"#;
        let f = run(src);
        assert_eq!(names(&f), ["inner"]);
        assert_eq!(f.not_static.len(), 1, "{:?}", f.not_static);
        assert_eq!(at(src, f.not_static[0].span), "undefined");
    }

    #[test]
    fn a_local_wrapper_is_resolved_by_symbol_not_by_name() {
        // Two helpers named `tool` in two functions: only the one that registers is followed,
        // at each call of it, with the call's object as the tool.
        let src = r#"
export function register() {
  const mc = document.modelContext;
  const tool = (...args) => mc.registerTool(...args);
  tool({ name: "served", description: "d" });
}
export function audit(log) {
  const tool = (t) => log.push(t);
  tool({ name: "audited", description: "d" });
}"#;
        let f = run(src);
        assert_eq!(names(&f), ["served"]);
        assert_eq!(at(src, f.tools[0].name.span), r#""served""#);
        assert!(f.not_static.is_empty(), "{:?}", f.not_static);
    }

    #[test]
    fn a_jsx_form_gives_the_schema_its_markup_gives_a_browser() {
        let src = r#"
export const Reserve = ({ sent }) => (
  <form toolname="reserveTable" tooldescription="Reserves a table.">
    <label htmlFor="g">Guests</label>
    <input id="g" name="guests" type="number" min="1" max={8} required />
    <select name="area"><option value="in">Inside</option><option>terrace</option></select>
    <input name="promo" required={false} />
    {sent && <p>Thanks</p>}
  </form>
);
export const Other = () => (
  <form toolname="other" tooldescription="d"><Field name="x" /></form>
);"#;
        let f = read(src, SourceType::tsx());
        assert_eq!(names(&f), ["reserveTable", "other"]);
        let s = f.tools[0].schema.as_ref().unwrap();
        assert_eq!(
            s.to_value(),
            serde_json::json!({
                "type": "object",
                "properties": {
                    "guests": {"type": "integer", "minimum": 1, "maximum": 8, "description": "Guests"},
                    "area": {"type": "string", "enum": ["in", "terrace"]},
                    "promo": {"type": "string"}
                },
                "required": ["guests"]
            })
        );
        assert_eq!(
            at(src, s.pointer("/properties/guests/maximum").unwrap().span),
            "8"
        );
        // A component may render any control: the schema is not known, the tool still is.
        assert!(f.tools[1].schema.is_none());
        assert_eq!(f.not_static.len(), 1, "{:?}", f.not_static);
        assert_eq!(at(src, f.not_static[0].span), r#"<Field name="x" />"#);
    }

    #[test]
    fn use_web_mcp_with_a_zod_shape_publishes_the_converted_schema() {
        let src = r#"
import { useWebMCP } from "@mcp-b/react-webmcp";
import { z } from "zod";
const Size = z.enum(["S", "M", "L"]).describe("Table size");
export function Tables() {
  useWebMCP({
    name: "findFoldingTable",
    description: "Finds folding tables.",
    inputSchema: {
      query: z.string().min(1).max(80).describe("What to look for"),
      seats: z.number().int().min(2).max(12).optional(),
      size: Size,
      tags: z.array(z.string()).max(3).optional(),
    },
    handler: async (args) => fetch("/api/tables/search", { method: "POST" }),
  });
}"#;
        let f = read(src, SourceType::tsx());
        assert!(f.not_static.is_empty(), "{:?}", f.not_static);
        let t = &f.tools[0];
        assert_eq!(t.origin, Origin::PageZod);
        let s = t.schema.as_ref().unwrap();
        let get = |p: &str| s.pointer(p).unwrap();
        assert_eq!(get("/type").as_str(), Some("object"));
        assert_eq!(at(src, get("/properties/query/maxLength").span), "80");
        assert_eq!(get("/properties/seats/type").as_str(), Some("integer"));
        assert_eq!(at(src, get("/properties/seats/minimum").span), "2");
        assert_eq!(at(src, get("/properties/tags/maxItems").span), "3");
        assert_eq!(get("/properties/tags/items/type").as_str(), Some("string"));
        assert_eq!(at(src, get("/properties/size/enum/2").span), "\"L\"");
        assert_eq!(
            get("/properties/size/description").as_str(),
            Some("Table size")
        );
        let required: Vec<_> = match &get("/required").kind {
            JsonKind::Array(items) => items.iter().filter_map(|i| i.as_str()).collect(),
            _ => Vec::new(),
        };
        assert_eq!(required, ["query", "size"]);
        assert!(s.get("additionalProperties").is_none());
        assert_eq!(t.requests[0].path.value, "/api/tables/search");
        assert_eq!(f.uses[0].what, "`useWebMCP` of `@mcp-b/react-webmcp`");
    }

    #[test]
    fn zod_beyond_the_common_builders_is_not_guessed() {
        let src = r#"
import { useWebMCP } from "@mcp-b/react-webmcp";
import { useMcpTool } from "webmcp-react";
import { z } from "zod";
import { useWebMCP as notTheHook } from "./local-hooks";
useWebMCP({ name: "a", description: "d", inputSchema: { q: z.string().default("x") } });
useWebMCP({ name: "b", description: "d", inputSchema: { type: "object", properties: { q: { type: "string" } } } });
useMcpTool({ name: "c", description: "d", input: z.object({ n: z.number().positive() }) });
useMcpTool({ name: "d", description: "d", input: z.object({ n: z.number().max(9) }) });
notTheHook({ name: "e", description: "d" });"#;
        let f = read(src, SourceType::tsx());
        assert_eq!(names(&f), ["a", "b", "c", "d"]);
        let schemas: Vec<_> = f.tools.iter().map(|t| t.schema.is_some()).collect();
        assert_eq!(schemas, [false, true, false, true]);
        assert_eq!(f.tools[1].origin, Origin::PageScript);
        assert_eq!(f.tools[3].origin, Origin::PageZod);
        let reasons: Vec<_> = f.not_static.iter().map(|n| n.reason.as_str()).collect();
        assert_eq!(
            reasons,
            [
                "zod's `.default(..)` here is not read",
                "zod's `.positive(..)` here is not read"
            ]
        );
        assert!(f.not_static.iter().all(|n| n.part == PagePart::InputSchema));
    }

    #[test]
    fn the_standalone_hook_takes_json_schema_and_execute() {
        let src = r#"
import { initializeWebMCPPolyfill } from "@mcp-b/webmcp-polyfill";
import { useWebMCP } from "usewebmcp";
useWebMCP({
  name: "sayHello",
  description: "Greets.",
  inputSchema: { type: "object", properties: { name: { type: "string", maxLength: 40 } } },
  execute: async () => fetch("/api/hello"),
});"#;
        let f = read(src, SourceType::tsx());
        assert!(f.not_static.is_empty(), "{:?}", f.not_static);
        assert_eq!(f.tools[0].origin, Origin::PageScript);
        let max = f.tools[0].schema.as_ref().unwrap();
        assert_eq!(
            at(src, max.pointer("/properties/name/maxLength").unwrap().span),
            "40"
        );
        assert_eq!(f.tools[0].requests[0].path.value, "/api/hello");
        assert_eq!(
            f.uses[0].what,
            "the WebMCP polyfill `@mcp-b/webmcp-polyfill`"
        );
    }

    #[test]
    fn uses_of_webmcp_without_a_readable_tool_are_recorded() {
        let f = run("import '@mcp-b/global';\nexport const ctx = () => navigator.modelContext;");
        assert!(f.tools.is_empty());
        assert_eq!(f.uses.len(), 1);
        assert_eq!(f.uses[0].what, "the WebMCP polyfill `@mcp-b/global`");
        // A client hook, a package's own helpers, a name that says WebMCP: no tool is meant.
        let f = run(
            "import { useMcpClient } from '@mcp-b/react-webmcp';\nimport preset from '@webmcp-kit/ui/tailwind.preset';\nuseMcpClient();",
        );
        assert!(f.uses.is_empty(), "{:?}", f.uses);
        let f = run("if (window.navigator.modelContext) start();");
        assert_eq!(f.uses[0].what, "`navigator.modelContext`");
        assert!(
            run("import { z } from 'zod'; const webmcpish = 1;")
                .uses
                .is_empty()
        );
        assert!(!may_declare_tools("const model = 1;"));
        assert!(may_declare_tools(
            "import { useWebMCP } from '@mcp-b/react-webmcp'"
        ));
    }

    #[test]
    fn loops_in_loops_over_long_arrays_do_not_explode() {
        let items = vec!["1"; 300].join(", ");
        let src = format!(
            "const A = [{items}]; const B = [1, 2, 3];\n\
             A.forEach((a) => A.forEach((b) => A.forEach((c) => navigator.modelContext.registerTool(c))));\n\
             B.forEach((a) => B.forEach((b) => B.forEach((c) => B.forEach((d) => navigator.modelContext.registerTool(d)))));"
        );
        let started = std::time::Instant::now();
        let f = run(&src);
        assert!(started.elapsed() < std::time::Duration::from_secs(20));
        assert!(f.tools.is_empty());
        assert!(!f.not_static.is_empty());
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

    /// The page `/site/page.ts` read with the other modules of its package.
    fn package_read(page: &str, others: &[(&str, &str)]) -> PageFacts {
        let files: Vec<(PathBuf, FileId, &str)> = others
            .iter()
            .enumerate()
            .map(|(i, (p, t))| (PathBuf::from(p), FileId(i as u32 + 1), *t))
            .collect();
        let mut package = Package::new(files);
        let config = crate::extract::json_tree::parse_jsonc(
            FileId(99),
            r#"{ "compilerOptions": { "baseUrl": "src", "paths": { "@tools/*": ["./tools/*"] } } }"#,
        )
        .unwrap();
        package.add_config(Path::new("/site"), &config);
        let mut f = extract(
            FileId(0),
            Path::new("/site/page.ts"),
            page,
            0,
            SourceType::ts(),
            &package,
        );
        f.settle();
        f
    }

    #[test]
    fn tools_imported_from_modules_of_the_package_are_read_there() {
        let others = [
            (
                "/site/src/tools/search.ts",
                "export const search = { name: 'search', description: 'd', inputSchema: { type: 'object' } };\n\
                 const hidden = { name: 'hidden', description: 'd' };\n\
                 export { hidden as renamed };\n\
                 export default function more() { return [{ name: 'more', description: 'd' }]; }",
            ),
            (
                "/site/src/tools/index.ts",
                "export { search } from './search';\nexport * from './cart.js';",
            ),
            (
                "/site/src/tools/cart.ts",
                "export const cart = { name: 'cart', description: 'd' };",
            ),
        ];
        let page = "import { search, cart } from './src/tools';\n\
                    import more, { renamed } from '@tools/search';\n\
                    const mc = document.modelContext;\n\
                    for (const t of [search, cart, renamed, ...more()]) mc.registerTool(t);";
        let f = package_read(page, &others);
        assert_eq!(
            names(&f),
            ["search", "cart", "hidden", "more"],
            "{:?}",
            f.not_static
        );
        assert!(f.not_static.is_empty(), "{:?}", f.not_static);
        // Each tool's name is spanned in the module that declares it.
        let search = f.tools.iter().find(|t| t.name.value == "search").unwrap();
        assert_eq!(search.name.span.file, FileId(1));
    }

    #[test]
    fn a_list_a_function_fills_by_push_is_each_tool_pushed_when_every_use_is_known() {
        let tool = |n: &str| format!("{{ name: '{n}', description: 'd' }}");
        let page = |fill: &str| {
            format!(
                "function all() {{ const tools = [{}]; {fill} return tools; }}\n\
                 const tools = all();\n\
                 tools.forEach((t) => document.modelContext.registerTool(t));",
                tool("a")
            )
        };
        let b = tool("b");
        let f = run(&page(&format!("if (location.hash) tools.push({b});")));
        let mut found = names(&f);
        found.sort();
        assert_eq!(found, ["a", "b"]);
        // Pushed in a loop, handed to a function, or changed another way: not known.
        for fill in [
            format!("for (const x of [1, 2]) tools.push({b});"),
            format!("tools.push({b}); decorate(tools);"),
            format!("tools.push({b}); tools.splice(0, 1);"),
            format!("tools.push({b}); tools.length = 0;"),
        ] {
            let f = run(&page(&fill));
            assert!(f.tools.is_empty(), "{fill}: {:?}", names(&f));
        }
    }

    #[test]
    fn a_parameter_defaulting_to_the_global_object_reaches_the_pages_model_context() {
        let tool = "{ name: 'a', description: 'd' }";
        for src in [
            format!(
                "function reg(env = globalThis) {{ env.document?.modelContext?.registerTool({tool}); }}\nreg();"
            ),
            format!(
                "(function (root, factory) {{ factory(root); }})(typeof globalThis !== 'undefined' ? globalThis : this, function (root) {{ function reg(env = root) {{ const mc = env.document?.modelContext; mc.registerTool({tool}); }} reg(); }});"
            ),
        ] {
            assert_eq!(names(&run(&src)), ["a"], "{src}");
        }
        // A parameter given another window, or any object, holds no model context of its own.
        let src = format!(
            "function reg(env) {{ env.document?.modelContext?.registerTool({tool}); }}\nreg(frame);"
        );
        assert!(run(&src).tools.is_empty());
    }

    #[test]
    fn what_no_module_of_the_package_declares_is_not_guessed() {
        let others = [(
            "/site/src/tools/search.ts",
            "export const search = { name: 'search', description: 'd' };",
        )];
        for page in [
            // A package's export, a module outside the package, a name the module does not
            // export, a namespace import.
            "import { search } from 'tool-kit'; document.modelContext.registerTool(search);",
            "import { search } from '../elsewhere/search'; document.modelContext.registerTool(search);",
            "import { other } from './src/tools/search'; document.modelContext.registerTool(other);",
            "import * as all from './src/tools/search'; document.modelContext.registerTool(all.search);",
        ] {
            let f = package_read(page, &others);
            assert!(
                f.tools.is_empty() && f.not_static.len() == 1,
                "{page}: {f:?}"
            );
        }
    }

    #[test]
    fn a_helper_declared_inside_a_registering_function_read_from_another_module_is_bound() {
        let others = [(
            "/site/src/hooks/useTools.ts",
            "export function useTools(app) {\n\
               const mc = document.modelContext;\n\
               function register(tool) { mc.registerTool(tool); }\n\
               function all() { register({ name: 'b', description: 'd' }); }\n\
               register({ name: 'a', description: 'd' });\n\
               all();\n\
             }",
        )];
        let page =
            "import { useTools } from './src/hooks/useTools';\nuseTools({ registerTool: 1 });";
        let f = package_read(page, &others);
        let mut found = names(&f);
        found.sort();
        assert_eq!(found, ["a", "b"]);
        assert!(f.not_static.is_empty(), "{:?}", f.not_static);
    }

    #[test]
    fn an_import_a_parameter_or_local_may_shadow_is_not_resolved() {
        let others = [(
            "/site/src/tools/search.ts",
            "export const search = { name: 'search', description: 'd' };",
        )];
        for page in [
            "import { search } from './src/tools/search';\nfunction reg(search) { document.modelContext.registerTool(search); }",
            "import { search } from './src/tools/search';\nfor (const search of []) {}\ndocument.modelContext.registerTool(search);",
        ] {
            let f = package_read(page, &others);
            assert!(f.tools.is_empty(), "{page}: {:?}", names(&f));
        }
    }

    #[test]
    fn a_method_of_the_class_and_a_function_returning_the_context_are_followed() {
        let page = "function context() { if (document.modelContext) return document.modelContext; return undefined; }\n\
                    class Desk {\n\
                      tools() { return [{ name: 'a', description: 'd' }]; }\n\
                      register() { const mc = context(); this.tools().forEach((t) => mc.registerTool(t)); }\n\
                    }";
        assert_eq!(names(&run(page)), ["a"]);
        // A subclass may override the method: `this.tools()` is not known.
        let extended = format!("{page}\nclass Other extends Desk {{ tools() {{ return []; }} }}");
        assert!(run(&extended).tools.is_empty());
    }

    #[test]
    fn a_removed_method_called_only_where_it_exists_is_not_recorded() {
        // `registerTool` first, and a signal to take tools back: the rest are fallbacks.
        let fallback = "const mc = document.modelContext;\n\
                        const c = new AbortController();\n\
                        if (typeof mc.registerTool === 'function') mc.registerTool(t, { signal: c.signal });\n\
                        else if (typeof mc.provideContext === 'function') mc.provideContext({ tools: [t] });\n\
                        mc.unregisterTool?.('a');\n\
                        if (typeof mc.clearContext === 'function') mc.clearContext();";
        assert!(apis(fallback).is_empty(), "{:?}", apis(fallback));
        // The removed method preferred, or the only way tools go away, or not guarded.
        let preferred = "const mc = document.modelContext;\n\
                         if (typeof mc.provideContext === 'function') mc.provideContext({ tools: [t] });\n\
                         else if (typeof mc.registerTool === 'function') mc.registerTool(t);\n\
                         mc.unregisterTool?.('a');\n\
                         if (typeof mc.registerTool === 'function') mc.clearContext();";
        assert_eq!(
            apis(preferred),
            [
                PageApi::ClearContext,
                PageApi::UnregisterTool,
                PageApi::ProvideContext
            ]
        );
    }

    #[test]
    fn a_constant_holding_navigator_through_a_type_assertion_owns_the_model_context() {
        // TypeScript reaches an API its DOM types lack through a constant cast to a wider
        // type; the function returning `nav.modelContext` returns the model context.
        let page = "function context() {\n\
                      const nav = navigator as Navigator & { modelContext?: { registerTool(t: object): void } };\n\
                      return nav.modelContext;\n\
                    }\n\
                    const mc = context();\n\
                    if (mc) mc.registerTool({ name: 'a', description: 'd' });";
        let f = read(page, SourceType::ts());
        assert_eq!(names(&f), ["a"]);
        assert_eq!(f.uses.len(), 1, "{:?}", f.uses);
        assert_eq!(
            f.page_api.iter().map(|u| u.api).collect::<Vec<_>>(),
            [PageApi::NavigatorModelContext]
        );
        // A `let` may hold another window's navigator by the time it is read: not the owner.
        let reassigned = page.replace("const nav", "let nav");
        assert!(read(&reassigned, SourceType::ts()).tools.is_empty());
    }

    #[test]
    fn a_var_never_reassigned_is_its_initial_value_and_loops_in_a_declared_function_bind() {
        let page = "(function () {\n\
                      function register() {\n\
                        var tools = [{ name: 'a', description: 'd' }, { name: 'b', description: 'e' }];\n\
                        tools.forEach(function (tool) { navigator.modelContext.registerTool(tool); });\n\
                      }\n\
                      register();\n\
                    })();";
        let f = run(page);
        assert_eq!(names(&f), ["a", "b"]);
        assert!(f.not_static.is_empty(), "{:?}", f.not_static);
        // Reassigned or grown in place, the list is whatever the run made it.
        for write in ["tools = extra;", "[tools] = lists;", "({ tools } = lists);"] {
            let reassigned = page.replace("tools.forEach", &format!("{write} tools.forEach"));
            let f = run(&reassigned);
            assert!(f.tools.is_empty(), "{write}");
            assert!(!f.not_static.is_empty(), "{write}");
        }
        // Grown in place by a `push` of what the page does not know: its own items, and the
        // one pushed left unknown.
        for declared in ["var tools", "const tools"] {
            let grown = page
                .replace("var tools", declared)
                .replace("tools.forEach", "tools.push(more); tools.forEach");
            let f = run(&grown);
            assert_eq!(names(&f), ["a", "b"], "{declared}");
            assert!(!f.not_static.is_empty(), "{declared}");
        }
    }

    #[test]
    fn a_bare_array_given_to_provide_context_is_read_as_its_tools() {
        let page = "navigator.modelContext.provideContext([{ name: 'a', description: 'd' }]);";
        let f = run(page);
        assert_eq!(names(&f), ["a"]);
        assert!(f.page_api.iter().any(|u| u.api == PageApi::ProvideContext));
    }

    #[test]
    fn an_emptying_provide_context_where_it_exists_repeats_the_registering_one() {
        // Registered by `provideContext` alone: one finding, at the registration, not again
        // at the teardown that empties the list where the method exists.
        let only = "const mc = document.modelContext;\n\
                    if (mc?.provideContext) {\n\
                      mc.provideContext({ tools: [t] });\n\
                      window.addEventListener('pagehide', () => mc.provideContext?.({ tools: [] }));\n\
                    }";
        let f = run(only);
        assert_eq!(f.page_api.len(), 1, "{:?}", f.page_api);
        assert_eq!(at(only, f.page_api[0].span).lines().count(), 1);
        assert!(at(only, f.page_api[0].span).contains("[t]"));
        // Called where it exists and nothing else registers: it is how the tools are given.
        let guarded = "document.modelContext?.provideContext?.({ tools: [t] });";
        assert_eq!(apis(guarded), [PageApi::ProvideContext]);
        // Where `registerTool` is missing (tested negatively), the removed method is the
        // fallback the `else` of a positive test would be.
        let fallback = "const mc = document.modelContext;\n\
                        const c = new AbortController();\n\
                        if (typeof mc.registerTool === 'function') mc.registerTool(t, { signal: c.signal });\n\
                        if (typeof mc.registerTool !== 'function') mc.provideContext?.({ tools: [] });";
        assert!(apis(fallback).is_empty(), "{:?}", apis(fallback));
    }

    #[test]
    fn a_script_driving_a_browser_is_not_a_page() {
        let driver = "import { chromium } from 'playwright';\n\
                      const page = await (await chromium.launch()).newPage();\n\
                      await page.evaluate(() => window.navigator.modelContext.executeTool('a', {}));";
        let f = run(driver);
        assert!(f.uses.is_empty() && f.page_api.is_empty(), "{f:?}");
        let page = driver.replace("'playwright'", "'./browser.js'");
        assert!(!run(&page).page_api.is_empty());
    }

    #[test]
    fn a_guarded_context_and_a_bound_register_are_the_model_context() {
        let guarded = r#"
const mc = typeof navigator !== "undefined" && navigator.modelContext
  || typeof document !== "undefined" && document.modelContext;
if (mc) mc.registerTool({ name: "a", description: "d", inputSchema: { type: "object" } });
const register = typeof mc.registerTool === "function"
  ? mc.registerTool.bind(mc)
  : typeof mc.provideContext === "function" ? mc.provideContext.bind(mc) : null;
function init() { register({ name: "b", description: "d", inputSchema: { type: "object" } }); }
init();"#;
        assert_eq!(names(&run(guarded)), ["a", "b"]);
        // What `&&` gives when its right side is something else, and a method bound to
        // another object, are not the model context.
        let other = r#"
const mc = navigator.modelContext && navigator.permissions;
mc.registerTool({ name: "a", description: "d" });
const log = console.info.bind(console);
log({ name: "b", description: "d" });
const only = document.modelContext.provideContext.bind(document.modelContext);
only({ name: "c", description: "d" });"#;
        assert!(run(other).tools.is_empty());
    }

    #[test]
    fn a_local_of_a_helper_read_at_a_call_holds_its_parameters() {
        let hook = r#"
export function useAgentTool(tool) {
  const mc = document.modelContext;
  const copy = { name: tool.name, description: tool.description, annotations: tool.annotations };
  mc.registerTool(copy);
}"#;
        // The call sits in a function whose own parameter stays unbound: the tool is known.
        let page = r#"
import { useAgentTool } from "./hook";
export function useLoans(member) {
  useAgentTool({ name: "renew", description: "Renews a loan." });
}"#;
        let f = package_read(page, &[("/site/hook.ts", hook)]);
        assert_eq!(names(&f), ["renew"]);
        // `tool.annotations` of an object without them is no annotations, not unknown.
        assert!(f.not_static.is_empty(), "{:?}", f.not_static);
    }

    #[test]
    fn a_function_of_another_module_returning_the_context_is_followed() {
        let detect = r#"
export function getModelContext() {
  const d = document.modelContext;
  if (d && typeof d.registerTool === "function") return d;
  return null;
}
export function getBridge() { return window.bridge; }"#;
        let page = r#"
import { getModelContext, getBridge } from "./detect";
const ctx = getModelContext();
ctx.registerTool({ name: "a", description: "d", inputSchema: { type: "object" } });
const bridge = getBridge();
bridge.registerTool({ name: "b", description: "d", inputSchema: { type: "object" } });"#;
        let f = package_read(page, &[("/site/detect.ts", detect)]);
        assert_eq!(names(&f), ["a"]);
    }
}
