//! What a test in a page tool's callback says about its input: `!query`, `n < 1 || n > 5`,
//! `typeof s !== "string"`, `!Array.isArray(ids) || ids.length > 5`, `!["a", "b"].includes(v)`,
//! read as a formula over tests of single properties ([`Condition`]) so that a rule can ask
//! whether any call the published schema admits makes it hold. A value is a property's only
//! through oxc's bindings: the input's own symbol, a destructured name or a local that is never
//! reassigned, with `??`, a destructuring default or `Number(..)` on the way. In a function the
//! callback calls, a parameter stands for the argument the callback gave it, read in the
//! callback (`check(input, "limit", 1, MAX)`), and a call of a function that returns its own
//! parameter stands for that argument. Anything else is [`Condition::Unknown`].

use super::execute::{cmp_op, const_init, literal, number};
use super::provenance::Imported;
use crate::contract::{CmpOp, Condition, Fill, Is, ValueTest};
use oxc_ast::AstKind;
use oxc_ast::ast::{
    ArrayExpressionElement, BinaryExpression, BindingPattern, Expression, LogicalOperator,
    UnaryOperator,
};
use oxc_semantic::{Semantic, SymbolId};
use std::collections::HashMap;

/// Locals computed from locals, and parameters from the arguments that fill them, are
/// followed this many steps.
const MAX_DEPTH: usize = 12;

/// Calls of the script's functions are read into this many parameters.
const MAX_GIVEN: usize = 16;

/// Reads tests of the input bound by `input` (the callback's first parameter).
pub struct Reader<'s, 'a> {
    pub sem: &'s Semantic<'a>,
    pub input: &'a BindingPattern<'a>,
    /// In a function the callback calls: its parameters, by the callback's arguments.
    pub given: HashMap<SymbolId, &'a Expression<'a>>,
    /// What an import the page resolves holds.
    pub imported: Imported<'s>,
}

/// A property's value as a test reads it.
struct Operand {
    property: String,
    fill: Option<Fill>,
    numbered: bool,
    trimmed: bool,
}

impl<'s, 'a> Reader<'s, 'a> {
    /// The condition `e` states.
    pub fn read(&self, e: &Expression<'a>) -> Condition {
        match e.get_inner_expression() {
            Expression::UnaryExpression(u) if u.operator == UnaryOperator::LogicalNot => {
                Condition::Not(Box::new(self.read(&u.argument)))
            }
            Expression::LogicalExpression(l) => {
                let parts = vec![self.read(&l.left), self.read(&l.right)];
                match l.operator {
                    LogicalOperator::Or => Condition::Any(parts),
                    LogicalOperator::And => Condition::All(parts),
                    LogicalOperator::Coalesce => self.truthy(e),
                }
            }
            Expression::BinaryExpression(b) => self.compare(b).unwrap_or(Condition::Unknown),
            Expression::CallExpression(c) => {
                if let Some(inlined) = self.inline(c) {
                    return inlined;
                }
                let [arg] = c.arguments.as_slice() else {
                    return Condition::Unknown;
                };
                let Some(arg) = arg.as_expression() else {
                    return Condition::Unknown;
                };
                let Some(m) = c.callee.get_inner_expression().as_member_expression() else {
                    return Condition::Unknown;
                };
                match m.static_property_name() {
                    Some("isArray") if self.global(m.object(), "Array") => {
                        self.test(arg, Is::Type("array".into()))
                    }
                    Some("isInteger") if self.global(m.object(), "Number") => {
                        self.test(arg, Is::Integer)
                    }
                    Some("includes") => match self.literals(m.object()) {
                        Some(values) => self.test(arg, Is::In(values)),
                        None => match self.literal(arg, 0) {
                            Some(serde_json::Value::String(s)) => {
                                self.test(m.object(), Is::Contains(s))
                            }
                            _ => Condition::Unknown,
                        },
                    },
                    Some(method @ ("startsWith" | "endsWith")) => match self.literal(arg, 0) {
                        Some(serde_json::Value::String(s)) if method == "startsWith" => {
                            self.test(m.object(), Is::Starts(s))
                        }
                        Some(serde_json::Value::String(s)) => self.test(m.object(), Is::Ends(s)),
                        _ => Condition::Unknown,
                    },
                    _ => Condition::Unknown,
                }
            }
            _ => self.truthy(e),
        }
    }

