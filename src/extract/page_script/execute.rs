//! What a page tool's `execute` does with its input: the properties it reads, the defaults it
//! gives them (`??`, `||`, a destructuring default) and the closed value sets it turns other
//! values away from (`if (!["a", "b"].includes(v)) throw ..`, a `switch` whose `default`
//! throws or returns). Bindings are oxc's semantic model: a read is a reference to the
//! input's own symbol, never a name that happens to be spelled the same. What the code does
//! with the input that is not a read by a written name (passing it on whole, a spread, a
//! computed key, `arguments`) makes the reads incomplete, so an absence is never claimed.

use crate::contract::{Check, ClosedSet, CmpOp, CodeFactKind, Others, PageCode};
use crate::source::{Span, Spanned};
use oxc_ast::AstKind;
use oxc_ast::ast::{
    ArrayExpressionElement, BinaryOperator, BindingPattern, CallExpression, Expression,
    FormalParameters, IdentifierReference, LogicalOperator, ObjectPropertyKind, Program, Statement,
    TryStatement, UnaryOperator, VariableDeclarationKind,
};
use oxc_ast_visit::{Visit, walk};
use oxc_semantic::{NodeId, Semantic, SemanticBuilder, SymbolId};
use oxc_span::GetSpan;
use oxc_syntax::scope::ScopeFlags;

/// Aliases of the input (`const a = args`) and locals of its properties are followed this
/// deep.
const MAX_DEPTH: usize = 4;

/// The semantic model of one script, built once for all its tools.
pub fn semantic<'a>(program: &'a Program<'a>) -> Semantic<'a> {
    SemanticBuilder::new()
        .with_build_nodes(true)
        .build(program)
        .semantic
}

/// The code facts of the function whose span is `function` (offsets in the script), spans
/// made file spans by `to_span`.
pub fn read(
    sem: &Semantic,
    function: oxc_span::Span,
    to_span: &dyn Fn(oxc_span::Span) -> Span,
) -> Option<PageCode> {
    let (params, kind) = sem.nodes().iter().find_map(|n| match n.kind() {
        AstKind::Function(f) if f.span == function => Some((&f.params, n.kind())),
        AstKind::ArrowFunctionExpression(f) if f.span == function => Some((&f.params, n.kind())),
        _ => None,
    })?;
    let mut swallows = Swallows {
        found: Vec::new(),
        to_span,
    };
    match kind {
        AstKind::Function(f) => swallows.visit_function(f, ScopeFlags::Function),
        AstKind::ArrowFunctionExpression(f) => swallows.visit_arrow_function_expression(f),
        _ => {}
    }
    let mut r = Reader {
        sem,
        to_span,
        checks: Vec::new(),
        complete: true,
    };
    r.parameters(params, function);
    Some(PageCode {
        function: to_span(function),
        checks: r.checks,
        complete: r.complete,
        swallows: swallows.found,
        model_context: false,
        rejects: Vec::new(),
    })
}

/// A failed `fetch` answered with an empty value: a `try` whose block fetches and whose
/// `catch` returns `[]`, `{}`, `""` or an object of empty lists, or `fetch(..)...catch(() =>
/// [])`. The agent reads that answer as "nothing found" when the retrieval could not run.
struct Swallows<'s> {
    found: Vec<Spanned<String>>,
    to_span: &'s dyn Fn(oxc_span::Span) -> Span,
}

impl<'a> Visit<'a> for Swallows<'_> {
    fn visit_try_statement(&mut self, it: &TryStatement<'a>) {
        if let Some(handler) = &it.handler
            && fetches(&it.block.body)
        {
            for s in &handler.body.body {
                if let Statement::ReturnStatement(r) = s
                    && r.argument.as_ref().is_some_and(empty)
                {
                    self.found.push(Spanned::new(
                        "`catch` returning an empty value".into(),
                        (self.to_span)(r.span),
                    ));
                }
            }
        }
        walk::walk_try_statement(self, it);
    }

    fn visit_call_expression(&mut self, it: &CallExpression<'a>) {
        if let Some(m) = it.callee.get_inner_expression().as_member_expression()
            && m.static_property_name() == Some("catch")
            && let [cb] = it.arguments.as_slice()
            && let Some(Expression::ArrowFunctionExpression(f)) =
                cb.as_expression().map(|e| e.get_inner_expression())
            && f.body.as_expression().is_some_and(empty)
            && chain_fetches(m.object())
        {
            self.found.push(Spanned::new(
                "`.catch(() => ..)` answering an empty value".into(),
                (self.to_span)(it.span),
            ));
        }
        walk::walk_call_expression(self, it);
    }
}

