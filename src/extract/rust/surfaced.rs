//! Whether a failure a function swallows surfaces anyway: the source the failing call asked
//! (a store, a client, a handle) is asked again, on every path through the function that
//! answers, by a call whose failure the function passes on with `?`. An outage of that source
//! is then an error the caller sees, never an empty answer.

use syn::visit::{self, Visit};
use syn::{Expr, Stmt};

/// The source a failing call asks: the root of a method call's receiver (`store` of
/// `store.load(..)`, `self.db` of `self.db.query(..)`), or a path call's first argument
/// (`&store` of `RuleStore::load_all(&store)`). `None` for `self` itself or anything else.
pub fn source(e: &Expr) -> Option<String> {
    match peel(e) {
        Expr::MethodCall(m) => root(&m.receiver),
        Expr::Call(c) => c.args.first().and_then(name),
        _ => None,
    }
}

/// Whether a statement of `stmts` other than the one at `at` (`true` for the one holding
/// the swallow) passes on a failure of a call on `source`, and runs on every path that
/// answers with the swallowed value: before it, or after it with no `return` on the way.
pub fn surfaced(stmts: &[Stmt], at: impl Fn(&Stmt) -> bool, source: &str) -> bool {
    let Some(i) = stmts.iter().position(at) else {
        return false;
    };
    stmts[..i].iter().any(|s| stmt_passes_on(s, source))
        || (!exits(&stmts[i]) && passes_on(&stmts[i + 1..], source))
}

/// A failure adapter, `.await` or parentheses around a call: the call itself.
fn peel(e: &Expr) -> &Expr {
    match e {
        Expr::Paren(p) => peel(&p.expr),
        Expr::Await(a) => peel(&a.base),
        Expr::MethodCall(m)
            if ["map_err", "context", "with_context"].contains(&m.method.to_string().as_str()) =>
        {
            peel(&m.receiver)
        }
        e => e,
    }
}

/// The value at the root of a receiver chain (`self.cart` of `self.cart.lock().await.get(..)`).
fn root(e: &Expr) -> Option<String> {
    match e {
        Expr::MethodCall(m) => root(&m.receiver),
        Expr::Await(a) => root(&a.base),
        Expr::Try(t) => root(&t.expr),
        e => name(e),
    }
}

/// A local or parameter by name, or a field of `self` (`self.store`), through borrows.
fn name(e: &Expr) -> Option<String> {
    match e {
        Expr::Reference(r) => name(&r.expr),
        Expr::Paren(p) => name(&p.expr),
        Expr::Path(p) => p
            .path
            .get_ident()
            .map(ToString::to_string)
            .filter(|n| n != "self"),
        Expr::Field(f) => match (&*f.base, &f.member) {
            (Expr::Path(p), syn::Member::Named(m)) if p.path.is_ident("self") => {
                Some(format!("self.{m}"))
            }
            _ => None,
        },
        _ => None,
    }
}

/// Whether `e` (before `?`) is a call on `source`: made on it or handed it.
fn asks(e: &Expr, source: &str) -> bool {
    let is = |a: &Expr| name(a).as_deref() == Some(source);
    match peel(e) {
        Expr::MethodCall(m) => {
            root(&m.receiver).as_deref() == Some(source) || m.args.iter().any(is)
        }
        Expr::Call(c) => c.args.iter().any(is),
        _ => false,
    }
}

fn stmt_passes_on(s: &Stmt, source: &str) -> bool {
    match s {
        Stmt::Local(l) => l
            .init
            .as_ref()
            .is_some_and(|i| expr_passes_on(&i.expr, source)),
        Stmt::Expr(e, _) => expr_passes_on(e, source),
        _ => false,
    }
}

/// Whether running `stmts` surely passes on such a failure: a statement does before any
/// statement that may return.
fn passes_on(stmts: &[Stmt], source: &str) -> bool {
    for s in stmts {
        if stmt_passes_on(s, source) {
            return true;
        }
        if exits(s) {
            return false;
        }
    }
    false
}

