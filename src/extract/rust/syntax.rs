//! What a piece of Rust syntax means wherever it appears: a comparison operator, the span a
//! label should cover, whether a block turns the call away. Shared by the check and the
//! behaviour readers, which otherwise see nothing of each other.

use crate::contract::CmpOp;
use syn::visit::{self, Visit};
use syn::{BinOp, Expr};

/// From the method name to the closing parenthesis: `unwrap_or(1)` in `a.b.unwrap_or(1)`,
/// so a label does not cover the whole receiver chain.
pub fn call_span(m: &syn::ExprMethodCall) -> proc_macro2::Span {
    m.method
        .span()
        .join(m.paren_token.span.close())
        .unwrap_or_else(|| m.method.span())
}

pub fn cmp_op(op: BinOp) -> Option<CmpOp> {
    Some(match op {
        BinOp::Lt(_) => CmpOp::Lt,
        BinOp::Le(_) => CmpOp::Le,
        BinOp::Gt(_) => CmpOp::Gt,
        BinOp::Ge(_) => CmpOp::Ge,
        BinOp::Eq(_) => CmpOp::Eq,
        BinOp::Ne(_) => CmpOp::Ne,
        _ => return None,
    })
}

/// Whether a branch turns the call away: `return Err(..)`, a tail `Err(..)`, an error
/// constructor of an error type (`CallToolResult::error(..)`, `ErrorData::invalid_params(..)`),
/// `bail!`. A branch that only logs does not.
pub fn rejects(block: &syn::Block) -> bool {
    struct Finder(bool);
    impl Visit<'_> for Finder {
        fn visit_expr_call(&mut self, c: &syn::ExprCall) {
            if let Expr::Path(p) = c.func.as_ref()
                && let Some(last) = p.path.segments.last()
                && (last.ident == "Err"
                    || (p.path.segments.len() > 1
                        && (last.ident == "error"
                            || last.ident.to_string().starts_with("invalid"))))
            {
                self.0 = true;
            }
            visit::visit_expr_call(self, c);
        }
        fn visit_macro(&mut self, m: &syn::Macro) {
            if let Some(last) = m.path.segments.last()
                && (last.ident == "bail" || m.tokens.to_string().contains("Err"))
            {
                self.0 = true;
            }
        }
    }
    let mut f = Finder(false);
    f.visit_block(block);
    f.0
}