/// Whether the statements call `fetch` (anywhere inside them).
fn fetches(stmts: &[Statement]) -> bool {
    struct Find(bool);
    impl<'a> Visit<'a> for Find {
        fn visit_call_expression(&mut self, it: &CallExpression<'a>) {
            self.0 |= is_fetch(it);
            walk::walk_call_expression(self, it);
        }
    }
    let mut f = Find(false);
    for s in stmts {
        f.visit_statement(s);
    }
    f.0
}

fn is_fetch(c: &CallExpression) -> bool {
    matches!(c.callee.get_inner_expression(), Expression::Identifier(id) if id.name == "fetch")
}

/// `fetch(..)` with its `.then(..)`s: the promise a `.catch` is attached to.
fn chain_fetches(e: &Expression) -> bool {
    match e.get_inner_expression() {
        Expression::CallExpression(c) => {
            is_fetch(c)
                || c.callee
                    .get_inner_expression()
                    .as_member_expression()
                    .is_some_and(|m| chain_fetches(m.object()))
        }
        _ => false,
    }
}

/// `[]`, `{}`, `""`, or an object whose every member is an empty list.
fn empty(e: &Expression) -> bool {
    match e.get_inner_expression() {
        Expression::ArrayExpression(a) => a.elements.is_empty(),
        Expression::StringLiteral(s) => s.value.is_empty(),
        Expression::ObjectExpression(o) => o.properties.iter().all(|p| match p {
            ObjectPropertyKind::ObjectProperty(p) => {
                matches!(p.value.get_inner_expression(), Expression::ArrayExpression(a) if a.elements.is_empty())
            }
            ObjectPropertyKind::SpreadProperty(_) => false,
        }),
        _ => false,
    }
}

struct Reader<'s, 'a> {
    sem: &'s Semantic<'a>,
    to_span: &'s dyn Fn(oxc_span::Span) -> Span,
    checks: Vec<Check>,
    complete: bool,
}

