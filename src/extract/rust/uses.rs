//! Every use of a parameter's value in a function body: the fields read of it, the keys read
//! of it as a JSON map, the calls it is handed to whole, and whether any other use leaves what
//! becomes of it unknown. Linking follows the calls; when every use is known, a published
//! property no use reads is one the code ignores.

use crate::contract::RootUse;
use proc_macro2::{TokenStream, TokenTree};
use syn::visit::{self, Visit};
use syn::{Expr, FnArg, Member, Pat};

/// The uses of each parameter bound whole to a name (`input: T`, `Parameters(p)`), or
/// destructured into its fields (`Parameters(T { a, b, .. })`), by the parameter's root name
/// as the checks walker names it (`#N` for a destructured parameter).
pub fn root_uses(
    sig: &syn::Signature,
    block: &syn::Block,
    params: &[(String, String)],
) -> Vec<RootUse> {
    let mut out = Vec::new();
    let names: Vec<&str> = params.iter().map(|(n, _)| n.as_str()).collect();
    for (a, (root, _)) in sig.inputs.iter().zip(params) {
        let FnArg::Typed(t) = a else { continue };
        let mut binder = Binder::default();
        binder.bind(&t.pat);
        if binder.opaque {
            continue;
        }
        let mut uses = RootUse {
            root: root.clone(),
            fields: binder.fields,
            keys: Vec::new(),
            keyed_by: Vec::new(),
            passed: 0,
            opaque: false,
        };
        if let Some(name) = binder.whole {
            let mut scan = Scan {
                name: &name,
                params: &names,
                use_: &mut uses,
            };
            scan.visit_block(block);
        } else if !binder.destructured {
            continue;
        }
        for v in [&mut uses.fields, &mut uses.keys, &mut uses.keyed_by] {
            v.sort();
            v.dedup();
        }
        out.push(uses);
    }
    out
}

/// What a parameter's pattern binds: the name holding the value whole, or the fields a
/// struct pattern takes out of it (a field bound to `_` or `_name` is not used).
#[derive(Default)]
struct Binder {
    whole: Option<String>,
    fields: Vec<String>,
    destructured: bool,
    opaque: bool,
}

impl Binder {
    fn bind(&mut self, pat: &Pat) {
        match pat {
            Pat::Ident(p) if p.subpat.is_none() => self.whole = Some(p.ident.to_string()),
            Pat::Type(t) => self.bind(&t.pat),
            Pat::Reference(r) => self.bind(&r.pat),
            Pat::Paren(p) => self.bind(&p.pat),
            Pat::TupleStruct(ts) if ts.elems.len() == 1 => self.bind(&ts.elems[0]),
            Pat::Struct(ps) => {
                self.destructured = true;
                for f in &ps.fields {
                    let Member::Named(n) = &f.member else {
                        self.opaque = true;
                        continue;
                    };
                    let unused = match f.pat.as_ref() {
                        Pat::Wild(_) => true,
                        Pat::Ident(i) => i.ident.to_string().starts_with('_'),
                        _ => false,
                    };
                    if !unused {
                        self.fields.push(super::syntax::field_name(n));
                    }
                }
            }
            _ => self.opaque = true,
        }
    }
}

/// Walks a body for the uses of `name`.
struct Scan<'a> {
    name: &'a str,
    /// The function's parameters: a key read by one of them is the caller's.
    params: &'a [&'a str],
    use_: &'a mut RootUse,
}