    /// A call of a function of the script that only returns a test of its parameters
    /// (`const isKnown = (v) => LOCALES.includes(v)`): that test, its parameters standing for
    /// the arguments.
    fn inline(&self, c: &oxc_ast::ast::CallExpression<'a>) -> Option<Condition> {
        use oxc_ast::ast::Statement;
        if self.given.len() > MAX_GIVEN {
            return None;
        }
        let Expression::Identifier(id) = c.callee.get_inner_expression() else {
            return None;
        };
        let symbol = self.fixed_symbol(id)?;
        let only_return = |b: &'a oxc_ast::ast::FunctionBody<'a>| match b.statements.as_slice() {
            [Statement::ReturnStatement(r)] => r.argument.as_ref(),
            _ => None,
        };
        let (params, returned) = match self.sem.symbol_declaration(symbol).kind() {
            AstKind::Function(f) => (&*f.params, only_return(f.body.as_deref()?)?),
            AstKind::VariableDeclarator(d) => match d.init.as_ref()?.get_inner_expression() {
                Expression::FunctionExpression(f) => (&*f.params, only_return(f.body.as_deref()?)?),
                Expression::ArrowFunctionExpression(f) => (
                    &*f.params,
                    match &f.body {
                        oxc_ast::ast::ArrowFunctionBody::FunctionBody(b) => only_return(b)?,
                        e => e.as_expression()?,
                    },
                ),
                _ => return None,
            },
            _ => return None,
        };
        // The call as the program holds it, so that its arguments outlive this reading.
        let call = self.sem.nodes().iter().find_map(|n| match n.kind() {
            AstKind::CallExpression(x) if x.span == c.span => Some(x),
            _ => None,
        })?;
        let mut given = self.given.clone();
        for (i, p) in params.items.iter().enumerate() {
            let BindingPattern::BindingIdentifier(b) = &p.pattern else {
                return None;
            };
            given.insert(b.symbol_id.get()?, call.arguments.get(i)?.as_expression()?);
        }
        let inner = Reader {
            sem: self.sem,
            input: self.input,
            given,
            imported: self.imported,
        };
        Some(inner.read(returned))
    }

    /// A call of a function of the script (a declaration, or a `const` holding one) with one
    /// `return` of a value: a reader whose parameters stand for the call's arguments, and the
    /// expression it returns.
    fn returned(
        &self,
        c: &oxc_ast::ast::CallExpression<'a>,
    ) -> Option<(Reader<'s, 'a>, &'a Expression<'a>)> {
        if self.given.len() > MAX_GIVEN {
            return None;
        }
        let Expression::Identifier(id) = c.callee.get_inner_expression() else {
            return None;
        };
        let symbol = self.fixed_symbol(id)?;
        let (span, params) = match self.sem.symbol_declaration(symbol).kind() {
            AstKind::Function(f) => (f.span, &*f.params),
            AstKind::VariableDeclarator(d) => match d.init.as_ref()?.get_inner_expression() {
                Expression::FunctionExpression(f) => (f.span, &*f.params),
                Expression::ArrowFunctionExpression(f) => (f.span, &*f.params),
                _ => return None,
            },
            _ => return None,
        };
        let nodes = self.sem.nodes();
        let mut returns = nodes.iter().filter_map(|n| {
            let AstKind::ReturnStatement(r) = n.kind() else {
                return None;
            };
            if !(span.start <= r.span.start && r.span.end <= span.end) {
                return None;
            }
            let owner = nodes.ancestors(n.id()).find_map(|a| match a.kind() {
                AstKind::Function(f) => Some(f.span),
                AstKind::ArrowFunctionExpression(f) => Some(f.span),
                _ => None,
            });
            (owner == Some(span)).then_some(r)
        });
        let (Some(only), None) = (returns.next(), returns.next()) else {
            return None;
        };
        let returned = only.argument.as_ref()?;
        // The call as the program holds it, so that its arguments outlive this reading.
        let call = nodes.iter().find_map(|n| match n.kind() {
            AstKind::CallExpression(x) if x.span == c.span => Some(x),
            _ => None,
        })?;
        let mut given = self.given.clone();
        for (i, p) in params.items.iter().enumerate() {
            let BindingPattern::BindingIdentifier(b) = &p.pattern else {
                return None;
            };
            if let Some(arg) = call.arguments.get(i) {
                given.insert(b.symbol_id.get()?, arg.as_expression()?);
            }
        }
        let inner = Reader {
            sem: self.sem,
            input: self.input,
            given,
            imported: self.imported,
        };
        Some((inner, returned))
    }