impl<'a> Reader<'_, 'a> {
    fn push(&mut self, property: &str, kind: CodeFactKind, at: oxc_span::Span, rejects: bool) {
        self.checks.push(Check {
            property: property.to_string(),
            kind,
            span: (self.to_span)(at),
            rejects,
            via: None,
            conditional: false,
        });
    }

    fn parameters(&mut self, params: &FormalParameters<'a>, span: oxc_span::Span) {
        if params.rest.is_some() || self.reads_arguments(span) {
            self.complete = false;
        }
        if let Some(first) = params.items.first() {
            self.input_pattern(&first.pattern, 0);
        }
    }

    /// `arguments` read inside the function (a nested function's own `arguments` counts too:
    /// the model leaves both unresolved, and erring towards incomplete claims nothing).
    fn reads_arguments(&self, span: oxc_span::Span) -> bool {
        self.sem.nodes().iter().any(|n| {
            matches!(n.kind(), AstKind::IdentifierReference(id)
                if id.name == "arguments" && span.start <= id.span.start && id.span.end <= span.end)
        })
    }

    /// The pattern the input is bound to: a name whose reads are followed, or a
    /// destructuring whose properties are reads.
    fn input_pattern(&mut self, p: &BindingPattern<'a>, depth: usize) {
        match p {
            BindingPattern::BindingIdentifier(id) => match id.symbol_id.get() {
                Some(s) => self.input_symbol(s, depth),
                None => self.complete = false,
            },
            BindingPattern::ObjectPattern(o) => {
                if o.rest.is_some() {
                    self.complete = false;
                }
                for prop in &o.properties {
                    let Some(key) = (!prop.computed).then(|| prop.key.static_name()).flatten()
                    else {
                        self.complete = false;
                        continue;
                    };
                    // `({ pdf_url }) => ({ link })`: bound and never used is not read.
                    let unused = match &prop.value {
                        BindingPattern::BindingIdentifier(id) => id
                            .symbol_id
                            .get()
                            .is_some_and(|s| self.sem.symbol_references(s).next().is_none()),
                        _ => false,
                    };
                    if !unused {
                        self.push(&key, CodeFactKind::KeyRead, prop.span, false);
                    }
                    self.property_pattern(&key, &prop.value, depth);
                }
            }
            // `(args = {})`: the default stands for the whole input, not a property.
            BindingPattern::AssignmentPattern(a) => self.input_pattern(&a.left, depth),
            BindingPattern::ArrayPattern(_) => self.complete = false,
        }
    }

    /// The pattern one property's value is bound to.
    fn property_pattern(&mut self, key: &str, p: &BindingPattern<'a>, depth: usize) {
        match p {
            BindingPattern::BindingIdentifier(id) => {
                if let Some(s) = id.symbol_id.get() {
                    self.local(key, s, depth);
                }
            }
            BindingPattern::AssignmentPattern(a) => {
                self.push(
                    key,
                    CodeFactKind::Default {
                        value: literal(&a.right).map(Box::new),
                        fallback: None,
                    },
                    a.span,
                    false,
                );
                self.property_pattern(key, &a.left, depth);
            }
            _ => {}
        }
    }

    /// Each use of the input's symbol: a read of a named property, or a use that may read
    /// any of them.
    fn input_symbol(&mut self, symbol: SymbolId, depth: usize) {
        let refs: Vec<NodeId> = self
            .sem
            .symbol_references(symbol)
            .map(|r| r.node_id())
            .collect();
        for node in refs {
            let (at, parent) = self.unwrapped(node);
            let nodes = self.sem.nodes();
            let at_span = nodes.kind(at).span();
            match nodes.kind(parent) {
                AstKind::StaticMemberExpression(m) if m.object.span() == at_span => {
                    if self.called(parent) {
                        self.complete = false;
                        continue;
                    }
                    let key = m.property.name.to_string();
                    self.push(&key, CodeFactKind::KeyRead, m.span, false);
                    self.value(&key, parent, depth);
                }
                AstKind::ComputedMemberExpression(m) if m.object.span() == at_span => {
                    match m.expression.get_inner_expression() {
                        Expression::StringLiteral(s) => {
                            let key = s.value.to_string();
                            self.push(&key, CodeFactKind::KeyRead, m.span, false);
                            self.value(&key, parent, depth);
                        }
                        _ => self.complete = false,
                    }
                }
                AstKind::VariableDeclarator(d)
                    if d.init.as_ref().is_some_and(|i| i.span() == at_span)
                        && depth < MAX_DEPTH =>
                {
                    self.input_pattern(&d.id, depth + 1);
                }
                // Tests of the input itself (`typeof args`, `!args`, `if (args)`) read no
                // property.
                AstKind::UnaryExpression(u)
                    if matches!(
                        u.operator,
                        UnaryOperator::Typeof | UnaryOperator::LogicalNot
                    ) => {}
                AstKind::IfStatement(s) if s.test.span() == at_span => {}
                _ => self.complete = false,
            }
        }
    }

    /// A local holding one property's value: its uses are that property's.
    fn local(&mut self, key: &str, symbol: SymbolId, depth: usize) {
        if depth >= MAX_DEPTH {
            return;
        }
        let refs: Vec<NodeId> = self
            .sem
            .symbol_references(symbol)
            .map(|r| r.node_id())
            .collect();
        for node in refs {
            self.value(key, node, depth + 1);
        }
    }

    /// What is done with one property's value, read at `node`.
    fn value(&mut self, key: &str, node: NodeId, depth: usize) {
        let (at, parent) = self.unwrapped(node);
        let nodes = self.sem.nodes();
        let at_span = nodes.kind(at).span();
        match nodes.kind(parent) {
            AstKind::LogicalExpression(l)
                if l.left.span() == at_span
                    && matches!(l.operator, LogicalOperator::Coalesce | LogicalOperator::Or) =>
            {
                self.push(
                    key,
                    CodeFactKind::Default {
                        value: literal(&l.right).map(Box::new),
                        fallback: None,
                    },
                    l.span,
                    false,
                );
                // A given value is the expression's value: what is done with it is done to
                // the property (`Math.min(a.limit ?? 10, 50)`).
                if depth < MAX_DEPTH {
                    self.value(key, parent, depth + 1);
                }
            }
            AstKind::CallExpression(c)
                if depth < MAX_DEPTH
                    && let Some(conv) = conversion(c, at_span) =>
            {
                if conv == Conversion::Rounds {
                    self.push(key, CodeFactKind::Round, c.span, false);
                }
                self.value(key, parent, depth + 1);
            }
            AstKind::UnaryExpression(u)
                if u.operator == UnaryOperator::UnaryPlus && depth < MAX_DEPTH =>
            {
                self.value(key, parent, depth + 1);
            }
            AstKind::CallExpression(c) if let Some((lo, hi)) = self.limit_call(c, at_span) => {
                // `Math.max(lo, Math.min(v, hi))` is one clamp, in either nesting.
                let (lo, hi, outer) = match self.outer_limit(parent) {
                    Some((olo, ohi, outer)) => (lo.or(olo), hi.or(ohi), outer),
                    None => (lo, hi, parent),
                };
                let span = nodes.kind(outer).span();
                self.push(key, CodeFactKind::Clamp { lo, hi }, span, false);
                if depth < MAX_DEPTH {
                    self.value(key, outer, depth + 1);
                }
            }
            AstKind::StaticMemberExpression(m)
                if m.object.span() == at_span && m.property.name == "length" =>
            {
                self.compared(key, parent, true);
            }
            AstKind::StaticMemberExpression(m)
                if m.object.span() == at_span
                    && m.property.name == "trim"
                    && depth < MAX_DEPTH
                    && self.called(parent) =>
            {
                let call = nodes.parent_id(self.unwrapped(parent).0);
                self.value(key, call, depth + 1);
            }
            AstKind::BinaryExpression(_) => self.compared(key, at, false),
            AstKind::VariableDeclarator(d)
                if d.init.as_ref().is_some_and(|i| i.span() == at_span) =>
            {
                if let BindingPattern::BindingIdentifier(id) = &d.id
                    && let Some(s) = id.symbol_id.get()
                {
                    self.local(key, s, depth);
                }
            }
            AstKind::SwitchStatement(s) if s.discriminant.span() == at_span => {
                let mut values = Vec::new();
                let mut others_leave = false;
                for case in &s.cases {
                    match &case.test {
                        Some(Expression::StringLiteral(v)) => values.push(v.value.to_string()),
                        Some(_) => return,
                        None => others_leave = leaves(&case.consequent),
                    }
                }
                if others_leave && !values.is_empty() {
                    self.one_of(key, values, None, s.span);
                }
            }
            AstKind::CallExpression(c)
                if c.arguments.len() == 1
                    && c.arguments[0].span() == at_span
                    && let Some(m) = c.callee.get_inner_expression().as_member_expression()
                    && m.static_property_name() == Some("includes") =>
            {
                let Some((values, table)) = self.string_list(m.object()) else {
                    return;
                };
                if self.negated_rejection(parent) {
                    self.one_of(key, values, table, c.span);
                }
            }
            _ => {}
        }
    }

    /// The value (or its length) at `node` compared with a number, in a condition under
    /// which the function refuses the call (throws, or returns a value written there): a bound
    /// the code enforces.
    fn compared(&mut self, key: &str, node: NodeId, length: bool) {
        let nodes = self.sem.nodes();
        let (at, parent) = self.unwrapped(node);
        let at_span = nodes.kind(at).span();
        let AstKind::BinaryExpression(b) = nodes.kind(parent) else {
            return;
        };
        let Some(op) = cmp_op(b.operator) else {
            return;
        };
        let (op, other) = if b.left.span() == at_span {
            (op, &b.right)
        } else if b.right.span() == at_span {
            (op.flip(), &b.left)
        } else {
            return;
        };
        let Some(value) = number(self.sem, other) else {
            return;
        };
        let Some(negated) = self.refuses_when(parent) else {
            return;
        };
        let op = if negated { op.negate() } else { op };
        let kind = if length {
            CodeFactKind::Length { op, value }
        } else {
            CodeFactKind::Compare { op, value }
        };
        self.push(key, kind, b.span, true);
    }

    /// Whether the condition at `node` makes the function refuse the call: `Some(false)` when
    /// it does so whenever the condition holds, `Some(true)` whenever it fails. Followed up
    /// through `!`, and through `||` (`&&`) while the value it forces is true (false), to an
    /// `if` whose branch refuses.
    fn refuses_when(&self, node: NodeId) -> Option<bool> {
        let nodes = self.sem.nodes();
        [true, false].into_iter().find_map(|holds| {
            let mut value = holds;
            let mut at = node;
            loop {
                let (inner, parent) = self.unwrapped(at);
                let inner_span = nodes.kind(inner).span();
                match nodes.kind(parent) {
                    AstKind::LogicalExpression(l)
                        if (l.operator == LogicalOperator::Or && value)
                            || (l.operator == LogicalOperator::And && !value) => {}
                    AstKind::UnaryExpression(u) if u.operator == UnaryOperator::LogicalNot => {
                        value = !value;
                    }
                    AstKind::IfStatement(s) if s.test.span() == inner_span => {
                        return (value && refuses(std::slice::from_ref(&s.consequent)))
                            .then_some(!holds);
                    }
                    _ => return None,
                }
                at = parent;
            }
        })
    }

    /// `Math.min(v, hi)` or `Math.max(v, lo)` (either order) with the value at `at` and a
    /// number: the side it caps.
    fn limit_call(
        &self,
        c: &CallExpression<'a>,
        at: oxc_span::Span,
    ) -> Option<(Option<f64>, Option<f64>)> {
        let upper = match math_call(c)? {
            "min" => true,
            "max" => false,
            _ => return None,
        };
        let [a, b] = c.arguments.as_slice() else {
            return None;
        };
        let (a, b) = (a.as_expression()?, b.as_expression()?);
        let other = if a.span() == at {
            b
        } else if b.span() == at {
            a
        } else {
            return None;
        };
        let v = number(self.sem, other)?;
        Some(if upper {
            (None, Some(v))
        } else {
            (Some(v), None)
        })
    }

    /// The `Math.min`/`Math.max` of the other kind that a limit call at `call` is handed to,
    /// with the side it caps and its node.
    fn outer_limit(&self, call: NodeId) -> Option<(Option<f64>, Option<f64>, NodeId)> {
        let nodes = self.sem.nodes();
        let (inner, parent) = self.unwrapped(call);
        let AstKind::CallExpression(outer) = nodes.kind(parent) else {
            return None;
        };
        let AstKind::CallExpression(first) = nodes.kind(call) else {
            return None;
        };
        if math_call(outer)? == math_call(first)? {
            return None;
        }
        let (lo, hi) = self.limit_call(outer, nodes.kind(inner).span())?;
        Some((lo, hi, parent))
    }

    fn one_of(
        &mut self,
        key: &str,
        values: Vec<String>,
        table: Option<String>,
        at: oxc_span::Span,
    ) {
        self.push(
            key,
            CodeFactKind::OneOf(Box::new(ClosedSet {
                values,
                others: Others::Rejected,
                folded: false,
                table,
            })),
            at,
            true,
        );
    }

    /// `call` is the test of `if (!call) <leave>`.
    fn negated_rejection(&self, call: NodeId) -> bool {
        let nodes = self.sem.nodes();
        let (not, parent) = self.unwrapped(call);
        let AstKind::UnaryExpression(u) = nodes.kind(parent) else {
            return false;
        };
        if u.operator != UnaryOperator::LogicalNot || u.argument.span() != nodes.kind(not).span() {
            return false;
        }
        let (test, stmt) = self.unwrapped(parent);
        match nodes.kind(stmt) {
            AstKind::IfStatement(s) if s.test.span() == nodes.kind(test).span() => {
                leaves(std::slice::from_ref(&s.consequent))
            }
            _ => false,
        }
    }

    /// The strings of an array literal, written there or in a `const` of the module.
    fn string_list(&self, e: &Expression<'a>) -> Option<(Vec<String>, Option<String>)> {
        match e.get_inner_expression() {
            Expression::ArrayExpression(a) => strings(&a.elements).map(|v| (v, None)),
            Expression::Identifier(id) => match const_init(self.sem, id)? {
                Expression::ArrayExpression(a) => {
                    strings(&a.elements).map(|v| (v, Some(id.name.to_string())))
                }
                _ => None,
            },
            _ => None,
        }
    }

    /// Whether the member expression at `member` is the callee of a call (`args.has(..)`).
    fn called(&self, member: NodeId) -> bool {
        let nodes = self.sem.nodes();
        let (m, parent) = self.unwrapped(member);
        matches!(nodes.kind(parent), AstKind::CallExpression(c)
            if c.callee.span() == nodes.kind(m).span())
    }

    /// From a reference, past the wrappers that keep its value (parentheses, TypeScript's
    /// `as`, `!`, `satisfies`): the outermost wrapper, and its parent.
    fn unwrapped(&self, node: NodeId) -> (NodeId, NodeId) {
        let nodes = self.sem.nodes();
        let mut at = node;
        loop {
            let parent = nodes.parent_id(at);
            match nodes.kind(parent) {
                AstKind::ParenthesizedExpression(_)
                | AstKind::TSAsExpression(_)
                | AstKind::TSSatisfiesExpression(_)
                | AstKind::TSNonNullExpression(_)
                | AstKind::TSTypeAssertion(_) => {
                    at = parent;
                }
                _ => return (at, parent),
            }
        }
    }
}

