//! `impl ServerHandler for T` → the protocol version the server declares (`get_info`'s
//! `protocol_version`) and the versions it supports (`supported_protocol_versions`), as
//! rmcp reads them when it answers `initialize`.

use super::Ctx;
use crate::contract::{DeclaredVersion, ServerProtocol, SupportedVersions};
use syn::spanned::Spanned;
use syn::visit::Visit;

/// rmcp's types an `initialize` answer is built as.
const INFO_TYPES: &[&str] = &["ServerInfo", "InitializeResult"];

/// What an rmcp `ServerHandler` impl of `self_ty` says of the protocol version.
pub fn server_protocol(ctx: &Ctx, i: &syn::ItemImpl, self_ty: &str) -> ServerProtocol {
    let method = |name: &str| {
        i.items.iter().find_map(|it| match it {
            syn::ImplItem::Fn(f) if f.sig.ident == name => Some(f),
            _ => None,
        })
    };
    let mut declared =
        method("get_info").map_or(DeclaredVersion::SdkDefault, |f| declared_by(&f.block));
    // An `initialize` of its own answers with what it builds: the same only when it hands
    // back `get_info()` and sets no version of its own.
    if let Some(f) = method("initialize") {
        let mut seen = Mentions::default();
        seen.visit_block(&f.block);
        if seen.version || !seen.get_info {
            declared = DeclaredVersion::Unknown;
        }
    }
    let supported = method("supported_protocol_versions").map_or(SupportedVersions::Sdk, |f| {
        let mut seen = Mentions::default();
        seen.visit_block(&f.block);
        match seen.constants.len() {
            // Every path to a version in the body is a constant: the list (unread ones,
            // a variable, a parse, leave it unknown).
            n if n > 0 && n == seen.paths => SupportedVersions::Listed(seen.constants),
            _ => SupportedVersions::Unknown,
        }
    });
    ServerProtocol {
        self_ty: self_ty.to_string(),
        span: ctx.span(i.self_ty.span()),
        declared,
        supported,
    }
}

/// The version a `get_info` body gives: the values written to `protocol_version` (a struct
/// field, an assignment, `.with_protocol_version(..)`), which must all agree; none written
/// and the info built from rmcp's defaults (`ServerInfo { .., ..Default::default() }`,
/// `ServerInfo::default()`, `ServerInfo::new(..)`) is the SDK's default.
fn declared_by(block: &syn::Block) -> DeclaredVersion {
    let mut w = Writes {
        values: Vec::new(),
        defaults: false,
    };
    w.visit_block(block);
    let Some(first) = w.values.first().cloned() else {
        return match w.defaults {
            true => DeclaredVersion::SdkDefault,
            false => DeclaredVersion::Unknown,
        };
    };
    let same = |a: &DeclaredVersion, b: &DeclaredVersion| match (a, b) {
        (DeclaredVersion::Revision(x), DeclaredVersion::Revision(y)) => x == y,
        (DeclaredVersion::SdkDefault, DeclaredVersion::SdkDefault) => true,
        _ => false,
    };
    match w.values.iter().all(|v| same(v, &first)) {
        true => first,
        false => DeclaredVersion::Unknown,
    }
}

struct Writes {
    values: Vec<DeclaredVersion>,
    /// An info is built from rmcp's defaults somewhere in the body.
    defaults: bool,
}

impl<'ast> Visit<'ast> for Writes {
    fn visit_expr_struct(&mut self, s: &'ast syn::ExprStruct) {
        if last_is(&s.path, INFO_TYPES) {
            match s
                .fields
                .iter()
                .find(|f| member_is(&f.member, "protocol_version"))
            {
                Some(f) => self.values.push(value(&f.expr)),
                None => self.defaults |= s.rest.as_deref().is_some_and(is_default_call),
            }
        }
        syn::visit::visit_expr_struct(self, s);
    }

    fn visit_expr_assign(&mut self, a: &'ast syn::ExprAssign) {
        if let syn::Expr::Field(f) = &*a.left
            && member_is(&f.member, "protocol_version")
        {
            self.values.push(value(&a.right));
        }
        syn::visit::visit_expr_assign(self, a);
    }

