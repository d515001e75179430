//! The model context through the page's value flow, where the module's names alone
//! ([`super::Aliases`]) do not say it: a parameter a caller binds to it, a member of an object
//! a function returns (`return { api: document.modelContext }`), a local destructured from
//! such an object (`const { api } = found`). A value any path of which is not the model
//! context (a `return` of something else) is not taken for it.

use super::values::{Located, Value};
use super::{MAX_RESOLVE_DEPTH, Module, is_model_context, is_nothing};
use oxc_ast::AstKind;
use oxc_ast::ast::VariableDeclarationKind;
use oxc_ast::ast::{BindingPattern, CallExpression, Expression, IdentifierReference};
use oxc_span::Span;

impl Module<'_, '_> {
    /// Whether `e`, read where it is written with the bindings in force, is the model context.
    pub fn holds_context(&self, e: &Expression) -> bool {
        self.holds(e, &[], 0)
    }

    /// Whether the value of `e`, followed through the members `path`, is the model context.
    fn holds(&self, e: &Expression, path: &[String], depth: usize) -> bool {
        if depth >= MAX_RESOLVE_DEPTH {
            return false;
        }
        let e = e.get_inner_expression();
        let unit = self.unit_data(self.unit.get());
        if path.is_empty() && is_model_context(e, &unit.bindings.aliases) {
            return true;
        }
        match e {
            Expression::AwaitExpression(a) => self.holds(&a.argument, path, depth + 1),
            Expression::StaticMemberExpression(m) => {
                let mut inner = vec![m.property.name.to_string()];
                inner.extend_from_slice(path);
                self.holds(&m.object, &inner, depth + 1)
            }
            Expression::ObjectExpression(_) => {
                let Some((key, rest)) = path.split_first() else {
                    return false;
                };
                match self.member(e, key, depth) {
                    Ok(Some(l)) => self.holds_at(&l, rest, depth),
                    _ => false,
                }
            }
            Expression::Identifier(id) => {
                if let Some((init, key)) = self.destructured(id) {
                    let mut inner = vec![key];
                    inner.extend_from_slice(path);
                    return self.holds_at(&self.here(init), &inner, depth);
                }
                match self.name_value(&id.name, id.span) {
                    Ok(Value::At(l)) => self.holds_at(&l, path, depth),
                    _ => false,
                }
            }
            Expression::CallExpression(c) => self.returns_holding(c, path, depth),
            _ => false,
        }
    }

    fn holds_at(&self, at: &Located, path: &[String], depth: usize) -> bool {
        self.read(at, |v| self.holds(v, path, depth + 1))
            .unwrap_or(false)
    }

    /// Whether every `return` of the function `c` calls is nothing or holds the model
    /// context at `path`, and one does (`if (..) return { api: document.modelContext };
    /// return null`).
    fn returns_holding(&self, c: &CallExpression, path: &[String], depth: usize) -> bool {
        let Ok((cb, env)) = self.called(c) else {
            return false;
        };
        let mut held = false;
        for span in cb.returns.iter().flatten() {
            let at = Located {
                unit: cb.unit,
                span: *span,
                env: env.clone(),
            };
            let holds = self.read(&at, |v| is_nothing(v) || self.holds(v, path, depth + 1));
            if holds != Some(true) {
                return false;
            }
            held |= self.read(&at, |v| !is_nothing(v)) == Some(true);
        }
        held
    }

    /// `const { api } = found`: the initialiser a local is destructured from, by symbol, and
    /// the member it takes; not for a `let` written again.
    fn destructured(&self, id: &IdentifierReference) -> Option<(Span, String)> {
        self.with_model(self.unit.get(), |m| {
            let scoping = m.sem.scoping();
            let symbol = scoping.get_reference(id.reference_id.get()?).symbol_id()?;
            let decl = m.sem.symbol_declaration(symbol);
            let AstKind::VariableDeclarator(d) = decl.kind() else {
                return None;
            };
            let constant = matches!(m.sem.nodes().parent_kind(decl.id()),
                AstKind::VariableDeclaration(v) if v.kind == VariableDeclarationKind::Const)
                || !scoping.symbol_is_mutated(symbol);
            let (BindingPattern::ObjectPattern(p), Some(init)) = (&d.id, &d.init) else {
                return None;
            };
            let at = scoping.symbol_span(symbol);
            let key = p.properties.iter().find_map(|p| match &p.value {
                BindingPattern::BindingIdentifier(b) if b.span == at && !p.computed => {
                    p.key.static_name().map(|k| k.to_string())
                }
                _ => None,
            })?;
            constant.then(|| (oxc_span::GetSpan::span(init), key))
        })
    }
}