/// What the `const` an identifier names is initialised with (`const MAX = 50;`), its
/// parentheses and type assertions removed; `None` for a `let`, a parameter or a global.
pub(super) fn const_init<'a>(
    sem: &Semantic<'a>,
    id: &IdentifierReference<'a>,
) -> Option<&'a Expression<'a>> {
    let symbol = sem.scoping().get_reference(id.reference_id()).symbol_id()?;
    let decl = sem.symbol_declaration(symbol);
    let AstKind::VariableDeclarator(d) = decl.kind() else {
        return None;
    };
    let declaration = sem.nodes().parent_kind(decl.id());
    if !matches!(declaration, AstKind::VariableDeclaration(v) if v.kind == VariableDeclarationKind::Const)
    {
        return None;
    }
    Some(d.init.as_ref()?.get_inner_expression())
}

/// A number written here, negated or not, or a `const` of the module holding one.
pub(super) fn number<'a>(sem: &Semantic<'a>, e: &Expression<'a>) -> Option<f64> {
    match e.get_inner_expression() {
        Expression::NumericLiteral(n) => Some(n.value),
        Expression::UnaryExpression(u) if u.operator == UnaryOperator::UnaryNegation => {
            match u.argument.get_inner_expression() {
                Expression::NumericLiteral(n) => Some(-n.value),
                _ => None,
            }
        }
        Expression::Identifier(id) => match const_init(sem, id)? {
            Expression::NumericLiteral(n) => Some(n.value),
            _ => None,
        },
        _ => None,
    }
}