    fn visit_expr_method_call(&mut self, m: &'ast syn::ExprMethodCall) {
        if m.method == "with_protocol_version"
            && let Some(arg) = m.args.first()
        {
            self.values.push(value(arg));
        }
        syn::visit::visit_expr_method_call(self, m);
    }

    fn visit_expr_call(&mut self, c: &'ast syn::ExprCall) {
        if let syn::Expr::Path(p) = &*c.func {
            let segs = super::syntax::segment_names(&p.path);
            if let [.., ty, f] = segs.as_slice() {
                self.defaults |=
                    INFO_TYPES.contains(&ty.as_str()) && (f == "default" || f == "new");
            }
        }
        syn::visit::visit_expr_call(self, c);
    }
}

/// A `protocol_version` value: a `ProtocolVersion::V_YYYY_MM_DD` constant, or the SDK's
/// default (`ProtocolVersion::LATEST`, `ProtocolVersion::default()`, `Default::default()`).
fn value(e: &syn::Expr) -> DeclaredVersion {
    match e {
        syn::Expr::Path(p) => match constant(&p.path) {
            Some(r) => DeclaredVersion::Revision(r),
            None if last_two(&p.path)
                .is_some_and(|(t, n)| t == "ProtocolVersion" && n == "LATEST") =>
            {
                DeclaredVersion::SdkDefault
            }
            None => DeclaredVersion::Unknown,
        },
        e if is_default_call(e) => DeclaredVersion::SdkDefault,
        _ => DeclaredVersion::Unknown,
    }
}

/// `ProtocolVersion::V_2024_11_05` → `2024-11-05`.
fn constant(path: &syn::Path) -> Option<String> {
    let (ty, name) = last_two(path)?;
    let date = name
        .strip_prefix("V_")
        .filter(|_| ty == "ProtocolVersion")?;
    let parts: Vec<&str> = date.split('_').collect();
    let digits = |s: &str, n: usize| s.len() == n && s.bytes().all(|b| b.is_ascii_digit());
    match parts.as_slice() {
        [y, m, d] if digits(y, 4) && digits(m, 2) && digits(d, 2) => Some(format!("{y}-{m}-{d}")),
        _ => None,
    }
}

fn last_two(path: &syn::Path) -> Option<(String, String)> {
    let n = path.segments.len();
    let ty = path.segments.get(n.checked_sub(2)?)?;
    Some((
        ty.ident.to_string(),
        path.segments.last()?.ident.to_string(),
    ))
}

/// `Default::default()`, `ProtocolVersion::default()`, `ServerInfo::default()`.
fn is_default_call(e: &syn::Expr) -> bool {
    let syn::Expr::Call(c) = e else { return false };
    let syn::Expr::Path(p) = &*c.func else {
        return false;
    };
    c.args.is_empty() && p.path.segments.last().is_some_and(|s| s.ident == "default")
}

fn last_is(path: &syn::Path, names: &[&str]) -> bool {
    path.segments
        .last()
        .is_some_and(|s| names.iter().any(|n| s.ident == n))
}

fn member_is(m: &syn::Member, name: &str) -> bool {
    matches!(m, syn::Member::Named(id) if id == name)
}

/// What an `initialize` or `supported_protocol_versions` body names.
#[derive(Default)]
struct Mentions {
    /// Calls `get_info()`.
    get_info: bool,
    /// Writes or names `protocol_version`.
    version: bool,
    /// `ProtocolVersion::..` paths, and the constants among them.
    paths: usize,
    constants: Vec<String>,
}

impl<'ast> Visit<'ast> for Mentions {
    fn visit_expr_method_call(&mut self, m: &'ast syn::ExprMethodCall) {
        self.get_info |= m.method == "get_info";
        self.version |= m.method == "with_protocol_version";
        syn::visit::visit_expr_method_call(self, m);
    }