    fn truthy(&self, e: &Expression<'a>) -> Condition {
        self.test(e, Is::Truthy)
    }

    /// `is` of the value `e`, when `e` is a property's.
    fn test(&self, e: &Expression<'a>, is: Is) -> Condition {
        match self.operand(e, 0) {
            // `Number(v)` changes what every test but a comparison with a number sees.
            Some(o) if !o.numbered || matches!(is, Is::Compare { .. } | Is::In(_)) => {
                Condition::Test(ValueTest {
                    property: o.property,
                    fill: o.fill,
                    numbered: o.numbered,
                    trimmed: o.trimmed,
                    is,
                })
            }
            _ => Condition::Unknown,
        }
    }

    /// `typeof v OP ".."`, `v.length OP n`, `v OP n`, `v === literal`, either way round.
    fn compare(&self, b: &BinaryExpression<'a>) -> Option<Condition> {
        let op = cmp_op(b.operator)?;
        let strict_eq = |op: CmpOp| matches!(op, CmpOp::Eq | CmpOp::Ne);
        for (subject, other, op) in [(&b.left, &b.right, op), (&b.right, &b.left, op.flip())] {
            let subject = subject.get_inner_expression();
            let condition = if let Expression::UnaryExpression(u) = subject
                && u.operator == UnaryOperator::Typeof
                && strict_eq(op)
                && let Expression::StringLiteral(name) = other.get_inner_expression()
            {
                self.test(&u.argument, Is::Type(name.value.to_string()))
            } else if strict_eq(op) && self.global(other, "undefined") {
                self.test(subject, Is::Type("undefined".into()))
            } else if let Some(value) = self.number(other, 0) {
                match subject {
                    Expression::StaticMemberExpression(m) if m.property.name == "length" => {
                        self.test(&m.object, Is::Length { op, value })
                    }
                    _ => self.test(subject, Is::Compare { op, value }),
                }
            } else if strict_eq(op)
                && matches!(
                    b.operator,
                    oxc_ast::ast::BinaryOperator::StrictEquality
                        | oxc_ast::ast::BinaryOperator::StrictInequality
                )
                && let Some(v) = self.literal(other, 0)
            {
                self.test(subject, Is::Equal(v))
            } else {
                continue;
            };
            if condition == Condition::Unknown {
                continue;
            }
            return Some(match (op, &condition) {
                (CmpOp::Ne, Condition::Test(t)) if !matches!(t.is, Is::Compare { .. }) => {
                    Condition::Not(Box::new(condition))
                }
                _ => condition,
            });
        }
        None
    }