/// A call that hands its argument on as a number or a string: `Number(v)`, `String(v)`,
/// `parseFloat(v)`; `parseInt(v)` and `Math.round(v)` (`floor`, `ceil`, `trunc`) drop the
/// fraction on the way.
#[derive(PartialEq)]
enum Conversion {
    Keeps,
    Rounds,
}

fn conversion(c: &CallExpression, arg: oxc_span::Span) -> Option<Conversion> {
    if c.arguments.first()?.span() != arg {
        return None;
    }
    if math_call(c).is_some_and(|m| ROUNDING.contains(&m)) {
        return (c.arguments.len() == 1).then_some(Conversion::Rounds);
    }
    let callee = c.callee.get_inner_expression();
    let name = match callee {
        Expression::Identifier(id) => id.name.as_str(),
        _ => {
            let m = callee.as_member_expression()?;
            match m.object().get_inner_expression() {
                Expression::Identifier(o) if o.name == "Number" => m.static_property_name()?,
                _ => return None,
            }
        }
    };
    match (name, c.arguments.len()) {
        ("parseInt", 1 | 2) => Some(Conversion::Rounds),
        ("Number" | "String" | "parseFloat", 1) => Some(Conversion::Keeps),
        _ => None,
    }
}

const ROUNDING: &[&str] = &["round", "floor", "ceil", "trunc"];