    fn visit_member(&mut self, m: &'ast syn::Member) {
        self.version |= member_is(m, "protocol_version");
    }

    fn visit_path(&mut self, p: &'ast syn::Path) {
        if p.segments.iter().any(|s| s.ident == "ProtocolVersion") {
            self.paths += 1;
            self.constants.extend(constant(p));
        }
        syn::visit::visit_path(self, p);
    }
}

#[cfg(test)]
mod tests {
    use crate::contract::{DeclaredVersion, SupportedVersions};
    use crate::source::FileId;

    fn server(body: &str) -> (DeclaredVersion, SupportedVersions) {
        let text = format!("impl rmcp::ServerHandler for Shop {{ {body} }}");
        let facts = crate::extract::rust::extract(FileId(0), &text).unwrap();
        let s = facts.servers.into_iter().next().unwrap();
        assert_eq!(s.self_ty, "Shop");
        (s.declared, s.supported)
    }

    #[test]
    fn the_declared_version_is_read_where_get_info_writes_it() {
        let revision = |r: &str| DeclaredVersion::Revision(r.into());
        let cases = [
            ("", DeclaredVersion::SdkDefault),
            (
                "fn get_info(&self) -> ServerInfo { ServerInfo { protocol_version: ProtocolVersion::V_2024_11_05, ..Default::default() } }",
                revision("2024-11-05"),
            ),
            (
                "fn get_info(&self) -> ServerInfo { ServerInfo::new(caps()).with_protocol_version(ProtocolVersion::V_2025_11_25) }",
                revision("2025-11-25"),
            ),
            (
                "fn get_info(&self) -> ServerInfo { let mut i = ServerInfo::default(); i.protocol_version = ProtocolVersion::LATEST; i }",
                DeclaredVersion::SdkDefault,
            ),
            (
                "fn get_info(&self) -> ServerInfo { ServerInfo { instructions: None, ..Default::default() } }",
                DeclaredVersion::SdkDefault,
            ),
            // A version from elsewhere, an info from a helper, an `initialize` of its own.
            (
                "fn get_info(&self) -> ServerInfo { ServerInfo { protocol_version: self.version.clone(), ..Default::default() } }",
                DeclaredVersion::Unknown,
            ),
            (
                "fn get_info(&self) -> ServerInfo { self.info.clone() }",
                DeclaredVersion::Unknown,
            ),
            (
                "async fn initialize(&self, r: InitializeRequestParam, c: RequestContext<RoleServer>) -> Result<InitializeResult, McpError> { Ok(InitializeResult { protocol_version: r.protocol_version, ..Default::default() }) }",
                DeclaredVersion::Unknown,
            ),
        ];
        for (body, want) in cases {
            assert_eq!(server(body).0, want, "{body}");
        }
        // An `initialize` that hands back `get_info()` answers with what it declares.
        let logged = "fn get_info(&self) -> ServerInfo { ServerInfo { protocol_version: ProtocolVersion::V_2025_06_18, ..Default::default() } } async fn initialize(&self, r: InitializeRequestParam, c: RequestContext<RoleServer>) -> Result<InitializeResult, McpError> { tracing::info!(\"hello\"); Ok(self.get_info()) }";
        assert_eq!(server(logged).0, revision("2025-06-18"));
    }

    #[test]
    fn supported_versions_are_the_constants_an_override_lists() {
        assert_eq!(server("").1, SupportedVersions::Sdk);
        let listed = "fn supported_protocol_versions(&self) -> Cow<'static, [ProtocolVersion]> { Cow::Borrowed(&[ProtocolVersion::V_2025_03_26, ProtocolVersion::V_2025_06_18]) }";
        assert_eq!(
            server(listed).1,
            SupportedVersions::Listed(vec!["2025-03-26".into(), "2025-06-18".into()])
        );
        let known = "fn supported_protocol_versions(&self) -> Cow<'static, [ProtocolVersion]> { Cow::Borrowed(ProtocolVersion::KNOWN_VERSIONS) }";
        assert_eq!(server(known).1, SupportedVersions::Unknown);
    }
}
