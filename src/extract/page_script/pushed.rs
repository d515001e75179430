//! Arrays a function fills in place (`const tools = []; if (..) tools.push(makeTool()); return
//! tools`): the list a page registers is then its initial items and every value pushed, each
//! one that may be there. That holds only when every use of the array is known: pushes written
//! in the declaring function's own body outside any loop, and reads that neither change it nor
//! hand it to code that could. Anything else leaves the array unknown, and it is not read.

use super::Module;
use super::values::{Hole, HoleKind, Located, Value};
use oxc_ast::AstKind;
use oxc_ast::ast::BindingPattern;
use oxc_ast::ast::{Argument, Expression, IdentifierReference, VariableDeclarationKind};
use oxc_semantic::{Semantic, SymbolId};
use oxc_span::{GetSpan, Span};

/// Methods that read an array and leave it as it is.
const READS: &[&str] = &[
    "at",
    "concat",
    "entries",
    "every",
    "filter",
    "find",
    "findIndex",
    "findLast",
    "flat",
    "flatMap",
    "forEach",
    "includes",
    "indexOf",
    "join",
    "keys",
    "length",
    "map",
    "reduce",
    "slice",
    "some",
    "values",
];

/// What pushing into a local array wrote: the initialiser, then each pushed argument (whether
/// it is spread) in the order written.
struct Filled {
    init: Span,
    pushed: Vec<(Span, bool)>,
}

impl Module<'_, '_> {
    /// The items of the local array `id` names when a function fills it by `push`; `None`
    /// when `id` names no array that is pushed into (it is then read as any other name).
    pub fn pushed_items(
        &self,
        id: &IdentifierReference,
        depth: usize,
    ) -> Option<Result<Vec<Result<Located, Hole>>, String>> {
        let unit = self.unit.get();
        let filled = self.with_model(unit, |m| {
            let symbol = m
                .sem
                .scoping()
                .get_reference(id.reference_id.get()?)
                .symbol_id()?;
            filled(&m.sem, symbol)
        })?;
        let filled = match filled {
            Ok(f) => f,
            Err(reason) => return Some(Err(format!("`{}` {reason}", id.name))),
        };
        let env = self.current();
        let at = |span| Located {
            unit,
            span,
            env: env.clone(),
        };
        let mut items = match self.read(&at(filled.init), |v| self.elements(v, depth + 1)) {
            Some(Ok(items)) => items,
            Some(Err(reason)) => return Some(Err(reason)),
            None => return Some(Err("not a value".into())),
        };
        for (span, spread) in filled.pushed {
            if !spread {
                items.push(Ok(at(span)));
                continue;
            }
            match self.read(&at(span), |v| self.elements(v, depth + 1)) {
                Some(Ok(more)) => items.extend(more),
                Some(Err(reason)) => items.push(Err(Hole {
                    unit,
                    kind: HoleKind::Spread,
                    span,
                    reason,
                })),
                None => {}
            }
        }
        Some(Ok(items))
    }

    /// A list named by a name the module declares more than once (`const tools = []` in one
    /// function, `const tools = getTools()` in another), read at `at`: the declaration the read
    /// resolves to,
    /// when it is a constant (or never reassigned) and not changed in place, or a function.
    /// `None` when the name is declared at most once (read by name as usual).
    pub fn declared_once_here(&self, name: &str, at: Span) -> Option<Result<Value, String>> {
        use oxc_ast::AstKind;
        let unit = self.unit.get();
        let data = self.unit_data(unit);
        if data.bindings.by_name.get(name).is_none_or(|b| b.len() < 2)
            || data.bindings.imports.contains_key(name)
        {
            return None;
        }
        let found = self.with_model(unit, |m| {
            let scoping = m.sem.scoping();
            let symbol = (*m.refs.get(&at)?)?;
            let decl = m.sem.symbol_declaration(symbol);
            Some(match decl.kind() {
                AstKind::Function(f) => Ok(Value::Function { unit, span: f.span }),
                AstKind::VariableDeclarator(d) => {
                    let constant = matches!(m.sem.nodes().parent_kind(decl.id()),
                        AstKind::VariableDeclaration(v)
                            if v.kind == oxc_ast::ast::VariableDeclarationKind::Const)
                        || !scoping.symbol_is_mutated(symbol);
                    match (&d.id, &d.init) {
                        (BindingPattern::BindingIdentifier(_), Some(init))
                            if constant && !changed_in_place(&m.sem, symbol) =>
                        {
                            Ok(Value::At(Located {
                                unit,
                                span: init.span(),
                                env: self.current().inside(unit, init.span()),
                            }))
                        }
                        _ => Err(format!(
                            "`{name}` is reassigned, changed in place or destructured"
                        )),
                    }
                }
                _ => Err(format!("`{name}` is not a constant of this module")),
            })
        })?;
        Some(found)
    }