/// The method of `Math` a call makes (`Math.min(..)` is `min`).
fn math_call<'c>(c: &'c CallExpression) -> Option<&'c str> {
    let m = c.callee.get_inner_expression().as_member_expression()?;
    match m.object().get_inner_expression() {
        Expression::Identifier(o) if o.name == "Math" => m.static_property_name(),
        _ => None,
    }
}

pub(super) fn cmp_op(op: BinaryOperator) -> Option<CmpOp> {
    Some(match op {
        BinaryOperator::LessThan => CmpOp::Lt,
        BinaryOperator::LessEqualThan => CmpOp::Le,
        BinaryOperator::GreaterThan => CmpOp::Gt,
        BinaryOperator::GreaterEqualThan => CmpOp::Ge,
        BinaryOperator::StrictEquality | BinaryOperator::Equality => CmpOp::Eq,
        BinaryOperator::StrictInequality | BinaryOperator::Inequality => CmpOp::Ne,
        _ => return None,
    })
}

/// Statements that always leave the function: a `throw` or a `return`, alone or first in
/// a block.
fn leaves(stmts: &[Statement]) -> bool {
    stmts.iter().any(|s| match s {
        Statement::ThrowStatement(_) | Statement::ReturnStatement(_) => true,
        Statement::BlockStatement(b) => leaves(&b.body),
        _ => false,
    })
}

