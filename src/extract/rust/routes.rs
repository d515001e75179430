//! HTTP routes and request handlers in a Rust server, collected from the syn tree the Rust
//! extractor parsed (no macro expansion):
//! - axum: `.route("/path", post(handler))`, `get(a).post(b)` chains, `routing::` paths;
//! - actix-web: `#[post("/path")] async fn handler`, `web::resource("/path").route(web::post().to(h))`,
//!   `.route("/path", web::post().to(h))`;
//! - handlers: functions taking `Json<T>`, `Form<T>` or `Query<T>` (any path prefix, e.g. `web::Json`).
//!
//! Not followed: `nest`/`scope` prefixes and routers built by macros; such routes are not seen.

use super::parse::Offsets;
use crate::contract::{Extractor, Framework, Handler, Route};
use crate::source::{FileId, Span, Spanned};
use syn::spanned::Spanned as _;
use syn::visit::Visit;

/// What one file registers and handles.
#[derive(Clone, Debug, Default)]
pub struct RouteFacts {
    pub routes: Vec<Route>,
    pub handlers: Vec<Handler>,
}

/// HTTP methods as axum routers and actix attributes name them.
pub(crate) const METHODS: &[&str] = &["get", "post", "put", "patch", "delete", "head", "options"];

/// Routes and handlers of one parsed file. Spans are read while the file's proc-macro2
/// source map is alive; the caller drops the map afterwards.
///
/// Unless `routes` (the text may register one: [`scan::may_declare_routes`]), only the
/// handlers among the file's items and inline modules are read, without walking function
/// bodies: a function declared inside a body is visible only there, so a route can name
/// it only from the same file, which then has routes.
///
/// [`scan::may_declare_routes`]: super::rust::scan::may_declare_routes
pub fn collect(file: FileId, ast: &syn::File, offsets: &Offsets<'_>, routes: bool) -> RouteFacts {
    let mut facts = RouteFacts::default();
    let mut c = Collect {
        file,
        offsets,
        facts: &mut facts,
    };
    if routes {
        c.visit_file(ast);
    } else {
        super::parse::for_each_item(&ast.items, &mut |item| {
            if let syn::Item::Fn(f) = item {
                c.handler(f);
            }
        });
    }
    // Builder chains are visited outermost (last) call first: restore source order.
    facts
        .routes
        .sort_by_key(|r| (r.path.span.start(), r.handler.span.start()));
    facts
}

struct Collect<'f> {
    file: FileId,
    offsets: &'f Offsets<'f>,
    facts: &'f mut RouteFacts,
}