    /// The property whose value `e` is.
    fn operand(&self, e: &Expression<'a>, depth: usize) -> Option<Operand> {
        if depth > MAX_DEPTH {
            return None;
        }
        match e.get_inner_expression() {
            Expression::LogicalExpression(l) if l.operator == LogicalOperator::Coalesce => {
                let mut o = self.operand(&l.left, depth + 1)?;
                if o.fill.is_some() || o.numbered {
                    return None;
                }
                o.fill = Some(Fill {
                    value: literal(&l.right)?,
                    null: true,
                });
                Some(o)
            }
            Expression::CallExpression(c)
                if self.global(&c.callee, "Number") && c.arguments.len() == 1 =>
            {
                let mut o = self.operand(c.arguments[0].as_expression()?, depth + 1)?;
                if o.trimmed {
                    return None;
                }
                o.numbered = true;
                Some(o)
            }
            // `v.trim()`: the string without its surrounding white space.
            Expression::CallExpression(c)
                if c.arguments.is_empty()
                    && c.callee
                        .get_inner_expression()
                        .as_member_expression()
                        .is_some_and(|m| {
                            !m.optional() && m.static_property_name() == Some("trim")
                        }) =>
            {
                let m = c.callee.get_inner_expression().as_member_expression()?;
                let mut o = self.operand(m.object(), depth + 1)?;
                if o.numbered || o.fill.is_some() {
                    return None;
                }
                o.trimmed = true;
                Some(o)
            }
            // `requireText(input, "path")`: what a function of the script returns, read with
            // its parameters standing for the arguments.
            Expression::CallExpression(c) => {
                let (inner, returned) = self.returned(c)?;
                inner.operand(returned, depth + 1)
            }
            e @ (Expression::StaticMemberExpression(_)
            | Expression::ComputedMemberExpression(_)) => {
                let m = e.as_member_expression()?;
                let property = match (m.static_property_name(), e) {
                    (Some(p), _) => p.to_string(),
                    // `input[key]`, `key` a parameter given a string.
                    (None, Expression::ComputedMemberExpression(c)) => {
                        match self.literal(&c.expression, depth + 1)? {
                            serde_json::Value::String(s) => s,
                            _ => return None,
                        }
                    }
                    _ => return None,
                };
                let property = property.as_str();
                if m.optional()
                    || !self.whole_input(m.object(), depth + 1)
                    || self.assigned(property)
                {
                    return None;
                }
                Some(Operand {
                    property: property.to_string(),
                    fill: None,
                    numbered: false,
                    trimmed: false,
                })
            }
            Expression::Identifier(id) => {
                let symbol = self.fixed_symbol(id)?;
                if let Some(arg) = self.given.get(&symbol) {
                    return self.operand(arg, depth + 1);
                }
                if whole(self.input) == Some(symbol) {
                    return Some(Operand {
                        property: String::new(),
                        fill: None,
                        numbered: false,
                        trimmed: false,
                    });
                }
                if let Some((property, fill)) = destructured(self.input, symbol) {
                    return Some(Operand {
                        property,
                        fill,
                        numbered: false,
                        trimmed: false,
                    });
                }
                match self.sem.symbol_declaration(symbol).kind() {
                    AstKind::VariableDeclarator(d) => match &d.id {
                        BindingPattern::BindingIdentifier(_) => {
                            self.operand(d.init.as_ref()?, depth + 1)
                        }
                        // `const { n } = input`
                        pattern => {
                            if !self.whole_input(d.init.as_ref()?, depth + 1) {
                                return None;
                            }
                            let (property, fill) = destructured(pattern, symbol)?;
                            Some(Operand {
                                property,
                                fill,
                                numbered: false,
                                trimmed: false,
                            })
                        }
                    },
                    _ => None,
                }
            }
            _ => None,
        }
    }

    /// Whether `e` is the whole input: the parameter's own name, a local holding it, a
    /// parameter given it, or what a function returning its own parameter returns.
    fn whole_input(&self, e: &Expression<'a>, depth: usize) -> bool {
        if depth > MAX_DEPTH {
            return false;
        }
        let id = match e.get_inner_expression() {
            Expression::Identifier(id) => id,
            Expression::CallExpression(c) => {
                return passed_through(self.sem, c).is_some_and(|a| self.whole_input(a, depth + 1));
            }
            _ => return false,
        };
        let Some(symbol) = self.fixed_symbol(id) else {
            return false;
        };
        if whole(self.input) == Some(symbol) {
            return true;
        }
        if let Some(arg) = self.given.get(&symbol) {
            return self.whole_input(arg, depth + 1);
        }
        depth <= MAX_DEPTH
            && matches!(self.sem.symbol_declaration(symbol).kind(),
                AstKind::VariableDeclarator(d) if matches!(d.id, BindingPattern::BindingIdentifier(_))
                    && d.init.as_ref().is_some_and(|i| self.whole_input(i, depth + 1)))
    }

