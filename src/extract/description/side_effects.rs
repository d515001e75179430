//! Side effects in prose: "Read-only", "does not modify", "nothing is changed", and
//! sentences led by a state-changing verb ("Adds", "Books", "Places an order").

use super::sentence::{Phrase, Sentence};
use super::tokens::Tok;
use crate::contract::ClaimKind;

/// Verbs that change state when they lead a sentence ("Adds a line to the cart.").
const WRITE_VERBS: &[&str] = &[
    "adds",
    "appends",
    "approves",
    "archives",
    "assigns",
    "bans",
    "books",
    "cancels",
    "changes",
    "charges",
    "clears",
    "creates",
    "deletes",
    "deploys",
    "edits",
    "emails",
    "empties",
    "enrolls",
    "grants",
    "holds",
    "inserts",
    "installs",
    "invites",
    "locks",
    "merges",
    "modifies",
    "moves",
    "notifies",
    "overwrites",
    "pays",
    "places",
    "posts",
    "publishes",
    "purchases",
    "records",
    "refunds",
    "registers",
    "removes",
    "renames",
    "replaces",
    "reserves",
    "resets",
    "restarts",
    "revokes",
    "saves",
    "schedules",
    "sends",
    "sets",
    "stores",
    "submits",
    "subscribes",
    "transfers",
    "uninstalls",
    "unlocks",
    "unsubscribes",
    "updates",
    "uploads",
    "writes",
];

/// Imperatives that change state ("Create a new issue."); ambiguous ones ("Set", "Post",
/// "Record", "Order") are left out.
const IMPERATIVES: &[&str] = &[
    "add",
    "append",
    "book",
    "cancel",
    "create",
    "delete",
    "remove",
    "update",
    "send",
    "overwrite",
    "submit",
    "publish",
    "upload",
    "purchase",
    "pay",
    "refund",
    "transfer",
    "insert",
    "rename",
    "modify",
    "edit",
    "reserve",
    "write",
    "save",
    "place",
    "hold",
    "email",
    "notify",
    "invite",
    "grant",
    "revoke",
    "lock",
    "unlock",
    "ban",
    "merge",
    "deploy",
    "install",
    "uninstall",
    "restart",
];

/// Base forms that, negated, promise no change ("does not reserve stock").
const CHANGE_VERBS: &[&str] = &[
    "modify", "change", "alter", "write", "create", "delete", "update", "reserve", "place", "add",
    "remove", "book", "send", "charge", "store", "save", "persist", "mutate", "touch",
];

/// Words that say existing data is lost, wherever they stand in a sentence.
const DESTROYING: &[&str] = &[
    "overwrite",
    "overwrites",
    "overwriting",
    "overwritten",
    "delete",
    "deletes",
    "deleting",
    "deleted",
    "erase",
    "erases",
    "erasing",
    "erased",
    "wipe",
    "wipes",
    "destroy",
    "destroys",
    "destroyed",
    "purge",
    "purges",
    "purged",
    "permanently",
];

/// An imperative as a message says what the tool does: "hold" → "holds", "publish" →
/// "publishes", "notify" → "notifies".
fn third_person(verb: &str) -> String {
    if let Some(stem) = verb.strip_suffix('y')
        && !stem.ends_with(['a', 'e', 'o', 'u'])
    {
        return format!("{stem}ies");
    }
    if verb.ends_with("sh") || verb.ends_with("ch") || verb.ends_with(['s', 'x']) {
        return format!("{verb}es");
    }
    format!("{verb}s")
}

/// Whether one of the three words before `i` negates it: "does not overwrite", "never
/// deletes", "without overwriting", "instead of deleting".
fn negated(s: &Sentence, i: usize) -> bool {
    (i.saturating_sub(3)..i).any(|k| {
        matches!(
            s.word(k),
            Some(
                "not"
                    | "never"
                    | "without"
                    | "no"
                    | "doesn't"
                    | "won't"
                    | "cannot"
                    | "can't"
                    | "instead"
                    | "rather"
                    | "neither"
                    | "nor"
                    | "refuses"
                    | "avoids"
            )
        )
    })
}