    /// Whether the name `id` reads is an array filled in place by `push`: its items by index
    /// depend on which pushes ran, so only the whole list is known.
    pub fn filled_in_place(&self, e: &Expression) -> bool {
        let Expression::Identifier(id) = e.get_inner_expression() else {
            return false;
        };
        self.with_model(self.unit.get(), |m| {
            let scoping = m.sem.scoping();
            id.reference_id
                .get()
                .and_then(|r| scoping.get_reference(r).symbol_id())
                .is_some_and(|s| changed_in_place(&m.sem, s))
        })
    }
}

/// Whether some use of `symbol` changes the array it holds (`xs.push(..)`, `xs.length = 0`,
/// `xs[i] = ..`).
pub fn changed_in_place(sem: &Semantic, symbol: SymbolId) -> bool {
    let scoping = sem.scoping();
    scoping.get_resolved_reference_ids(symbol).iter().any(|r| {
        matches!(
            use_of(sem, scoping.get_reference(*r).node_id()),
            Use::Push(..) | Use::Changes(_)
        )
    })
}

/// How one reference to an array uses it.
enum Use<'a> {
    /// `xs.push(a, b)`: the call.
    Push(oxc_semantic::NodeId, &'a oxc_ast::ast::CallExpression<'a>),
    /// Read without changing it or handing it on.
    Read,
    /// Changed another way: how.
    Changes(String),
    /// Handed to code that may change it: where.
    Escapes(&'static str),
}

fn use_of<'a>(sem: &Semantic<'a>, node: oxc_semantic::NodeId) -> Use<'a> {
    let nodes = sem.nodes();
    let parent = nodes.parent_node(node);
    match parent.kind() {
        AstKind::StaticMemberExpression(m) => {
            let method = m.property.name.as_str();
            let call = match nodes.parent_kind(parent.id()) {
                AstKind::CallExpression(c) if c.callee.span() == m.span => Some(c),
                _ => None,
            };
            match call {
                Some(c) if method == "push" => Use::Push(nodes.parent_id(parent.id()), c),
                Some(_) if READS.contains(&method) => Use::Read,
                Some(_) => Use::Changes(format!("is changed in place by `.{method}(..)`")),
                None if written(sem, parent.id()) => {
                    Use::Changes(format!("has `.{method}` written"))
                }
                None if READS.contains(&method) => Use::Read,
                None => Use::Escapes("a member read off it"),
            }
        }
        AstKind::ComputedMemberExpression(_) if written(sem, parent.id()) => {
            Use::Changes("is written by index".into())
        }
        AstKind::ComputedMemberExpression(_)
        | AstKind::ReturnStatement(_)
        | AstKind::SpreadElement(_)
        | AstKind::ParenthesizedExpression(_)
        | AstKind::ConditionalExpression(_)
        | AstKind::LogicalExpression(_)
        | AstKind::AwaitExpression(_)
        | AstKind::IfStatement(_) => Use::Read,
        AstKind::ArrowFunctionExpression(_) => Use::Read,
        AstKind::CallExpression(_) | AstKind::NewExpression(_) => {
            Use::Escapes("handed to a function")
        }
        _ => Use::Escapes("bound or stored elsewhere"),
    }
}

