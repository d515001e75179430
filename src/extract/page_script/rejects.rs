//! Where a page tool's `execute` turns a call away by throwing (or by returning
//! `Promise.reject(..)`). WebMCP's execute steps keep nothing of a rejection's reason: the
//! caller sees a bare failure. Only failures the input decides are kept, the ones an agent
//! could act on: the throw sits under a test that reads the input (a property, or a local
//! computed from it without awaiting anything, so not a server's answer), makes its error
//! there (`new Error(..)`, a string), and is outside any `try` that could catch it and any
//! `catch` that may be passing on an error it did not make. A function the callback calls
//! with the input is read the same way, one call deep, resolved by symbol. What the input must
//! be to get there is read as a formula (the tests around the throw and the earlier ones that
//! left the function), and whether the test reads a value the page does not resolve is kept
//! ([`provenance`]).

use super::condition;
use super::provenance::{Imported, Sources};
use crate::contract::{Condition, Rejection};
use crate::source::Span;
use oxc_allocator::Vec as ArenaVec;
use oxc_ast::AstKind;
use oxc_ast::ast::{
    Argument, ArrowFunctionBody, ArrowFunctionExpression, BindingPattern, CallExpression,
    Expression, FormalParameters, Function, FunctionBody, IdentifierReference, IfStatement,
    ReturnStatement, Statement, SwitchStatement, ThrowStatement, TryStatement,
    VariableDeclarationKind,
};
use oxc_ast_visit::{Visit, walk};
use oxc_semantic::{Semantic, SymbolId};
use oxc_span::GetSpan;
use oxc_syntax::scope::ScopeFlags;
use std::collections::{HashMap, HashSet};

/// Locals computed from locals of the input are followed this many steps.
const MAX_DEPTH: usize = 4;

/// The rejections the input decides in the function whose span is `function`.
pub fn read(
    sem: &Semantic,
    function: oxc_span::Span,
    to_span: &dyn Fn(oxc_span::Span) -> Span,
    imported: Imported,
) -> Vec<Rejection> {
    let Some((params, body, _)) = function_at(sem, function) else {
        return Vec::new();
    };
    let first = params.items.first().map(|p| &p.pattern);
    let input: HashSet<SymbolId> = first.map(bindings).unwrap_or_default();
    // The input is what the caller decided; the callback's other parameters (the agent's
    // client) are what only the run knows.
    let mut resolved: HashMap<SymbolId, bool> = params
        .items
        .iter()
        .skip(1)
        .flat_map(|p| bindings(&p.pattern))
        .map(|s| (s, false))
        .collect();
    resolved.extend(input.iter().map(|s| (*s, true)));
    let mut found = Vec::new();
    let callback = Walk {
        function,
        tests: Vec::new(),
        guards: Vec::new(),
        via: None,
        input: first,
        given: HashMap::new(),
        resolved,
        imported,
    };
    scan(sem, callback, body, input, &mut found);
    found
        .into_iter()
        .map(|f| Rejection {
            span: to_span(f.span),
            message: f.message,
            test: to_span(f.test),
            via: f.via.map(to_span),
            when: f.when,
            unresolved: f.unresolved.map(to_span),
        })
        .collect()
}

struct Found {
    span: oxc_span::Span,
    message: Option<String>,
    test: oxc_span::Span,
    via: Option<oxc_span::Span>,
    when: Condition,
    unresolved: Option<oxc_span::Span>,
}

/// A test around the walk: whether it reads the input, what it says of the input on the
/// side the walk is on, and a value it reads that the page does not resolve.
#[derive(Clone)]
struct Test {
    span: oxc_span::Span,
    reads: bool,
    when: Condition,
    unresolved: Option<oxc_span::Span>,
}

/// Where one function's body is read from: the function, the tests around the call that
/// reached it and the earlier tests that left the function without it, that call, the
/// callback's input, the callback's arguments filling this function's parameters, and
/// whether the page resolves what fills each parameter.
struct Walk<'f, 'a> {
    function: oxc_span::Span,
    tests: Vec<Test>,
    guards: Vec<Condition>,
    via: Option<oxc_span::Span>,
    input: Option<&'a BindingPattern<'a>>,
    given: HashMap<SymbolId, &'a Expression<'a>>,
    resolved: HashMap<SymbolId, bool>,
    imported: Imported<'f>,
}