/// Whether the sentence contrasts ("but", "instead", "except", "unless"): then a denial in it
/// may be about something else. Asked once per sentence, not at each token.
pub fn contrast(s: &Sentence) -> bool {
    s.t.iter()
        .any(|t| matches!(t.word(), Some("but" | "instead" | "except" | "unless")))
}

/// Side effects: "Read-only", "does not modify", "nothing is changed"; write verbs leading
/// a sentence. `contrast` is [`contrast`] of the sentence.
/// Whether the word at `i` names an operation rather than doing it: a keyword written in
/// capitals (`ON DELETE RESTRICT`, `INSERT/UPDATE/DELETE`), an item of a list joined by `/`,
/// `|` or `+` (`select|insert|update|delete`, `delete + create`), or one inside brackets
/// (`[read, list, upload, delete]`).
fn operation_name(s: &Sentence, i: usize) -> bool {
    let capitals = matches!(&s.t[i].tok, Tok::Word { orig, .. }
        if orig.len() > 1 && orig.chars().all(|c| c.is_ascii_uppercase()));
    let joined = |k: Option<usize>| {
        k.and_then(|k| s.t.get(k))
            .is_some_and(|t| matches!(t.tok, Tok::Punct('/' | '|' | '+')))
    };
    let bracketed = s.t[..i]
        .iter()
        .rev()
        .find(|t| matches!(t.tok, Tok::Punct('[' | ']')))
        .is_some_and(|t| t.is_punct('['));
    capitals || joined(i.checked_sub(1)) || joined(Some(i + 1)) || bracketed
}

/// Whether the base form at `i` qualifies the noun after it ("toggles delete protection",
/// "the overwrite flag"): after an article, a possessive or a verb already inflected for its
/// subject, a bare verb cannot be the sentence's action, so it names a kind of thing.
fn modifies_noun(s: &Sentence, i: usize) -> bool {
    let base = matches!(
        s.word(i),
        Some("delete" | "erase" | "wipe" | "destroy" | "purge" | "overwrite")
    );
    let noun_next = s.word(i + 1).is_some_and(|w| {
        !matches!(
            w,
            "a" | "an" | "the" | "all" | "any" | "every" | "it" | "them"
        )
    });
    let before = i.checked_sub(1).and_then(|k| s.word(k));
    let qualifier = before.is_some_and(|w| {
        matches!(
            w,
            "a" | "an" | "the" | "its" | "their" | "this" | "that" | "your" | "whose"
        ) || WRITE_VERBS.contains(&w)
            || matches!(
                w,
                "toggles"
                    | "enables"
                    | "disables"
                    | "controls"
                    | "configures"
                    | "manages"
                    | "has"
                    | "shows"
                    | "returns"
                    | "lists"
                    | "reports"
                    | "checks"
                    | "gets"
                    | "turns"
            )
    });
    base && noun_next && qualifier
}

/// Whether the token at `k` names one thing by its identifier (`client_id`, `` `secret` ``):
/// "does not touch client_id" bounds what the call changes, it does not say nothing changes.
fn names_identifier(s: &Sentence, k: usize) -> bool {
    s.t.get(k).is_some_and(|t| match &t.tok {
        Tok::Code(_) => true,
        Tok::Word { orig, .. } => orig.contains('_'),
        _ => false,
    })
}