/// Statements that leave the function without doing the work another way: a `throw`, or a
/// `return` of nothing or of a value written there (an error object, a message). A return of
/// a call's value may be the work done differently (`return monthly(args)`), which says
/// nothing about what the value may be.
fn refuses(stmts: &[Statement]) -> bool {
    stmts.iter().any(|s| match s {
        Statement::ThrowStatement(_) => true,
        Statement::ReturnStatement(r) => r.argument.as_ref().is_none_or(|a| {
            !matches!(
                a.get_inner_expression(),
                Expression::CallExpression(_)
                    | Expression::AwaitExpression(_)
                    | Expression::NewExpression(_)
                    | Expression::Identifier(_)
                    | Expression::StaticMemberExpression(_)
                    | Expression::ComputedMemberExpression(_)
                    | Expression::ConditionalExpression(_)
                    | Expression::LogicalExpression(_)
            )
        }),
        Statement::BlockStatement(b) => refuses(&b.body),
        _ => false,
    })
}

fn strings(elements: &[ArrayExpressionElement]) -> Option<Vec<String>> {
    elements
        .iter()
        .map(|e| match e {
            ArrayExpressionElement::StringLiteral(s) => Some(s.value.to_string()),
            _ => None,
        })
        .collect()
}

/// A literal default as JSON; `None` when it is computed.
pub(super) fn literal(e: &Expression) -> Option<serde_json::Value> {
    use serde_json::Value;
    match e.get_inner_expression() {
        Expression::NumericLiteral(n) => serde_json::Number::from_f64(n.value).map(|v| {
            if n.value.fract() == 0.0 && n.value.abs() < 9e15 {
                Value::from(n.value as i64)
            } else {
                Value::Number(v)
            }
        }),
        Expression::StringLiteral(s) => Some(Value::String(s.value.to_string())),
        Expression::BooleanLiteral(b) => Some(Value::Bool(b.value)),
        Expression::NullLiteral(_) => Some(Value::Null),
        Expression::ArrayExpression(a) if a.elements.is_empty() => Some(Value::Array(vec![])),
        Expression::ObjectExpression(o) if o.properties.is_empty() => {
            Some(Value::Object(Default::default()))
        }
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use crate::contract::{CodeFactKind, PageCode};
    use crate::source::FileId;
    use oxc_span::SourceType;

    fn code(execute: &str) -> PageCode {
        let src = format!(
            "const SIZES = ['s', 'm'];\nlet size = 'x';\ndocument.modelContext.registerTool({{ name: 't', description: 'd', inputSchema: {{ type: 'object' }}, {execute} }});"
        );
        let facts = super::super::extract(
            FileId(0),
            std::path::Path::new("page.ts"),
            &src,
            0,
            SourceType::ts(),
            &super::super::Package::default(),
        );
        facts.tools[0].code.clone().expect("code read")
    }

    fn reads(c: &PageCode) -> Vec<&str> {
        let mut v: Vec<&str> = c
            .checks
            .iter()
            .filter(|c| c.kind == CodeFactKind::KeyRead)
            .map(|c| c.property.as_str())
            .collect();
        v.sort();
        v.dedup();
        v
    }

    fn defaults(c: &PageCode) -> Vec<(&str, Option<String>)> {
        c.checks
            .iter()
            .filter_map(|c| match &c.kind {
                CodeFactKind::Default { value, .. } => {
                    Some((c.property.as_str(), value.as_ref().map(|v| v.to_string())))
                }
                _ => None,
            })
            .collect()
    }

    fn sets(c: &PageCode) -> Vec<(&str, Vec<String>, Option<String>)> {
        c.checks
            .iter()
            .filter_map(|c| match &c.kind {
                CodeFactKind::OneOf(set) => {
                    Some((c.property.as_str(), set.values.clone(), set.table.clone()))
                }
                _ => None,
            })
            .collect()
    }

    #[test]
    fn reads_through_members_destructuring_aliases_and_casts() {
        let c = code(
            "execute: async (args: unknown) => { const a = args as { q: string }; const { limit = 10, ...more } = a; return [(args as any).q, a['page'], limit, more]; }",
        );
        assert_eq!(reads(&c), ["limit", "page", "q"]);
        assert!(!c.complete, "a rest element may read anything");
        assert_eq!(defaults(&c), [("limit", Some("10".into()))]);
        // A property destructured from the parameter and never used is not read.
        let c = code("execute: async ({ url, note }) => ({ link: 'https://x.example', note })");
        assert_eq!(reads(&c), ["note"]);
        assert!(c.complete);
    }

    #[test]
    fn an_input_passed_on_whole_leaves_the_reads_incomplete() {
        assert!(code("execute(a) { return a.q; }").complete);
        assert!(!code("execute(a) { return send(a); }").complete);
        assert!(!code("execute(a) { return { ...a }; }").complete);
        assert!(!code("execute(a) { return a[key]; }").complete);
        assert!(!code("execute() { return arguments[0].q; }").complete);
        assert!(!code("execute(a) { return a.hasOwnProperty('q'); }").complete);
        let none = code("execute: () => 1");
        assert!(none.complete && none.checks.is_empty());
        // Tests of the input itself read nothing.
        assert!(
            code("execute(a) { if (!a || typeof a !== 'object') throw 1; return a.q; }").complete
        );
    }

    #[test]
    fn defaults_by_coalescing_or_and_destructuring() {
        let c = code(
            "execute({ sort = 'new' }: any, _ctx: unknown) { const n = arguments.length; return [sort]; }",
        );
        assert_eq!(defaults(&c), [("sort", Some("\"new\"".into()))]);
        let c = code(
            "execute(a) { const q = a.q; return [q ?? '', a.n || 1, a.m && 2, a.k ?? compute()]; }",
        );
        assert_eq!(
            defaults(&c),
            [
                ("q", Some("\"\"".into())),
                ("n", Some("1".into())),
                ("k", None)
            ]
        );
    }

    #[test]
    fn closed_sets_that_turn_other_values_away() {
        let c = code(
            "execute(a) { if (!['s', 'm'].includes(a.size)) throw new Error('size'); if (!SIZES.includes(a.fit)) { return { isError: true }; } switch (a.color) { case 'red': case 'blue': break; default: return null; } return 1; }",
        );
        assert_eq!(
            sets(&c),
            [
                ("size", vec!["s".into(), "m".into()], None),
                ("fit", vec!["s".into(), "m".into()], Some("SIZES".into())),
                ("color", vec!["red".into(), "blue".into()], None),
            ]
        );
        // A branch that goes on, a list that may change, and a switch that falls through
        // reject nothing.
        let c = code(
            "execute(a) { if (!['s'].includes(a.size)) log('odd'); if (!size.includes(a.fit)) throw 1; switch (a.color) { case 'red': break; default: } if (['x'].includes(a.k)) throw 1; return 1; }",
        );
        assert!(sets(&c).is_empty(), "{:?}", sets(&c));
    }

    fn bounds(c: &PageCode) -> Vec<String> {
        c.checks
            .iter()
            .filter_map(|c| match &c.kind {
                CodeFactKind::Compare { op, value } => {
                    Some(format!("{} {op:?} {value} {}", c.property, c.rejects))
                }
                CodeFactKind::Length { op, value } => Some(format!(
                    "{}.length {op:?} {value} {}",
                    c.property, c.rejects
                )),
                CodeFactKind::Clamp { lo, hi } => {
                    Some(format!("{} clamp {lo:?} {hi:?}", c.property))
                }
                CodeFactKind::Round => Some(format!("{} round", c.property)),
                _ => None,
            })
            .collect()
    }

    #[test]
    fn comparisons_that_leave_are_bounds() {
        let c = code(
            "execute(a) { const n = Number(a.n); if (n < 1 || 12 < n) throw new Error('n'); if (!(a.m >= 0 && a.m <= 5)) return { isError: true }; if ((a.q ?? '').length > 80) throw 1; return 1; }",
        );
        assert_eq!(
            bounds(&c),
            [
                "n Lt 1 true",
                "n Gt 12 true",
                "m Lt 0 true",
                "m Gt 5 true",
                "q.length Gt 80 true"
            ]
        );
        // A branch that goes on, a condition that needs another to hold too, a value
        // compared with something unknown, and a branch that answers with another call's
        // value bound nothing.
        let c = code(
            "execute(a) { if (a.n > 8) log('big'); if (a.n > 8 && a.vip) throw 1; if (a.n > limit) throw 1; if (a.n > 30) { return monthly(a.n); } return 1; }",
        );
        assert!(bounds(&c).is_empty(), "{:?}", bounds(&c));
    }

    #[test]
    fn conversions_carry_defaults_clamps_and_rounding() {
        let c = code(
            "execute(a) { const k = Math.min(Number(a.k) || 7, 14); const p = Math.max(1, Math.min(a.p ?? 1, 50)); return [k, p, parseInt(a.s) || 2, Math.round(a.r), Math.round(a.r * 2)]; }",
        );
        assert_eq!(
            defaults(&c),
            [
                ("k", Some("7".into())),
                ("p", Some("1".into())),
                ("s", Some("2".into()))
            ]
        );
        assert_eq!(
            bounds(&c),
            [
                "k clamp None Some(14.0)",
                "p clamp Some(1.0) Some(50.0)",
                "s round",
                "r round"
            ]
        );
    }
}