    /// Whether the script assigns the input's property `key` (`input.q = input.q.trim()`): the
    /// value tested may then not be the one the call sent.
    fn assigned(&self, key: &str) -> bool {
        self.sem.nodes().iter().any(|n| {
            let target = match n.kind() {
                AstKind::AssignmentExpression(a) => a.left.as_member_expression(),
                AstKind::UpdateExpression(u) => u.argument.as_member_expression(),
                _ => None,
            };
            target.is_some_and(|m| {
                m.static_property_name() == Some(key) && self.whole_input(m.object(), 0)
            })
        })
    }

    /// The symbol a name refers to, when it is declared and never assigned again.
    fn fixed_symbol(&self, id: &oxc_ast::ast::IdentifierReference) -> Option<SymbolId> {
        let symbol = self
            .sem
            .scoping()
            .get_reference(id.reference_id.get()?)
            .symbol_id()?;
        let written = self.sem.symbol_references(symbol).any(|r| r.is_write());
        (!written).then_some(symbol)
    }

    /// `Array`, `Number`: the global, not a name declared here.
    fn global(&self, e: &Expression, name: &str) -> bool {
        matches!(e.get_inner_expression(), Expression::Identifier(id)
            if id.name == name && id.reference_id.get().is_some_and(|r|
                self.sem.scoping().get_reference(r).symbol_id().is_none()))
    }

    /// The parameter `e` names, given an argument by the callback: that argument.
    fn argument(&self, e: &Expression<'a>) -> Option<&'a Expression<'a>> {
        let Expression::Identifier(id) = e.get_inner_expression() else {
            return None;
        };
        self.given.get(&self.fixed_symbol(id)?).copied()
    }

    /// A number written here, in a `const`, or given for a parameter.
    fn number(&self, e: &Expression<'a>, depth: usize) -> Option<f64> {
        match self.argument(e) {
            Some(arg) if depth <= MAX_DEPTH => self.number(arg, depth + 1),
            Some(_) => None,
            None => number(self.sem, e).or_else(|| self.import(e)?.as_f64()),
        }
    }

    /// What the import `e` names holds, when the page resolves it.
    fn import(&self, e: &Expression<'a>) -> Option<serde_json::Value> {
        let id = match e.get_inner_expression() {
            Expression::Identifier(id) => id,
            // `config.languages`
            Expression::StaticMemberExpression(m) if !m.optional => {
                return self
                    .import(&m.object)?
                    .get(m.property.name.as_str())
                    .cloned();
            }
            _ => return None,
        };
        let symbol = self.fixed_symbol(id)?;
        match self.sem.symbol_declaration(symbol).kind() {
            AstKind::ImportSpecifier(_) | AstKind::ImportDefaultSpecifier(_) => {
                (self.imported)(&id.name)
            }
            _ => None,
        }
    }

    /// A literal written here, or given for a parameter.
    fn literal(&self, e: &Expression<'a>, depth: usize) -> Option<serde_json::Value> {
        match self.argument(e) {
            Some(arg) if depth <= MAX_DEPTH => self.literal(arg, depth + 1),
            Some(_) => None,
            None => literal(e),
        }
    }

    /// The literals of an array written here or in a `const`.
    fn literals(&self, e: &Expression<'a>) -> Option<Vec<serde_json::Value>> {
        let e = self.argument(e).unwrap_or(e);
        if let Some(serde_json::Value::Array(values)) = self.import(e) {
            return Some(values);
        }
        let list = match e.get_inner_expression() {
            Expression::ArrayExpression(a) => a,
            Expression::Identifier(id) => match const_init(self.sem, id)? {
                Expression::ArrayExpression(a) => a,
                _ => return None,
            },
            _ => return None,
        };
        list.elements
            .iter()
            .map(|e| match e {
                ArrayExpressionElement::SpreadElement(_) | ArrayExpressionElement::Elision(_) => {
                    None
                }
                e => literal(e.as_expression()?),
            })
            .collect()
    }
}