/// Whether evaluating `e` surely passes on a failure of a call on `source`: a `?` on such a
/// call outside closures, in every branch of a branching expression.
fn expr_passes_on(e: &Expr, source: &str) -> bool {
    let on = |e: &Expr| expr_passes_on(e, source);
    match e {
        Expr::Try(t) => asks(&t.expr, source) || on(&t.expr),
        Expr::Await(a) => on(&a.base),
        Expr::Paren(p) => on(&p.expr),
        Expr::Reference(r) => on(&r.expr),
        Expr::Field(f) => on(&f.base),
        Expr::MethodCall(m) => on(&m.receiver) || m.args.iter().any(on),
        Expr::Call(c) => c.args.iter().any(on),
        Expr::Let(l) => on(&l.expr),
        Expr::Assign(a) => on(&a.right),
        Expr::Struct(s) => s.fields.iter().any(|f| on(&f.expr)),
        Expr::Tuple(t) => t.elems.iter().any(on),
        Expr::Array(a) => a.elems.iter().any(on),
        Expr::Block(b) => passes_on(&b.block.stmts, source),
        Expr::If(i) => {
            on(&i.cond)
                || i.else_branch
                    .as_ref()
                    .is_some_and(|(_, other)| passes_on(&i.then_branch.stmts, source) && on(other))
        }
        Expr::Match(m) => on(&m.expr) || (!m.arms.is_empty() && m.arms.iter().all(|a| on(&a.body))),
        _ => false,
    }
}

/// Whether a statement may leave the function with a value (a `return` of anything but an
/// `Err`), outside the closures and items it holds.
fn exits(s: &Stmt) -> bool {
    struct Find(bool);
    impl<'ast> Visit<'ast> for Find {
        fn visit_expr_return(&mut self, r: &'ast syn::ExprReturn) {
            let error = matches!(r.expr.as_deref(), Some(Expr::Call(c))
                if matches!(&*c.func, Expr::Path(p) if p.path.is_ident("Err")));
            self.0 |= !error;
            visit::visit_expr_return(self, r);
        }
        fn visit_expr_closure(&mut self, _: &'ast syn::ExprClosure) {}
        fn visit_expr_async(&mut self, _: &'ast syn::ExprAsync) {}
        fn visit_item(&mut self, _: &'ast syn::Item) {}
    }
    let mut f = Find(false);
    f.visit_stmt(s);
    f.0
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check(body: &str) -> bool {
        let block: syn::Block = syn::parse_str(body).unwrap();
        let held = |s: &Stmt| quote::quote!(#s).to_string().contains("unwrap_or_default");
        let swallowed = block
            .stmts
            .iter()
            .find_map(|s| {
                let mut f = FindSwallow(None);
                f.visit_stmt(s);
                f.0
            })
            .unwrap();
        surfaced(&block.stmts, held, &source(&swallowed).unwrap())
    }

    struct FindSwallow(Option<Expr>);
    impl<'ast> Visit<'ast> for FindSwallow {
        fn visit_expr_method_call(&mut self, m: &'ast syn::ExprMethodCall) {
            if m.method == "unwrap_or_default" {
                self.0 = Some((*m.receiver).clone());
            }
            visit::visit_expr_method_call(self, m);
        }
    }

    #[test]
    fn a_later_call_on_the_same_store_that_passes_its_failure_on_surfaces_an_outage() {
        assert!(check(
            "{ let tags = Tags::load(&store).unwrap_or_default(); store.save(&tags).map_err(e)?; Ok(tags) }"
        ));
        assert!(check(
            "{ let rows = self.db.recent().await.unwrap_or_default(); match k { A => { self.db.put(1).await?; } _ => { self.db.put(2)?; } } Ok(rows) }"
        ));
        assert!(check(
            "{ let found = load(&root)?; let extra = git::log(&root).unwrap_or_default(); Ok((found, extra)) }"
        ));
    }

    #[test]
    fn a_return_first_another_source_or_one_branch_does_not() {
        assert!(!check(
            "{ let hits = store.search(q).unwrap_or_default(); if hits.is_empty() { return Ok(vec![]); } store.log(q)?; Ok(hits) }"
        ));
        assert!(!check(
            "{ let hits = index.search(q).unwrap_or_default(); audit.record(q)?; Ok(hits) }"
        ));
        assert!(!check(
            "{ let hits = store.search(q).unwrap_or_default(); if verbose { store.log(q)?; } Ok(hits) }"
        ));
        assert!(!check(
            "{ let hits = store.search(q).unwrap_or_default(); let f = || store.log(q)?; Ok(hits) }"
        ));
    }
}
