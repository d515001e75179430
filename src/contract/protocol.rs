//! Which MCP revision an rmcp server speaks: what its rmcp release does with the version a
//! client asks for in `initialize`, and what the server's `ServerHandler` says. A rule that
//! holds from one revision on (P011: SEP-1303, 2025-11-25) applies only to a server that
//! answers with that revision or a later one.

use crate::source::Span;

/// The newest revision rmcp releases know (1.8 to 3.1.4): what a server answers a client
/// asking for it, unless its `supported_protocol_versions` leaves it out.
pub const RMCP_NEWEST: &str = "2026-07-28";

/// A line of rmcp releases that behave alike for what the rules ask of them (read from
/// rmcp's `serve_server_with_ct_inner`, `ProtocolVersion` and `schema_for_input` at each
/// release tag): the revision `initialize` answers with, and whether a derived input
/// schema keeps its root `title`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum RmcpLine {
    /// Up to 1.4: the older of the client's version and the server's; no constant newer
    /// than `V_2025_06_18`, so nothing newer is ever answered.
    UpTo1_4,
    /// 1.5 to 1.7: the older of the client's version and the server's declared one, whose
    /// default (`ProtocolVersion::LATEST`) is 2025-11-25.
    From1_5To1_7,
    /// 1.8 on: the client's version whenever the server supports it (every revision the
    /// SDK knows unless `supported_protocol_versions` narrows them, 3.0 on); the declared
    /// one only for a version it does not know. A derived input schema's root `title` and
    /// `description` are stripped (before, schemars' root `title`, the type's name, stays).
    From1_8,
}

impl RmcpLine {
    /// The line a release `major.minor` belongs to; `None` before 0.2 (not read).
    pub fn of(major: u64, minor: u64) -> Option<RmcpLine> {
        match (major, minor) {
            (0, 0..=1) => None,
            (0, _) | (1, 0..=4) => Some(RmcpLine::UpTo1_4),
            (1, 5..=7) => Some(RmcpLine::From1_5To1_7),
            _ => Some(RmcpLine::From1_8),
        }
    }
}

/// What an `impl ServerHandler for T` block says of the protocol version.
#[derive(Clone, Debug, PartialEq)]
pub struct ServerProtocol {
    /// `T`, its last path segment.
    pub self_ty: String,
    /// The impl's header.
    pub span: Span,
    pub declared: DeclaredVersion,
    pub supported: SupportedVersions,
}

/// The `protocol_version` a server's `get_info` gives.
#[derive(Clone, Debug, PartialEq)]
pub enum DeclaredVersion {
    /// A `ProtocolVersion::V_YYYY_MM_DD` constant, as `YYYY-MM-DD`.
    Revision(String),
    /// The SDK's default (`ProtocolVersion::LATEST`, `Default::default()`, a field left to
    /// `..Default::default()`, or no `get_info` at all).
    SdkDefault,
    /// Built in a way not read (a variable, a helper, an `initialize` of its own).
    Unknown,
}

/// What a server's `supported_protocol_versions` allows.
#[derive(Clone, Debug, PartialEq)]
pub enum SupportedVersions {
    /// Not overridden: every revision the SDK knows.
    Sdk,
    /// Overridden with these constants, as `YYYY-MM-DD`.
    Listed(Vec<String>),
    /// Overridden in a way not read.
    Unknown,
}

/// The newest revision a server answers `initialize` with whichever of `lines` it is built
/// with: the oldest of each line's newest (`None` when one of them is unknown). `server`
/// is the `ServerHandler` of the tool's type; `None` when the tree has none, which leaves
/// rmcp's defaults only for a line where the declared version does not count and when no
/// impl of the package narrows its versions (`narrowed`).
pub fn newest_revision<'a>(
    lines: &[RmcpLine],
    server: Option<&'a ServerProtocol>,
    narrowed: bool,
) -> Option<&'a str> {
    if lines.is_empty() {
        return None;
    }
    let mut oldest: Option<&str> = None;
    for line in lines {
        let newest = match line {
            RmcpLine::UpTo1_4 => "2025-06-18",
            RmcpLine::From1_5To1_7 => match &server?.declared {
                DeclaredVersion::Revision(r) => r.as_str(),
                DeclaredVersion::SdkDefault => "2025-11-25",
                DeclaredVersion::Unknown => return None,
            },
            RmcpLine::From1_8 => match server.map(|s| &s.supported) {
                None if narrowed => return None,
                None | Some(SupportedVersions::Sdk) => RMCP_NEWEST,
                Some(SupportedVersions::Listed(l)) => l.iter().max()?.as_str(),
                Some(SupportedVersions::Unknown) => return None,
            },
        };
        oldest = Some(oldest.map_or(newest, |o| o.min(newest)));
    }
    oldest
}

#[cfg(test)]
mod tests {
    use super::*;

    fn server(declared: DeclaredVersion, supported: SupportedVersions) -> ServerProtocol {
        ServerProtocol {
            self_ty: "Shop".into(),
            span: Span::new(crate::source::FileId(0), 0, 0),
            declared,
            supported,
        }
    }

    #[test]
    fn the_release_line_decides_before_the_declaration() {
        use RmcpLine::*;
        let old = server(
            DeclaredVersion::Revision("2024-11-05".into()),
            SupportedVersions::Sdk,
        );
        // rmcp 1.8 on answers the client's version, whatever the server declares.
        assert_eq!(
            newest_revision(&[From1_8], Some(&old), false),
            Some(RMCP_NEWEST)
        );
        // 1.5 to 1.7 answer at most the declared version; before, at most 2025-06-18.
        assert_eq!(
            newest_revision(&[From1_5To1_7], Some(&old), false),
            Some("2024-11-05")
        );
        let default = server(DeclaredVersion::SdkDefault, SupportedVersions::Sdk);
        assert_eq!(
            newest_revision(&[From1_5To1_7], Some(&default), false),
            Some("2025-11-25")
        );
        assert_eq!(
            newest_revision(&[UpTo1_4, From1_8], None, false),
            Some("2025-06-18")
        );
        // Unknown: no release read, no server where the declaration counts, an override
        // not read.
        assert_eq!(newest_revision(&[], Some(&default), false), None);
        assert_eq!(newest_revision(&[From1_5To1_7], None, false), None);
        assert_eq!(newest_revision(&[From1_8], None, true), None);
        let narrowed = server(DeclaredVersion::SdkDefault, SupportedVersions::Unknown);
        assert_eq!(newest_revision(&[From1_8], Some(&narrowed), false), None);
        let listed = server(
            DeclaredVersion::SdkDefault,
            SupportedVersions::Listed(vec!["2025-03-26".into(), "2025-06-18".into()]),
        );
        assert_eq!(
            newest_revision(&[From1_8], Some(&listed), false),
            Some("2025-06-18")
        );
    }

    #[test]
    fn release_lines_follow_rmcp_tags() {
        assert_eq!(RmcpLine::of(0, 1), None);
        assert_eq!(RmcpLine::of(0, 8), Some(RmcpLine::UpTo1_4));
        assert_eq!(RmcpLine::of(1, 4), Some(RmcpLine::UpTo1_4));
        assert_eq!(RmcpLine::of(1, 7), Some(RmcpLine::From1_5To1_7));
        assert_eq!(RmcpLine::of(1, 8), Some(RmcpLine::From1_8));
        assert_eq!(RmcpLine::of(3, 1), Some(RmcpLine::From1_8));
    }
}