/// The symbol naming the whole input in a parameter pattern (`input`, `input = {}`).
fn whole(p: &BindingPattern) -> Option<SymbolId> {
    match p {
        BindingPattern::BindingIdentifier(id) => id.symbol_id.get(),
        BindingPattern::AssignmentPattern(a) => whole(&a.left),
        _ => None,
    }
}

/// The property a name is destructured from in `p` (`{ locale: next }`, `{ n = 4 }`), with
/// the default that fills it in.
fn destructured(p: &BindingPattern, symbol: SymbolId) -> Option<(String, Option<Fill>)> {
    let BindingPattern::ObjectPattern(o) = p else {
        return match p {
            BindingPattern::AssignmentPattern(a) => destructured(&a.left, symbol),
            _ => None,
        };
    };
    o.properties.iter().find_map(|prop| {
        let (id, fill) = match &prop.value {
            BindingPattern::BindingIdentifier(id) => (id, None),
            BindingPattern::AssignmentPattern(a) => match &a.left {
                BindingPattern::BindingIdentifier(id) => (
                    id,
                    Some(literal(&a.right).map(|value| Fill { value, null: false })),
                ),
                _ => return None,
            },
            _ => return None,
        };
        if id.symbol_id.get() != Some(symbol) || prop.computed {
            return None;
        }
        // A default that is not a literal leaves the value unknown when absent.
        let fill = match fill {
            Some(None) => return None,
            Some(f) => f,
            None => None,
        };
        Some((prop.key.static_name()?.to_string(), fill))
    })
}

/// The argument a call hands back: the callee is a function of the script (a declaration, or
/// a `const` holding one) whose every `return` gives back the same one of its parameters
/// unchanged (`function asObject(v) { if (..) throw ..; return v as Record<..> }`).
fn passed_through<'a>(
    sem: &Semantic<'a>,
    call: &'a oxc_ast::ast::CallExpression<'a>,
) -> Option<&'a Expression<'a>> {
    let Expression::Identifier(id) = call.callee.get_inner_expression() else {
        return None;
    };
    let symbol = sem
        .scoping()
        .get_reference(id.reference_id.get()?)
        .symbol_id()?;
    if sem.symbol_references(symbol).any(|r| r.is_write()) {
        return None;
    }
    let function = |f: &'a oxc_ast::ast::Function<'a>| (f.span, &*f.params, None);
    let (span, params, expression) = match sem.symbol_declaration(symbol).kind() {
        AstKind::Function(f) => function(f),
        AstKind::VariableDeclarator(d) => match d.init.as_ref()?.get_inner_expression() {
            Expression::FunctionExpression(f) => function(f),
            Expression::ArrowFunctionExpression(f) => (f.span, &*f.params, f.get_expression()),
            _ => return None,
        },
        _ => return None,
    };
    let returned: Vec<&'a Expression<'a>> = match expression {
        Some(e) => vec![e],
        None => {
            let mut found = Vec::new();
            for n in sem.nodes().iter() {
                let AstKind::ReturnStatement(r) = n.kind() else {
                    continue;
                };
                if !(span.start <= r.span.start && r.span.end <= span.end) {
                    continue;
                }
                // The nearest function around it must be this one.
                let owner = sem.nodes().ancestors(n.id()).find_map(|a| match a.kind() {
                    AstKind::Function(f) => Some(f.span),
                    AstKind::ArrowFunctionExpression(f) => Some(f.span),
                    _ => None,
                });
                if owner == Some(span) {
                    found.push(r.argument.as_ref()?);
                }
            }
            found
        }
    };
    let mut index = None;
    for e in returned {
        let Expression::Identifier(r) = e.get_inner_expression() else {
            return None;
        };
        let target = sem
            .scoping()
            .get_reference(r.reference_id.get()?)
            .symbol_id()?;
        let i = params.items.iter().position(|p| {
            matches!(&p.pattern, BindingPattern::BindingIdentifier(b) if b.symbol_id.get() == Some(target))
        })?;
        if index.replace(i).is_some_and(|j| j != i) {
            return None;
        }
    }
    call.arguments.get(index?)?.as_expression()
}