impl Collect<'_> {
    fn span(&self, s: proc_macro2::Span) -> Span {
        let r = self.offsets.range(s);
        Span::new(self.file, r.start, r.end)
    }

    fn lit_path(&self, e: &syn::Expr) -> Option<Spanned<String>> {
        match e {
            syn::Expr::Lit(syn::ExprLit {
                lit: syn::Lit::Str(s),
                ..
            }) => Some(Spanned::new(s.value(), self.span(s.span()))),
            _ => None,
        }
    }

    fn handler_name(&self, e: &syn::Expr) -> Option<Spanned<String>> {
        match e {
            syn::Expr::Path(p) => p
                .path
                .segments
                .last()
                .map(|s| Spanned::new(s.ident.to_string(), self.span(s.ident.span()))),
            _ => None,
        }
    }

    /// `post(h)`, `get(a).post(b)`, `web::post().to(h)`: each (METHOD, handler) in a method router.
    fn method_handlers(&self, e: &syn::Expr, out: &mut Vec<(String, Spanned<String>, Framework)>) {
        match e {
            syn::Expr::Call(c) => {
                if let syn::Expr::Path(p) = &*c.func
                    && let Some(seg) = p.path.segments.last()
                {
                    let m = seg.ident.to_string();
                    if METHODS.contains(&m.as_str())
                        && let Some(h) = c.args.first().and_then(|a| self.handler_name(a))
                    {
                        out.push((m.to_ascii_uppercase(), h, Framework::Axum));
                    }
                }
            }
            syn::Expr::MethodCall(mc) => {
                let m = mc.method.to_string();
                if METHODS.contains(&m.as_str()) {
                    if let Some(h) = mc.args.first().and_then(|a| self.handler_name(a)) {
                        out.push((m.to_ascii_uppercase(), h, Framework::Axum));
                    }
                    self.method_handlers(&mc.receiver, out);
                } else if m == "to"
                    && let syn::Expr::Call(c) = &*mc.receiver
                    && let syn::Expr::Path(p) = &*c.func
                    && let Some(seg) = p.path.segments.last()
                    && let Some(h) = mc.args.first().and_then(|a| self.handler_name(a))
                {
                    let method = seg.ident.to_string();
                    if METHODS.contains(&method.as_str()) {
                        out.push((method.to_ascii_uppercase(), h, Framework::Actix));
                    }
                }
            }
            _ => {}
        }
    }

    /// The `"/path"` of `web::resource("/path")` somewhere down a receiver chain.
    fn resource_path(&self, e: &syn::Expr) -> Option<Spanned<String>> {
        match e {
            syn::Expr::Call(c) => {
                let syn::Expr::Path(p) = &*c.func else {
                    return None;
                };
                (p.path.segments.last()?.ident == "resource")
                    .then(|| c.args.first().and_then(|a| self.lit_path(a)))
                    .flatten()
            }
            syn::Expr::MethodCall(mc) => self.resource_path(&mc.receiver),
            _ => None,
        }
    }

    /// Record `f` as a request handler: its name (returned) and the request extractors it
    /// takes.
    fn handler(&mut self, f: &syn::ItemFn) -> Spanned<String> {
        let inputs: Vec<(Extractor, Spanned<String>)> = f
            .sig
            .inputs
            .iter()
            .filter_map(|arg| match arg {
                syn::FnArg::Typed(pt) => extractor_input(&pt.ty).map(|(ex, ident)| {
                    (ex, Spanned::new(ident.to_string(), self.span(pt.ty.span())))
                }),
                syn::FnArg::Receiver(_) => None,
            })
            .collect();
        let name = Spanned::new(f.sig.ident.to_string(), self.span(f.sig.ident.span()));
        self.facts.handlers.push(Handler {
            name: name.clone(),
            inputs,
        });
        name
    }

    fn push_routes(
        &mut self,
        path: Spanned<String>,
        handlers: Vec<(String, Spanned<String>, Framework)>,
    ) {
        for (method, handler, framework) in handlers {
            self.facts.routes.push(Route {
                framework,
                method,
                path: path.clone(),
                handler,
            });
        }
    }
}

fn extractor_input(ty: &syn::Type) -> Option<(Extractor, &syn::Ident)> {
    let syn::Type::Path(tp) = ty else { return None };
    let seg = tp.path.segments.last()?;
    let ex = match seg.ident.to_string().as_str() {
        "Json" => Extractor::Json,
        "Form" => Extractor::Form,
        "Query" => Extractor::Query,
        _ => return None,
    };
    let syn::PathArguments::AngleBracketed(args) = &seg.arguments else {
        return None;
    };
    let syn::GenericArgument::Type(syn::Type::Path(inner)) = args.args.first()? else {
        return None;
    };
    Some((ex, &inner.path.segments.last()?.ident))
}