impl Scan<'_> {
    fn is_name(&self, e: &Expr) -> bool {
        matches!(e, Expr::Path(p) if p.qself.is_none() && p.path.is_ident(self.name))
    }

    /// A call argument that is the value itself (`x`, `&x`, `&mut x`, `(x)`).
    fn is_whole_arg(&self, e: &Expr) -> bool {
        match e {
            Expr::Reference(r) => self.is_whole_arg(&r.expr),
            Expr::Paren(p) => self.is_whole_arg(&p.expr),
            e => self.is_name(e),
        }
    }

    /// A key read of the value as a JSON map: by a string literal, or by a parameter of the
    /// function (the caller's key). Any other key (a local, a built string) is not known.
    fn key(&mut self, key: &Expr) {
        let key = match key {
            Expr::Reference(r) => &*r.expr,
            k => k,
        };
        if let Expr::Lit(syn::ExprLit {
            lit: syn::Lit::Str(s),
            ..
        }) = key
        {
            self.use_.keys.push(s.value());
            return;
        }
        match key {
            Expr::Path(p) if p.qself.is_none() => match p.path.get_ident() {
                Some(id) if self.params.iter().any(|n| id == n) && id != self.name => {
                    self.use_.keyed_by.push(id.to_string());
                }
                _ => self.use_.opaque = true,
            },
            _ => self.use_.opaque = true,
        }
    }

    fn args<'e>(&mut self, args: impl Iterator<Item = &'e Expr>) {
        for a in args {
            if self.is_whole_arg(a) {
                self.use_.passed += 1;
            } else {
                self.visit_expr(a);
            }
        }
    }

    /// Tokens of a macro call: `name.field` reads the field; `name` anywhere else (`{:?}`
    /// of it, `json!(name)`, a method of its own), or `{name}` in a format string, is a use
    /// whose effect is not known.
    fn tokens(&mut self, tokens: TokenStream) {
        let tt: Vec<TokenTree> = tokens.into_iter().collect();
        for (i, t) in tt.iter().enumerate() {
            match t {
                TokenTree::Group(g) => self.tokens(g.stream()),
                TokenTree::Ident(id) if id == self.name => {
                    let after_dot =
                        i > 0 && matches!(&tt[i - 1], TokenTree::Punct(p) if p.as_char() == '.');
                    if after_dot {
                        continue;
                    }
                    match (tt.get(i + 1), tt.get(i + 2), tt.get(i + 3)) {
                        (Some(TokenTree::Punct(p)), Some(TokenTree::Ident(f)), next)
                            if p.as_char() == '.'
                                && !matches!(next, Some(TokenTree::Group(g))
                                    if g.delimiter() == proc_macro2::Delimiter::Parenthesis) =>
                        {
                            self.use_
                                .fields
                                .push(f.to_string().trim_start_matches("r#").to_string());
                        }
                        // `json!({"bed": args["bed"]})`: a key read by its name.
                        (Some(TokenTree::Group(g)), ..)
                            if g.delimiter() == proc_macro2::Delimiter::Bracket =>
                        {
                            match syn::parse2::<syn::LitStr>(g.stream()) {
                                Ok(s) => self.use_.keys.push(s.value()),
                                Err(_) => self.use_.opaque = true,
                            }
                        }
                        _ => self.use_.opaque = true,
                    }
                }
                TokenTree::Literal(l) => {
                    let text = l.to_string();
                    let inline = [format!("{{{}}}", self.name), format!("{{{}:", self.name)];
                    if inline.iter().any(|s| text.contains(s.as_str())) {
                        self.use_.opaque = true;
                    }
                }
                _ => {}
            }
        }
    }
}

impl<'ast> Visit<'ast> for Scan<'_> {
    fn visit_expr(&mut self, e: &'ast Expr) {
        match e {
            Expr::Field(f) if self.is_name(&f.base) => match &f.member {
                Member::Named(n) => self.use_.fields.push(super::syntax::field_name(n)),
                Member::Unnamed(_) => self.use_.opaque = true,
            },
            Expr::Call(c) => {
                self.visit_expr(&c.func);
                self.args(c.args.iter());
            }
            // `args.get("bed")`, `args.contains_key(key)`: a key of the map is read.
            Expr::MethodCall(m)
                if self.is_whole_arg(&m.receiver)
                    && m.args.len() == 1
                    && matches!(
                        m.method.to_string().as_str(),
                        "get" | "get_mut" | "contains_key"
                    ) =>
            {
                self.key(&m.args[0]);
            }
            Expr::Index(i) if self.is_name(&i.expr) => self.key(&i.index),
            Expr::MethodCall(m) => {
                // A method of the value's own type reads what it likes of it.
                if self.is_whole_arg(&m.receiver) {
                    self.use_.opaque = true;
                } else {
                    self.visit_expr(&m.receiver);
                }
                self.args(m.args.iter());
            }
            e if self.is_name(e) => self.use_.opaque = true,
            e => visit::visit_expr(self, e),
        }
    }

    /// A pattern binding the name again hides the value: which uses are its is not known
    /// without scopes, so every use is.
    fn visit_pat_ident(&mut self, p: &'ast syn::PatIdent) {
        if p.ident == self.name {
            self.use_.opaque = true;
        }
        visit::visit_pat_ident(self, p);
    }

    fn visit_macro(&mut self, m: &'ast syn::Macro) {
        self.tokens(m.tokens.clone());
    }

    /// An item declared in the body is another scope.
    fn visit_item(&mut self, _: &'ast syn::Item) {}
}