pub fn effect_at(s: &Sentence, i: usize, contrast: bool) -> Option<Phrase> {
    let one = |kind, last| {
        Some(Phrase {
            kind,
            first: i,
            last,
        })
    };
    let start = {
        let mut k = 0;
        for lead in [&["this", "tool"][..], &["the", "tool"], &["it"], &["this"]] {
            if let Some(j) = s.seq(0, lead) {
                k = j;
                break;
            }
        }
        k
    };
    // "Hold on to", "hold off": another verb than "hold seats".
    let particle = matches!(s.word(i), Some("hold" | "holds"))
        && matches!(s.word(i + 1), Some("on" | "off" | "back" | "up"));
    let noun_use = particle
        || matches!(
            s.word(i + 1),
            Some(
                "nothing"
                    | "no"
                    | "are"
                    | "is"
                    | "were"
                    | "was"
                    | "will"
                    | "can"
                    | "may"
                    | "must"
                    | "should"
                    | "to"
                    | "of"
                    | "from"
            )
        );
    // Imperatives too ("Create an issue"), unless a noun follows ("Update history").
    let noun_follows = matches!(
        s.word(i + 1),
        Some(
            "history"
                | "log"
                | "logs"
                | "status"
                | "count"
                | "date"
                | "time"
                | "summary"
                | "details"
                | "info"
                | "report"
                | "preview"
                | "notes"
                | "statistics"
                | "stats"
                | "address"
                | "addresses"
                | "request"
                | "requests"
                | "conflicts"
                | "file"
                | "files"
                | "delivery"
                | "template"
                | "templates"
                | "settings"
                | "thread"
                | "threads"
                | "instructions"
        )
    );
    // "add filters for project", "add a filter on date": the caller adds to its request.
    let to_request = matches!(s.word(i), Some("add" | "append"))
        && [i + 1, i + 2].into_iter().any(|k| {
            matches!(
                s.word(k),
                Some(
                    "filter"
                        | "filters"
                        | "parameter"
                        | "parameters"
                        | "option"
                        | "options"
                        | "argument"
                        | "arguments"
                        | "flag"
                        | "flags"
                        | "criteria"
                        | "constraints"
                )
            ) && (k == i + 1
                || matches!(
                    s.word(i + 1),
                    Some("a" | "an" | "the" | "more" | "optional")
                ))
        });
    if i == start
        && !noun_use
        && let Some(w) = s.word(i)
        && (WRITE_VERBS.contains(&w) || (IMPERATIVES.contains(&w) && !noun_follows && !to_request))
    {
        let verb = match WRITE_VERBS.contains(&w) {
            true => w.to_string(),
            false => third_person(w),
        };
        return one(ClaimKind::Writes(verb), i);
    }
    // A participle says so only as this call's effect ("existing files are overwritten"),
    // not as a state ("the files that were deleted", "deleted items").
    let participle_ok = |w: &str| {
        !matches!(
            w,
            "deleted" | "overwritten" | "erased" | "destroyed" | "purged"
        ) || matches!(
            i.checked_sub(1).and_then(|k| s.word(k)),
            Some("is" | "are" | "be" | "gets" | "get")
        )
    };
    if let Some(w) = s.word(i)
        && DESTROYING.contains(&w)
        && participle_ok(w)
        && !modifies_noun(s, i)
        && !operation_name(s, i)
        && !negated(s, i)
        && !matches!(s.word(i + 1), Some("nothing" | "no"))
    {
        return one(ClaimKind::Destroys(w.to_string()), i);
    }
    let read_only = s.any(i, &[&["read-only"], &["read", "only"], &["readonly"]]);
    if let Some(j) = read_only {
        let before = i.checked_sub(1).and_then(|k| s.word(k));
        let op = matches!(
            s.word(j),
            Some(
                "search"
                    | "query"
                    | "lookup"
                    | "operation"
                    | "tool"
                    | "call"
                    | "request"
                    | "action"
            )
        );
        // "Read-only: …" or "Read-only search", not "Read-only fields are ignored".
        let alone = s.t.get(j).is_none_or(|t| matches!(t.tok, Tok::Punct(_)));
        if (i == start && (alone || op))
            || matches!(before, Some("is" | "are"))
            || (matches!(before, Some("a" | "an")) && op)
        {
            return one(ClaimKind::ReadOnly, j - 1);
        }
    }
    if !contrast {
        if let Some(j) = s.any(
            i,
            &[
                &["does", "not"],
                &["doesn't"],
                &["do", "not"],
                &["never"],
                &["will", "not"],
                &["won't"],
            ],
        ) && let Some(v) = s.word(j)
            && CHANGE_VERBS.contains(&v)
            && !names_identifier(s, j + 1)
        {
            return one(ClaimKind::ReadOnly, j);
        }
        if let Some(j) = s.any(
            i,
            &[
                &["no", "side", "effects"],
                &["no", "side-effects"],
                &["without", "side", "effects"],
                &["side-effect", "free"],
                &["side-effect-free"],
                &["nothing", "is", "changed"],
                &["nothing", "is", "modified"],
                &["nothing", "is", "written"],
                &["makes", "no", "changes"],
                &["changes", "nothing"],
                &["only", "reads"],
            ],
        ) {
            return one(ClaimKind::ReadOnly, j - 1);
        }
    }
    None
}