/// Whether the member expression at `node` is written (`xs.length = 0`, `xs[i]++`).
fn written(sem: &Semantic, node: oxc_semantic::NodeId) -> bool {
    let span = sem.nodes().kind(node).span();
    sem.nodes().ancestor_kinds(node).take(3).any(|k| match k {
        AstKind::AssignmentExpression(a) => a.left.span().contains_inclusive(span),
        AstKind::UpdateExpression(_) => true,
        _ => false,
    })
}

/// The initialiser and the pushes of the local array `symbol` holds, or why they are not all
/// known; `None` when it is no array literal that is pushed into.
fn filled(sem: &Semantic, symbol: SymbolId) -> Option<Result<Filled, String>> {
    let scoping = sem.scoping();
    let nodes = sem.nodes();
    let decl = sem.symbol_declaration(symbol);
    let AstKind::VariableDeclarator(d) = decl.kind() else {
        return None;
    };
    let Some(Expression::ArrayExpression(init)) = d.init.as_ref().map(|e| e.get_inner_expression())
    else {
        return None;
    };
    let constant = matches!(nodes.parent_kind(decl.id()),
        AstKind::VariableDeclaration(v) if v.kind == VariableDeclarationKind::Const)
        || !scoping.symbol_is_mutated(symbol);
    // The function whose body declares the array: pushes elsewhere run who knows how often.
    let home = enclosing_function(sem, decl.id());
    let mut pushed = Vec::new();
    let mut problem = None;
    for r in scoping.get_resolved_reference_ids(symbol) {
        let node = scoping.get_reference(*r).node_id();
        match use_of(sem, node) {
            Use::Push(call_node, call) => {
                if enclosing_loop_or_function(sem, call_node) != home {
                    problem.get_or_insert_with(|| {
                        "is pushed into in a loop or a nested function".to_string()
                    });
                }
                for a in &call.arguments {
                    match a {
                        Argument::SpreadElement(s) => pushed.push((s.argument.span(), true)),
                        a => pushed.push((a.span(), false)),
                    }
                }
            }
            Use::Read => {}
            Use::Changes(how) => {
                problem.get_or_insert(how);
            }
            Use::Escapes(how) => {
                problem.get_or_insert_with(|| format!("is {how}, which may change it"));
            }
        }
    }
    if pushed.is_empty() {
        return None;
    }
    if !constant {
        problem.get_or_insert_with(|| "is a `let`/`var` that is reassigned".into());
    }
    pushed.sort_by_key(|(s, _)| s.start);
    Some(match problem {
        Some(p) => Err(p),
        None => Ok(Filled {
            init: init.span,
            pushed,
        }),
    })
}

/// The innermost function (or the program) around `node`.
fn enclosing_function(sem: &Semantic, node: oxc_semantic::NodeId) -> Option<oxc_semantic::NodeId> {
    sem.nodes()
        .ancestors(node)
        .find(|n| {
            matches!(
                n.kind(),
                AstKind::Function(_) | AstKind::ArrowFunctionExpression(_) | AstKind::Program(_)
            )
        })
        .map(|n| n.id())
}

/// The innermost function, program or loop around `node`: a push is known to run at most once
/// per call only when this is the array's own function.
fn enclosing_loop_or_function(
    sem: &Semantic,
    node: oxc_semantic::NodeId,
) -> Option<oxc_semantic::NodeId> {
    sem.nodes()
        .ancestors(node)
        .find(|n| {
            matches!(
                n.kind(),
                AstKind::Function(_)
                    | AstKind::ArrowFunctionExpression(_)
                    | AstKind::Program(_)
                    | AstKind::ForStatement(_)
                    | AstKind::ForInStatement(_)
                    | AstKind::ForOfStatement(_)
                    | AstKind::WhileStatement(_)
                    | AstKind::DoWhileStatement(_)
            )
        })
        .map(|n| n.id())
}