/// A function's body: statements, or an arrow's expression.
#[derive(Clone, Copy)]
enum Body<'a> {
    Block(&'a FunctionBody<'a>),
    Expr(&'a Expression<'a>),
}

/// The parameters, body and `async` of the function (declaration, expression or arrow) at
/// `span`.
fn function_at<'a>(
    sem: &Semantic<'a>,
    span: oxc_span::Span,
) -> Option<(&'a FormalParameters<'a>, Body<'a>, bool)> {
    sem.nodes().iter().find_map(|n| match n.kind() {
        AstKind::Function(f) if f.span == span => {
            Some((&*f.params, Body::Block(f.body.as_deref()?), f.r#async))
        }
        AstKind::ArrowFunctionExpression(f) if f.span == span => {
            let body = match &f.body {
                ArrowFunctionBody::FunctionBody(b) => Body::Block(b),
                e => Body::Expr(e.as_expression()?),
            };
            Some((&*f.params, body, f.r#async))
        }
        _ => None,
    })
}

/// Read one function's body: `input` are the symbols holding what the caller decided.
fn scan<'s, 'a>(
    sem: &'s Semantic<'a>,
    walk: Walk<'s, 'a>,
    body: Body<'a>,
    input: HashSet<SymbolId>,
    found: &mut Vec<Found>,
) {
    if input.is_empty() && !walk.tests.iter().any(|t| t.reads) {
        return;
    }
    let taint = tainted(sem, walk.function, input);
    let conditions = walk.input.map(|input| condition::Reader {
        sem,
        input,
        given: walk.given,
        imported: walk.imported,
    });
    let mut s = Scan {
        sem,
        function: walk.function,
        taint: &taint,
        tests: walk.tests,
        guards: walk.guards,
        in_try: 0,
        in_catch: 0,
        via: walk.via,
        input: walk.input,
        conditions,
        resolved: walk.resolved,
        imported: walk.imported,
        found,
    };
    match body {
        Body::Block(b) => s.visit_function_body(b),
        Body::Expr(e) => s.visit_expression(e),
    }
}

/// The input's symbols and the locals computed from them (`const product = items.find(p =>
/// p.id === id)`, `for (const line of lines)`), unless the input went through something
/// awaited or fetched on the way ([`waits_on`]).
fn tainted(
    sem: &Semantic,
    function: oxc_span::Span,
    input: HashSet<SymbolId>,
) -> HashSet<SymbolId> {
    let mut taint = input;
    for _ in 0..MAX_DEPTH {
        let before = taint.len();
        for n in sem.nodes().iter() {
            let span = n.kind().span();
            if !(function.start <= span.start && span.end <= function.end) {
                continue;
            }
            let (pattern, from) = match n.kind() {
                AstKind::VariableDeclarator(d) => match &d.init {
                    Some(init) => (&d.id, init),
                    None => continue,
                },
                AstKind::ForOfStatement(f) => match &f.left {
                    oxc_ast::ast::ForStatementLeft::VariableDeclaration(v) => {
                        for d in &v.declarations {
                            if refers(sem, &f.right, &taint) && !waits_on(sem, &f.right, &taint) {
                                taint.extend(bindings(&d.id));
                            }
                        }
                        continue;
                    }
                    _ => continue,
                },
                _ => continue,
            };
            if refers(sem, from, &taint) && !waits_on(sem, from, &taint) {
                taint.extend(bindings(pattern));
            }
        }
        if taint.len() == before {
            break;
        }
    }
    taint
}

/// Every name a binding pattern binds.
fn bindings(p: &BindingPattern) -> HashSet<SymbolId> {
    let mut out = HashSet::new();
    let mut stack = vec![p];
    while let Some(p) = stack.pop() {
        match p {
            BindingPattern::BindingIdentifier(id) => out.extend(id.symbol_id.get()),
            BindingPattern::ObjectPattern(o) => {
                stack.extend(o.properties.iter().map(|p| &p.value));
                stack.extend(o.rest.as_ref().map(|r| &r.argument));
            }
            BindingPattern::ArrayPattern(a) => {
                stack.extend(a.elements.iter().flatten());
                stack.extend(a.rest.as_ref().map(|r| &r.argument));
            }
            BindingPattern::AssignmentPattern(a) => stack.push(&a.left),
        }
    }
    out
}

/// The symbol a name refers to, if it is declared (not a global).
fn symbol_of(sem: &Semantic, id: &IdentifierReference) -> Option<SymbolId> {
    sem.scoping()
        .get_reference(id.reference_id.get()?)
        .symbol_id()
}

/// Whether the expression reads one of `symbols` (inside callbacks too: `items.find(p =>
/// p.id === id)` reads `id`).
fn refers(sem: &Semantic, e: &Expression, symbols: &HashSet<SymbolId>) -> bool {
    struct Find<'s, 'a> {
        sem: &'s Semantic<'a>,
        symbols: &'s HashSet<SymbolId>,
        hit: bool,
    }
    impl<'a> Visit<'a> for Find<'_, 'a> {
        fn visit_identifier_reference(&mut self, it: &IdentifierReference<'a>) {
            self.hit |= symbol_of(self.sem, it).is_some_and(|s| self.symbols.contains(&s));
        }
    }
    let mut f = Find {
        sem,
        symbols,
        hit: false,
    };
    f.visit_expression(e);
    f.hit
}

/// Whether the expression hands the input to something it waits for (`await
/// lookup(id)`, `fetch(`/api/${id}`)`, `send(id).then(..)`): what comes back is the other
/// side's answer, not the input's. Waiting for something else first (`(await
/// loadAll()).find(u => u.id === id)`) leaves the lookup the input's.
fn waits_on(sem: &Semantic, e: &Expression, taint: &HashSet<SymbolId>) -> bool {
    struct Find<'s, 'a> {
        sem: &'s Semantic<'a>,
        taint: &'s HashSet<SymbolId>,
        hit: bool,
    }
    impl<'a> Visit<'a> for Find<'_, 'a> {
        fn visit_await_expression(&mut self, it: &oxc_ast::ast::AwaitExpression<'a>) {
            self.hit |= refers(self.sem, &it.argument, self.taint);
            walk::walk_await_expression(self, it);
        }
        fn visit_call_expression(&mut self, it: &CallExpression<'a>) {
            let hands_on = match it.callee.get_inner_expression() {
                Expression::Identifier(id) if id.name == "fetch" => it.arguments.iter().any(|a| {
                    a.as_expression()
                        .is_some_and(|e| refers(self.sem, e, self.taint))
                }),
                e => e.as_member_expression().is_some_and(|m| {
                    m.static_property_name() == Some("then")
                        && refers(self.sem, m.object(), self.taint)
                }),
            };
            self.hit |= hands_on;
            walk::walk_call_expression(self, it);
        }
    }
    let mut f = Find {
        sem,
        taint,
        hit: false,
    };
    f.visit_expression(e);
    f.hit
}

/// An error made where it is thrown, and the text it says: `new Error("..")` (any class), a
/// string or a template. A name (`throw err`) may hold an error made anywhere.
fn made_here(e: &Expression) -> Option<Option<String>> {
    match e.get_inner_expression() {
        Expression::NewExpression(n) => {
            Some(n.arguments.first().and_then(|a| text(a.as_expression()?)))
        }
        e @ (Expression::StringLiteral(_) | Expression::TemplateLiteral(_)) => Some(text(e)),
        _ => None,
    }
}

/// A string or template written here, its holes shown as `…`.
fn text(e: &Expression) -> Option<String> {
    match e.get_inner_expression() {
        Expression::StringLiteral(s) => Some(s.value.to_string()),
        Expression::TemplateLiteral(t) => {
            let mut out = String::new();
            for (i, q) in t.quasis.iter().enumerate() {
                if i > 0 {
                    out.push('…');
                }
                out.push_str(q.value.cooked.as_deref().unwrap_or(&q.value.raw));
            }
            Some(out)
        }
        _ => None,
    }
}

struct Scan<'s, 'a> {
    sem: &'s Semantic<'a>,
    function: oxc_span::Span,
    taint: &'s HashSet<SymbolId>,
    /// The tests around the walk, innermost last: a throw is the input's doing when the test
    /// it answers reads the input.
    tests: Vec<Test>,
    /// What earlier tests that left the function say of the input where the walk is.
    guards: Vec<Condition>,
    /// `try` blocks with a `catch` around the walk: a throw there may be caught.
    in_try: usize,
    /// `catch` clauses around the walk: a throw there may pass on an error made elsewhere.
    in_catch: usize,
    via: Option<oxc_span::Span>,
    input: Option<&'a BindingPattern<'a>>,
    conditions: Option<condition::Reader<'s, 'a>>,
    resolved: HashMap<SymbolId, bool>,
    imported: Imported<'s>,
    found: &'s mut Vec<Found>,
}

impl<'a> Scan<'_, 'a> {
    fn escapes(&self) -> bool {
        self.in_try == 0 && self.in_catch == 0
    }

    fn sources(&self) -> Sources<'_, 'a> {
        Sources {
            sem: self.sem,
            params: &self.resolved,
            imported: self.imported,
        }
    }

    /// What `test` says of the input, when this walk reads its tests and it reads the input.
    fn condition(&self, test: &Expression<'a>, reads: bool) -> Condition {
        match &self.conditions {
            Some(c) if reads => c.read(test),
            _ => Condition::Unknown,
        }
    }

    fn reject(&mut self, span: oxc_span::Span, thrown: &Expression) {
        if !self.escapes() {
            return;
        }
        let (Some(message), Some(test)) = (made_here(thrown), self.tests.last()) else {
            return;
        };
        if !test.reads {
            return;
        }
        // Every test on the way must hold: the ones around it and the earlier exits not taken.
        let mut on_the_way = self.guards.clone();
        on_the_way.extend(
            self.tests
                .iter()
                .filter(|t| t.reads)
                .map(|t| t.when.clone()),
        );
        let when = match <[Condition; 1]>::try_from(on_the_way) {
            Ok([one]) => one,
            Err(all) => Condition::All(all),
        };
        self.found.push(Found {
            span,
            message,
            test: test.span,
            via: self.via,
            when,
            unresolved: test.unresolved,
        });
    }

    /// A call of a function of this script given the input, whose rejection is the
    /// callback's: a plain function's throw, or an `async` one's awaited or returned.
    fn callee(&mut self, call: &CallExpression) {
        let Expression::Identifier(id) = call.callee.get_inner_expression() else {
            return;
        };
        let Some(span) = self.local_function(id) else {
            return;
        };
        let Some((params, body, is_async)) = function_at(self.sem, span) else {
            return;
        };
        if span == self.function || (is_async && !self.settles_with(call.span)) {
            return;
        }
        // The call as the program holds it, so that its arguments outlive this walk.
        let Some(call) = self.sem.nodes().iter().find_map(|n| match n.kind() {
            AstKind::CallExpression(c) if c.span == call.span => Some(c),
            _ => None,
        }) else {
            return;
        };
        let mut input = HashSet::new();
        let mut given = HashMap::new();
        let mut resolved = HashMap::new();
        for (i, param) in params.items.iter().enumerate() {
            let names = bindings(&param.pattern);
            let known = match call.arguments.get(i) {
                Some(Argument::SpreadElement(_)) => return,
                Some(a) => {
                    let Some(e) = a.as_expression() else { return };
                    if refers(self.sem, e, self.taint) {
                        input.extend(names.iter().copied());
                    }
                    if let BindingPattern::BindingIdentifier(b) = &param.pattern
                        && let Some(symbol) = b.symbol_id.get()
                    {
                        given.insert(symbol, e);
                    }
                    self.sources().unresolved(e.span()).is_none()
                }
                // Absent: `undefined`, or the default written in the parameter.
                None => match &param.pattern {
                    BindingPattern::AssignmentPattern(a) => {
                        self.sources().unresolved(a.right.span()).is_none()
                    }
                    _ => true,
                },
            };
            resolved.extend(names.into_iter().map(|s| (s, known)));
        }
        let walk = Walk {
            function: span,
            tests: self.tests.clone(),
            guards: self.guards.clone(),
            via: Some(call.span),
            input: self.input,
            given,
            resolved,
            imported: self.imported,
        };
        scan(self.sem, walk, body, input, self.found);
    }

    /// The function a name holds when it is declared in this script: a declaration, or a
    /// `const` holding a function written there.
    fn local_function(&self, id: &IdentifierReference) -> Option<oxc_span::Span> {
        let symbol = symbol_of(self.sem, id)?;
        let decl = self.sem.symbol_declaration(symbol);
        match decl.kind() {
            AstKind::Function(f) => Some(f.span),
            AstKind::VariableDeclarator(d) => {
                let constant = matches!(self.sem.nodes().parent_kind(decl.id()),
                    AstKind::VariableDeclaration(v) if v.kind == VariableDeclarationKind::Const);
                match d.init.as_ref()?.get_inner_expression() {
                    Expression::ArrowFunctionExpression(f) if constant => Some(f.span),
                    Expression::FunctionExpression(f) if constant => Some(f.span),
                    _ => None,
                }
            }
            _ => None,
        }
    }

    /// Whether the call's promise is the callback's own: awaited, or returned (an arrow's
    /// expression body included).
    fn settles_with(&self, call: oxc_span::Span) -> bool {
        let Some(node) = self
            .sem
            .nodes()
            .iter()
            .find(|n| matches!(n.kind(), AstKind::CallExpression(c) if c.span == call))
        else {
            return false;
        };
        let mut id = node.id();
        loop {
            let parent = self.sem.nodes().parent_node(id);
            match parent.kind() {
                AstKind::ParenthesizedExpression(_) => id = parent.id(),
                // An arrow's expression body is what it returns.
                AstKind::AwaitExpression(_)
                | AstKind::ReturnStatement(_)
                | AstKind::ArrowFunctionExpression(_) => return true,
                _ => return false,
            }
        }
    }
}

impl<'a> Visit<'a> for Scan<'_, 'a> {
    // Another function's throws are its own: a callback's settle a promise the callback may
    // never return.
    fn visit_function(&mut self, _: &Function<'a>, _: ScopeFlags) {}
    fn visit_arrow_function_expression(&mut self, _: &ArrowFunctionExpression<'a>) {}

    // An `if` whose branch leaves the function holds no more after it.
    fn visit_statements(&mut self, it: &ArenaVec<'a, Statement<'a>>) {
        let mark = self.guards.len();
        for s in it {
            self.visit_statement(s);
            if let Statement::IfStatement(i) = s
                && i.alternate.is_none()
                && leaves(&i.consequent)
            {
                let reads = refers(self.sem, &i.test, self.taint);
                let when = self.condition(&i.test, reads);
                if when != Condition::Unknown {
                    self.guards.push(Condition::Not(Box::new(when)));
                }
            }
        }
        self.guards.truncate(mark);
    }

    fn visit_if_statement(&mut self, it: &IfStatement<'a>) {
        self.visit_expression(&it.test);
        let reads = refers(self.sem, &it.test, self.taint);
        let when = self.condition(&it.test, reads);
        let span = it.test.span();
        let unresolved = reads.then(|| self.sources().unresolved(span)).flatten();
        self.tests.push(Test {
            span,
            reads,
            when: when.clone(),
            unresolved,
        });
        self.visit_statement(&it.consequent);
        self.tests.pop();
        if let Some(alt) = &it.alternate {
            self.tests.push(Test {
                span,
                reads,
                when: Condition::Not(Box::new(when)),
                unresolved,
            });
            self.visit_statement(alt);
            self.tests.pop();
        }
    }

    fn visit_switch_statement(&mut self, it: &SwitchStatement<'a>) {
        self.visit_expression(&it.discriminant);
        let reads = refers(self.sem, &it.discriminant, self.taint);
        let span = it.discriminant.span();
        let unresolved = reads.then(|| self.sources().unresolved(span)).flatten();
        self.tests.push(Test {
            span,
            reads,
            when: Condition::Unknown,
            unresolved,
        });
        for case in &it.cases {
            for s in &case.consequent {
                self.visit_statement(s);
            }
        }
        self.tests.pop();
    }

    fn visit_try_statement(&mut self, it: &TryStatement<'a>) {
        match &it.handler {
            Some(handler) => {
                self.in_try += 1;
                self.visit_block_statement(&it.block);
                self.in_try -= 1;
                self.in_catch += 1;
                self.visit_catch_clause(handler);
                self.in_catch -= 1;
            }
            None => self.visit_block_statement(&it.block),
        }
        if let Some(f) = &it.finalizer {
            self.visit_block_statement(f);
        }
    }

    fn visit_throw_statement(&mut self, it: &ThrowStatement<'a>) {
        self.reject(it.span, &it.argument);
        walk::walk_throw_statement(self, it);
    }

    fn visit_return_statement(&mut self, it: &ReturnStatement<'a>) {
        if let Some(Expression::CallExpression(c)) =
            it.argument.as_ref().map(|a| a.get_inner_expression())
            && let Some(m) = c.callee.get_inner_expression().as_member_expression()
            && m.static_property_name() == Some("reject")
            && let Expression::Identifier(p) = m.object().get_inner_expression()
            && p.name == "Promise"
            && symbol_of(self.sem, p).is_none()
            && let Some(reason) = c.arguments.first().and_then(Argument::as_expression)
        {
            self.reject(it.span, reason);
        }
        walk::walk_return_statement(self, it);
    }

    fn visit_call_expression(&mut self, it: &CallExpression<'a>) {
        if self.via.is_none() && self.escapes() {
            self.callee(it);
        }
        walk::walk_call_expression(self, it);
    }
}

/// A statement that always leaves the function: a `throw` or a `return`, alone or last in a
/// block.
fn leaves(s: &Statement) -> bool {
    match s {
        Statement::ThrowStatement(_) | Statement::ReturnStatement(_) => true,
        Statement::BlockStatement(b) => b.body.last().is_some_and(leaves),
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use crate::source::FileId;
    use oxc_span::SourceType;

    /// The messages of the rejections read in a script registering one tool.
    fn rejects(src: &str) -> Vec<Option<String>> {
        read_all(src).into_iter().map(|(m, _, _)| m).collect()
    }

    fn tool(execute: &str, before: &str) -> String {
        format!(
            "{before}\ndocument.modelContext.registerTool({{ name: 't', description: 'd', inputSchema: {{ type: 'object' }}, {execute} }});"
        )
    }

    #[test]
    fn a_rejection_the_input_decides_is_read_here_and_one_call_deep() {
        let src = tool(
            "async execute({ id, n }) { const item = ITEMS.find(i => i.id === id); if (!item) throw new Error(`no ${id}`); if (n > 3) return Promise.reject('too many'); check(n); await later(n); return item; }",
            "const ITEMS = [];\nfunction check(n) { if (n < 1) throw new RangeError('at least one'); }\nasync function later(n) { if (n === 2) throw new Error('not two'); }",
        );
        let found = rejects(&src);
        assert_eq!(
            found,
            ["no …", "too many", "at least one", "not two"].map(|s| Some(s.to_string()))
        );
    }

    #[test]
    fn rejections_the_input_does_not_decide_or_that_may_be_caught_are_not_read() {
        let src = tool(
            "async execute({ id }) { const res = await fetch(`/x/${id}`); if (!res.ok) throw new Error('server'); if (!document.body) throw new Error('page'); try { if (!id) throw new Error('caught'); } catch (e) { throw e; } if (id === 'a') { throw err; } later(id); [id].forEach(v => { if (v) throw new Error('callback'); }); return 1; }",
            "const err = new Error('made elsewhere');\nasync function later(v) { if (v) throw new Error('not awaited'); }",
        );
        assert!(rejects(&src).is_empty(), "{:?}", rejects(&src));
    }

    #[test]
    fn what_the_input_must_be_to_reach_a_rejection_is_read_in_the_callback() {
        use crate::contract::{CmpOp, Condition, Fill, Is, ValueTest};
        let src = tool(
            "execute(input) { const { q, n = 2 } = input; if (!q) throw new Error('q'); const k = Number(input.k ?? 4); if (k > 9) { return 1; } else { throw new Error('k'); } if (n < 1 || lookup(n)) throw new Error('n'); }",
            "",
        );
        let facts = super::super::extract(
            FileId(0),
            std::path::Path::new("page.js"),
            &src,
            0,
            SourceType::mjs(),
            &super::super::Package::default(),
        );
        let code = facts.tools[0].code.clone().expect("code read");
        let test = |property: &str, fill: Option<Fill>, numbered, is| {
            Condition::Test(ValueTest {
                property: property.into(),
                fill,
                numbered,
                trimmed: false,
                is,
            })
        };
        let when: Vec<_> = code.rejects.into_iter().map(|r| r.when).collect();
        let not = |c| Condition::Not(Box::new(c));
        // Past `if (!q) throw ..`, `q` is truthy.
        let q_given = not(not(test("q", None, false, Is::Truthy)));
        assert_eq!(
            when,
            [
                not(test("q", None, false, Is::Truthy)),
                Condition::All(vec![
                    q_given.clone(),
                    not(test(
                        "k",
                        Some(Fill {
                            value: 4.into(),
                            null: true
                        }),
                        true,
                        Is::Compare {
                            op: CmpOp::Gt,
                            value: 9.0
                        }
                    ))
                ]),
                Condition::All(vec![
                    q_given,
                    Condition::Any(vec![
                        test(
                            "n",
                            Some(Fill {
                                value: 2.into(),
                                null: false
                            }),
                            false,
                            Is::Compare {
                                op: CmpOp::Lt,
                                value: 1.0
                            }
                        ),
                        Condition::Unknown
                    ])
                ]),
            ]
        );
    }

    /// The rejections read, each with what the input must be and whether a value its test
    /// reads is unresolved.
    fn read_all(src: &str) -> Vec<(Option<String>, crate::contract::Condition, bool)> {
        let facts = super::super::extract(
            FileId(0),
            std::path::Path::new("page.js"),
            src,
            0,
            SourceType::mjs(),
            &super::super::Package::default(),
        );
        let code = facts.tools[0].code.clone().expect("code read");
        code.rejects
            .into_iter()
            .map(|r| (r.message, r.when, r.unresolved.is_some()))
            .collect()
    }

    #[test]
    fn a_helpers_parameters_stand_for_the_arguments_the_callback_gives_them() {
        use crate::contract::{CmpOp, Condition, Is, ValueTest};
        let src = tool(
            "execute(raw) { const input = asObject(raw); atMost(input, 'n', 10); atMost(input, 'm', LIMITS.m); return 1; }",
            "function asObject(v) { if (typeof v !== 'object') throw new TypeError('object'); return v; }\nfunction atMost(input, key, max) { const value = input[key]; if (value === undefined) return; if (value > max) throw new RangeError(`${key} at most ${max}`); }\nimport { LIMITS } from 'settings';",
        );
        let found = read_all(&src);
        let test = |property: &str, is| {
            Condition::Test(ValueTest {
                property: property.into(),
                fill: None,
                numbered: false,
                trimmed: false,
                is,
            })
        };
        let not = |c| Condition::Not(Box::new(c));
        assert_eq!(
            found,
            [
                (
                    Some("object".into()),
                    not(test("", Is::Type("object".into()))),
                    false
                ),
                (
                    Some("… at most …".into()),
                    Condition::All(vec![
                        not(test("n", Is::Type("undefined".into()))),
                        test(
                            "n",
                            Is::Compare {
                                op: CmpOp::Gt,
                                value: 10.0
                            }
                        )
                    ]),
                    false
                ),
                // The bound is an import no module of the package declares.
                (
                    Some("… at most …".into()),
                    Condition::All(vec![
                        not(test("m", Is::Type("undefined".into()))),
                        Condition::Unknown
                    ]),
                    true
                ),
            ]
        );
    }

    #[test]
    fn a_test_reading_what_only_the_run_knows_is_unresolved() {
        let src = tool(
            "async execute({ id, n, list }) { const items = await load(); if (!items.find(i => i.id === id)) throw new Error('gone'); if (n > window.max) throw new Error('window'); if (n > CAP) throw new Error('cap'); for (const x of list) { if (!x) throw new Error('each'); } return 1; }",
            "import { load } from './store.js';\nconst CAP = 5;",
        );
        let unresolved: Vec<_> = read_all(&src)
            .into_iter()
            .map(|(m, _, u)| (m.unwrap_or_default(), u))
            .collect();
        assert_eq!(
            unresolved,
            [
                ("gone".into(), true),
                ("window".into(), true),
                ("cap".into(), false),
                ("each".into(), false)
            ]
        );
    }

    #[test]
    fn a_hook_handler_is_not_the_model_context_callback() {
        let src = "import { useWebMCP } from '@mcp-b/react-webmcp';\nexport function A() { useWebMCP({ name: 't', description: 'd', inputSchema: { type: 'object', properties: { id: { type: 'string' } } }, handler: async ({ id }) => { if (!id) throw new Error('no id'); return id; } }); }";
        let facts = super::super::extract(
            FileId(0),
            std::path::Path::new("page.jsx"),
            src,
            0,
            SourceType::jsx(),
            &super::super::Package::default(),
        );
        let code = facts.tools[0].code.clone().expect("code read");
        assert!(!code.model_context && code.rejects.is_empty());
    }
}