impl<'ast> Visit<'ast> for Collect<'_> {
    fn visit_expr_method_call(&mut self, mc: &'ast syn::ExprMethodCall) {
        if mc.method == "route" {
            match (mc.args.len(), mc.args.first()) {
                // axum `.route(path, method_router)`, actix `App::route(path, web::post().to(h))`.
                (2, Some(first)) => {
                    if let Some(path) = self.lit_path(first) {
                        let mut hs = Vec::new();
                        self.method_handlers(&mc.args[1], &mut hs);
                        self.push_routes(path, hs);
                    }
                }
                // actix `web::resource(path).route(web::post().to(h))`.
                (1, Some(first)) => {
                    if let Some(path) = self.resource_path(&mc.receiver) {
                        let mut hs = Vec::new();
                        self.method_handlers(first, &mut hs);
                        self.push_routes(path, hs);
                    }
                }
                _ => {}
            }
        }
        syn::visit::visit_expr_method_call(self, mc);
    }

    fn visit_item_fn(&mut self, f: &'ast syn::ItemFn) {
        let name = self.handler(f);
        // actix `#[post("/path")]`.
        for attr in &f.attrs {
            let Some(m) = attr.path().get_ident().map(|i| i.to_string()) else {
                continue;
            };
            if METHODS.contains(&m.as_str())
                && let Ok(lit) = attr.parse_args::<syn::LitStr>()
            {
                self.facts.routes.push(Route {
                    framework: Framework::Actix,
                    method: m.to_ascii_uppercase(),
                    path: Spanned::new(lit.value(), self.span(lit.span())),
                    handler: name.clone(),
                });
            }
        }
        syn::visit::visit_item_fn(self, f);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn extract(file: FileId, text: &str) -> RouteFacts {
        collect(
            file,
            &syn::parse_file(text).unwrap(),
            &Offsets::new(text),
            true,
        )
    }

    const AXUM: &str = r#"
use axum::{routing::{get, post}, Json, Router, extract::Query};
async fn add_cart_line(State(s): State<AppState>, Json(input): Json<AddCartLine>) -> StatusCode { todo!() }
async fn search(Query(q): Query<models::Search>) -> Json<Vec<Table>> { todo!() }
fn app() -> Router {
    Router::new()
        .route("/api/cart/lines", post(add_cart_line).get(list_lines))
        .route("/api/tables/search", axum::routing::get(handlers::search))
}
"#;

    #[test]
    fn without_routes_only_the_handlers_of_items_and_modules_are_read() {
        let text = "async fn add(Json(i): Json<In>) {}\n\
                    mod api { pub async fn list(Query(q): Query<Q>) {} }\n\
                    fn app() { async fn inner(Json(x): Json<X>) {} }\n\
                    impl S { async fn m(Json(x): Json<X>) {} }\n";
        let ast = syn::parse_file(text).unwrap();
        let names = |routes| -> Vec<String> {
            collect(FileId(0), &ast, &Offsets::new(text), routes)
                .handlers
                .into_iter()
                .map(|h| h.name.value)
                .collect()
        };
        assert_eq!(names(false), ["add", "list", "app"]);
        assert_eq!(names(true), ["add", "list", "app", "inner"]);
    }

    #[test]
    fn axum_routes_and_handlers() {
        let f = extract(FileId(0), AXUM);
        let routes: Vec<_> = f
            .routes
            .iter()
            .map(|r| {
                (
                    r.method.as_str(),
                    r.path.value.as_str(),
                    r.handler.value.as_str(),
                )
            })
            .collect();
        assert_eq!(
            routes,
            [
                ("POST", "/api/cart/lines", "add_cart_line"),
                ("GET", "/api/cart/lines", "list_lines"),
                ("GET", "/api/tables/search", "search"),
            ]
        );
        let h = &f.handlers[0];
        assert_eq!(h.name.value, "add_cart_line");
        assert_eq!(h.inputs[0].0, Extractor::Json);
        assert_eq!(h.inputs[0].1.value, "AddCartLine");
        assert_eq!(
            &AXUM[h.inputs[0].1.span.start()..h.inputs[0].1.span.end()],
            "Json<AddCartLine>"
        );
        assert_eq!(f.handlers[1].inputs[0].1.value, "Search");
    }

    #[test]
    fn actix_routes() {
        let src = r#"
#[post("/api/orders")]
async fn create(body: web::Json<NewOrder>) -> HttpResponse { todo!() }
fn config(cfg: &mut web::ServiceConfig) {
    cfg.service(web::resource("/api/items").route(web::put().to(put_item)));
    App::new().route("/api/ping", web::get().to(ping));
}
"#;
        let f = extract(FileId(0), src);
        let routes: Vec<_> = f
            .routes
            .iter()
            .map(|r| {
                (
                    r.framework,
                    r.method.as_str(),
                    r.path.value.as_str(),
                    r.handler.value.as_str(),
                )
            })
            .collect();
        assert_eq!(
            routes,
            [
                (Framework::Actix, "POST", "/api/orders", "create"),
                (Framework::Actix, "PUT", "/api/items", "put_item"),
                (Framework::Actix, "GET", "/api/ping", "ping"),
            ]
        );
        assert_eq!(f.handlers[0].inputs[0].1.value, "NewOrder");
    }
}
