//! The description claim extractor, phrase by phrase: what each wording must yield, and
//! what must yield nothing. Each row reads one description and lists every claim found
//! as `subject kind @words`, in order.

use contractlint::contract::ClaimKind;
use contractlint::extract::description;
use contractlint::link::claims::{Found, resolve};

/// A text read on its own (as a property's when `own` is given), resolved against `properties`.
fn read(text: &str, own: Option<&str>, properties: &[&str]) -> Vec<Found> {
    resolve(&description::read(text, own.is_some()), own, properties)
}

fn bound(v: Option<contractlint::contract::ClaimBound>, upper: bool) -> String {
    match v {
        None => "-".into(),
        Some(b) => {
            let n = contractlint::contract::format_number(b.value);
            match (upper, b.exclusive) {
                (false, false) => format!("[{n}"),
                (false, true) => format!("({n}"),
                (true, false) => format!("{n}]"),
                (true, true) => format!("{n})"),
            }
        }
    }
}

fn show(text: &str, f: &Found) -> String {
    let kind = match &f.kind {
        ClaimKind::Range { min, max, unit, .. } => {
            let u = unit.map(|u| format!(" {}", u.symbol())).unwrap_or_default();
            format!("range{},{}{u}", bound(*min, false), bound(*max, true))
        }
        ClaimKind::Required => "required".into(),
        ClaimKind::Optional => "optional".into(),
        ClaimKind::Default(v) => format!("default={v}"),
        ClaimKind::ReadOnly => "read-only".into(),
        ClaimKind::Writes(v) => format!("writes:{v}"),
        ClaimKind::Destroys(v) => format!("destroys:{v}"),
        ClaimKind::Type(t) => format!("type:{}", t.as_str()),
        ClaimKind::Values(v) => format!("values:{}", v.join("|")),
        ClaimKind::Unit(u) => format!("unit:{}", u.symbol()),
        ClaimKind::NameUnit(u) => format!("name-unit:{}", u.symbol()),
        ClaimKind::Parameter(p) => format!("param:{p}"),
        ClaimKind::LimitWording { inclusive } => format!("limit-wording:{inclusive}"),
        ClaimKind::NameLimit => "name-limit".into(),
        ClaimKind::CapWording { numbers } => format!("cap-wording:{}", numbers.join("|")),
        ClaimKind::Numbers(n) => format!("numbers:{}", n.join("|")),
    };
    let subject = f.subject.as_deref().unwrap_or("tool");
    format!("{subject} {kind} @{}", &text[f.span.range()])
}

/// (the property described, or "" for a tool description; the text; expected claims)
const PROPS: &[&str] = &[
    "account",
    "quantity",
    "sku",
    "partySize",
    "maxFoldedThicknessMm",
    "minOpenWidthMm",
    "limit",
    "query",
    "tags",
    "note",
    "sort",
    "express",
    "seats",
    "hoursBefore",
    "timeoutSeconds",
    "rowLimit",
];

#[rustfmt::skip]
const TABLE: &[(&str, &str, &[&str])] = &[
    // Ranges in a property's own description.
    ("quantity", "Number of items to add, from 1 through 5.", &["quantity range[1,5] @from 1 through 5"]),
    ("quantity", "Between 1 and 8 (inclusive).", &["quantity range[1,8] @Between 1 and 8 (inclusive)"]),
    ("quantity", "Between 1 and 8 (exclusive).", &["quantity range(1,8) @Between 1 and 8 (exclusive)"]),
    ("quantity", "How many, 1 to 5.", &["quantity range[1,5] @1 to 5"]),
    ("quantity", "How many (1–5).", &["quantity range[1,5] @1–5"]),
    ("quantity", "How many (1-5).", &["quantity range[1,5] @1-5"]),
    ("quantity", "From -10 to 10.", &["quantity range[-10,10] @From -10 to 10"]),
    ("minOpenWidthMm", "Open width; at least 1,200 mm.", &["minOpenWidthMm range[1200,- mm @at least 1,200 mm"]),
    ("minOpenWidthMm", "A minimum of 600.", &["minOpenWidthMm range[600,- @A minimum of 600"]),
    ("minOpenWidthMm", "Minimum 600 mm.", &["minOpenWidthMm range[600,- mm @Minimum 600 mm"]),
    ("maxFoldedThicknessMm", "Total thickness folded, in millimetres; no more than 80 mm.", &["maxFoldedThicknessMm unit:mm @in millimetres", "maxFoldedThicknessMm range-,80] mm @no more than 80 mm"]),
    ("maxFoldedThicknessMm", "At most 80.", &["maxFoldedThicknessMm range-,80] @At most 80"]),
    ("limit", "Results to return, up to 50.", &["limit range-,50] @up to 50"]),
    ("limit", "Must not exceed 100.", &["limit range-,100] @Must not exceed 100"]),
    ("limit", "Maximum 25 (default 10).", &["limit range-,25] @Maximum 25", "limit default=10 @default 10"]),
    ("limit", "Less than 100.", &["limit range-,100) @Less than 100"]),
    ("limit", "Fewer than 100 results.", &["limit range-,100) @Fewer than 100 results"]),
    ("limit", "Below 100.", &["limit range-,100) @Below 100"]),
    ("quantity", "Greater than 0.", &["quantity range(0,- @Greater than 0"]),
    ("quantity", "Must be above 5 and at most 30.", &["quantity range(5,- @above 5", "quantity range-,30] @at most 30"]),
    ("quantity", "A positive integer.", &["quantity range(0,- @positive", "quantity type:integer @integer"]),
    ("quantity", "Must be positive.", &["quantity range(0,- @positive"]),
    ("quantity", "Non-negative.", &["quantity range[0,- @Non-negative"]),
    ("quantity", "Zero or more.", &["quantity range[0,- @Zero or more"]),
    ("quantity", "5 or more.", &["quantity range[5,- @5 or more"]),
    ("quantity", "10 or fewer.", &["quantity range-,10] @10 or fewer"]),
    ("quantity", "Window in hours, 1 hour at least.", &["quantity unit:h @in hours", "quantity range[1,- h @1 hour at least"]),
    ("quantity", "A value of 2.5 or less.", &["quantity range-,2.5] @2.5 or less"]),
    ("quantity", "No less than -5.", &["quantity range[-5,- @No less than -5"]),
    ("note", "Free text, up to 200 characters.", &["note range-,200] characters @up to 200 characters"]),
    ("tags", "1 to 20 SKUs.", &["tags range[1,20] @1 to 20 SKUs"]),
    ("limit", "Timeout, at most 30 seconds.", &["limit range-,30] s @at most 30 seconds"]),
    ("limit", "Up to 50%.", &["limit range-,50] % @Up to 50%"]),
    ("quantity", "Between 2,000 and 10,000.", &["quantity range[2000,10000] @Between 2,000 and 10,000"]),
    // Requiredness and defaults.
    ("quantity", "Required.", &["quantity required @Required"]),
    ("quantity", "Must be provided.", &["quantity required @Must be provided"]),
    ("quantity", "(required) How many.", &["quantity required @(required)"]),
    ("quantity", "Optional.", &["quantity optional @Optional"]),
    ("quantity", "How many; if omitted, one item is added.", &["quantity optional @if omitted"]),
    ("quantity", "Defaults to 3.", &["quantity default=3 @Defaults to 3"]),
    ("express", "Use express delivery. Default: false.", &["express default=false @Default: false"]),
    ("sort", "Sort order, default is `relevance`.", &["sort default=\"relevance\" @default is `relevance`"]),
    ("quantity", "Is not required.", &["quantity optional @Is not required"]),
    ("quantity", "Required when `mode` is custom.", &[]),
    ("recursive", "Recursively delete directories. Required to delete non-empty directories.", &[]),
    ("quantity", "Required to be set.", &["quantity required @Required"]),
    ("duration_ms", "Duration to sample in milliseconds (10-1000).", &["duration_ms unit:ms @in milliseconds", "duration_ms range[10,1000] @10-1000"]),
    ("quantity", "At least one of the fields is required.", &[]),
    ("quantity", "Defaults to the shopper's usual amount.", &[]),
    // Types and values.
    ("quantity", "A whole number.", &["quantity type:integer @whole number"]),
    ("express", "True or false.", &["express type:boolean @True or false"]),
    ("quantity", "Non-integer amounts are rounded.", &[]),
    ("sort", "One of: price, rating, newest.", &["sort values:price|rating|newest @One of: price, rating, newest"]),
    ("sort", "One of `price`, `rating` or `newest`.", &["sort values:price|rating|newest @One of `price`, `rating` or `newest`"]),
    ("sort", "Either \"asc\" or \"desc\".", &["sort values:asc|desc @Either \"asc\" or \"desc\""]),
    ("sort", "One of the sort orders the catalogue supports.", &[]),
    // Units.
    ("maxFoldedThicknessMm", "Thickness (mm).", &["maxFoldedThicknessMm unit:mm @(mm)"]),
    ("maxFoldedThicknessMm", "Thickness in cm.", &["maxFoldedThicknessMm unit:cm @in cm"]),
    ("limit", "Weight in kg, at most 20 kg.", &["limit unit:kg @in kg", "limit range-,20] kg @at most 20 kg"]),
    ("limit", "Wait time, in seconds.", &["limit unit:s @in seconds"]),
    // Precision: things that must yield nothing.
    ("query", "Returns the top 10 results.", &[]),
    ("query", "Dates in ISO 8601 format.", &[]),
    ("query", "A date such as 2026-10-16.", &[]),
    ("query", "Films released from 1990 to 2020.", &[]),
    ("query", "Requires API version 2.1.3 or later.", &[]),
    ("query", "Keep the catalogue up to date.", &[]),
    ("query", "Call +1 555 0100 or 555-0199 for help.", &[]),
    ("query", "Encoded as UTF-8.", &[]),
    ("query", "Up to 3 of the listed filters.", &[]),
    ("query", "A SHA256 hash.", &[]),
    ("query", "Positive reviews only.", &[]),
    ("query", "Free text; any language.", &[]),
    ("quantity", "The number of units; the cart total must stay within the `limit` property, at most 20.", &[]),
    ("quantity", "How many; `partySize` is at most 8.", &[]),
    ("query", "Read-only fields are ignored.", &[]),
    ("query", "Version 3 of the API.", &[]),
    ("query", "Since 1999.", &[]),
    ("query", "Room 101 on floor 3.", &[]),
    // Tool descriptions: claims attach to the property named before them.
    ("", "Adds a product to the cart. Quantity must be an integer from 1 through 5; zero never removes a line.", &["tool writes:adds @Adds", "quantity type:integer @integer", "quantity range[1,5] @from 1 through 5"]),
    ("", "Books a table. `partySize` must be between 1 and 8 (inclusive).", &["tool writes:books @Books", "partySize range[1,8] @between 1 and 8 (inclusive)"]),
    ("", "Books a table; party_size is at most 8.", &["tool writes:books @Books", "partySize range-,8] @at most 8"]),
    ("", "Party size is at most 12.", &["partySize range-,12] @at most 12"]),
    ("", "Finds tables whose folded thickness is no more than 80 mm.", &["maxFoldedThicknessMm range-,80] mm @no more than 80 mm"]),
    ("", "Find an in-stock folding table at least 1,200 mm wide when open.", &[]),
    ("", "Returns up to 10 results.", &[]),
    ("", "quantity defaults to 1.", &["quantity default=1 @defaults to 1"]),
    ("", "Both fields are required.", &[]),
    ("", "The `sort` parameter is one of: price, rating.", &["tool param:sort @`sort` parameter", "sort values:price|rating @one of: price, rating"]),
    ("", "Pass the `pageToken` parameter to continue.", &["tool param:pageToken @`pageToken` parameter"]),
    ("quantity", "Overrides the `pageSize` field.", &[]),
    ("", "Each result has a `url` field and a `score` property.", &[]),
    ("", "Set argument `cursor` to the value returned last time.", &["tool param:cursor @argument `cursor`"]),
    ("", "The `from` and `to` parameters bound the dates.", &["tool param:from @`from`", "tool param:to @`to` parameters"]),
    ("", "Set by the from_id, relationship_type, and to_id parameters.", &["tool param:from_id @from_id", "tool param:relationship_type @relationship_type", "tool param:to_id @to_id parameters"]),
    ("", "The `from` and `to` values bound the dates.", &[]),
    // Side effects.
    ("", "Searches the catalogue. Read-only: it does not reserve stock, add anything to a basket or place an order.", &["tool read-only @Read-only", "tool read-only @does not reserve"]),
    ("", "This tool is read-only.", &["tool read-only @read-only"]),
    ("", "A read-only search over orders.", &["tool read-only @read-only"]),
    ("", "Looks up a booking. Nothing is changed.", &["tool read-only @Nothing is changed"]),
    ("", "Lists orders without side effects.", &["tool read-only @without side effects"]),
    ("", "Does not modify the original image, but writes a copy.", &[]),
    ("", "Creates a booking.", &["tool writes:creates @Creates"]),
    ("", "It sends an email to the guest.", &["tool writes:sends @sends"]),
    ("", "Places an order for the basket.", &["tool writes:places @Places"]),
    ("", "Cancels a booking.", &["tool writes:cancels @Cancels"]),
    ("", "Overwrites the saved address.", &["tool writes:overwrites @Overwrites"]),
    ("", "Updates the delivery slot.", &["tool writes:updates @Updates"]),
    ("", "Deletes a cart line.", &["tool writes:deletes @Deletes"]),
    ("", "Returns the items the shopper adds most often.", &[]),
    ("", "Shows what the user sends most.", &[]),
    ("quantity", "Adds this many items.", &[]),
    // Realistic descriptions from MCP servers.
    ("quantity", "The number of items, at least 1. Orders over 100 items need approval.", &["quantity range[1,- @at least 1"]),
    ("sku", "Stock-keeping unit, e.g. ABC-123; 8 to 12 characters.", &["sku range[8,12] characters @8 to 12 characters"]),
    ("", "Sets the thermostat. Values between 5 and 30 degrees are accepted.", &["tool writes:sets @Sets"]),
    ("", "Query the database with read-only SQL. Writes are rejected.", &[]),
    ("", "Deletes nothing; only lists candidates for deletion.", &[]),
    ("quantity", "Must be greater than or equal to 1 and less than or equal to 99.", &["quantity range[1,- @greater than or equal to 1", "quantity range-,99] @less than or equal to 99"]),
    ("quantity", "Optional quantity (defaults to 1 if omitted).", &["quantity optional @Optional", "quantity default=1 @defaults to 1", "quantity optional @if omitted"]),
    ("quantity", "Count; at least 2 per order, for bulk items only.", &[]),
    ("", "Updates are applied immediately. Read-only mode is not supported.", &[]),
    ("", "Returns a list of products. Read only.", &["tool read-only @Read only"]),
    ("", "Search the web. Returns up to 10 results, each with a snippet of at most 300 characters.", &[]),
    ("", "Creates a GitHub issue in the given repository. Requires a token with repo scope.", &["tool writes:creates @Creates"]),
    ("limit", "At most 10 when express delivery is chosen.", &[]),
    ("quantity", "Orders under 5 items ship free.", &[]),
    ("", "List files in a directory. Does not follow symlinks.", &[]),
    ("maxFoldedThicknessMm", "The table must be no more than 80 mm thick when folded.", &["maxFoldedThicknessMm range-,80] mm @no more than 80 mm"]),
    ("minOpenWidthMm", "At least 1,200 mm wide when open.", &["minOpenWidthMm range[1200,- mm @At least 1,200 mm"]),
    ("limit", "Maximum number of results to return (default: 10, max: 100).", &["limit default=10 @default: 10", "limit range-,100] @max: 100"]),
    ("limit", "Number of results per page (1-100, default 20).", &["limit range[1,100] @1-100", "limit default=20 @default 20"]),
    // A default for some cases only is no claim about the property's default.
    ("includePaths", "Include file paths (default: false in compact mode).", &[]),
    ("includeHeaders", "Include the header row (default: true for csv).", &[]),
    ("pageSize", "Rows per page; defaults to 20 when omitted.", &["pageSize default=20 @defaults to 20", "pageSize optional @when omitted"]),
    ("query", "Search query (max 500 chars).", &["query range-,500] characters @max 500 chars"]),
    ("limit", "The port, 1-65535.", &["limit range[1,65535] @1-65535"]),
    ("query", "Call 20-7946 0018 or 0800-123 456.", &[]),
    ("sort", "Either 'asc' or 'desc'.", &["sort values:asc|desc @Either 'asc' or 'desc'"]),
    ("sort", "The shopper's preferred order; the users' default.", &[]),
    ("", "Create a new issue in the repository.", &["tool writes:creates @Create"]),
    ("", "Delete a file. This cannot be undone.", &["tool writes:deletes @Delete"]),
    ("", "Update history for a file, newest first.", &[]),
    ("", "Set of tools for the calendar.", &[]),
    ("", "Search issues by label.", &[]),
    ("quantity", "Number of guests (e.g. 4 to 6).", &[]),
    ("quantity", "Guests, for example 2 to 4; at most 8.", &["quantity range-,8] @at most 8"]),
    ("quantity", "A small party such as 2 or 3.", &[]),
    ("sku", "Stock-keeping unit, i.e. the product code; 8 to 12 characters.", &["sku range[8,12] characters @8 to 12 characters"]),
    ("content", "The text to write. Files larger than 10 MB are rejected.", &[]),
    ("quantity", "Values greater than 99 are clamped to 99.", &[]),
    ("count", "Click count. Anything above 1 skips the accessibility path entirely.", &[]),
    ("quantity", "Number of pizzas. Use quantity > 1 for repeated identical pizzas.", &[]),
    ("depth", "Pick depth above 3 for large trees.", &[]),
    ("depth", "Hop depth. Keep depth<=2 for LLM context budgets.", &[]),
    ("depth", "Call depth. Avoid depth>3 to prevent neighbor explosion.", &[]),
    ("depth", "Keep depth at most 4.", &["depth range-,4] @at most 4"]),
    ("brightness", "Set brightness level (0-100%) for a device.", &["brightness range[0,100] % @0-100%"]),
    ("quantity", "Use a quantity between 1 and 5.", &["quantity range[1,5] @between 1 and 5"]),
    ("maxBytes", "Optional maximum bytes to return (default: 1MB).", &["maxBytes optional @Optional"]),
    ("maxBytes", "Optional maximum bytes to return (default: 1 page).", &["maxBytes optional @Optional", "maxBytes default=1 @default: 1"]),
    ("timeout", "Request timeout (default: 30s).", &["timeout default=30 @default: 30s"]),
    ("count", "Click count, at most 3. Everything over 1 is sent as one event.", &["count range-,3] @at most 3"]),
    ("", "Use the 'head' parameter to read only the first N lines.", &["tool param:head @'head' parameter"]),
    ("", "List all projects. Use project names in the 'project' parameter of other tools to target one.", &[]),
    ("count", "Number of results (1-20, default 10).", &["count range[1,20] @1-20", "count default=10 @default 10"]),
    ("offset", "Pagination offset (max 9, default 0).", &["offset range-,9] @max 9", "offset default=0 @default 0"]),
    ("", "Retrieves the latest 5 commits. At least one of path or sha must be given.", &[]),
    ("quantity", "Must be from 1 to 5, otherwise the call is rejected.", &["quantity range[1,5] @from 1 to 5"]),
    ("quantity", "At most 10 when express delivery is chosen, otherwise at most 20.", &[]),
    ("quantity", "Number of items; an optional gift note can be added separately.", &[]),
    ("", "Optional filters such as `sku` narrow the list.", &[]),
    ("", "Adds a line; `sku` is optional when a barcode is given.", &["tool writes:adds @Adds"]),
    ("quantity", "How many (optional).", &["quantity optional @optional"]),
    ("quantity", "How many to add\u{a0}— no more than 5.", &["quantity range-,5] @no more than 5"]),
    // Allowed values after "must be", read only when the items are identifiers or quoted.
    ("sort", "Mode to run in, must be start_play or run_server.", &["sort values:start_play|run_server @must be start_play or run_server"]),
    ("sort", "Must be `asc` or `desc`.", &["sort values:asc|desc @Must be `asc` or `desc`"]),
    ("sort", "Should be \"price\", \"rating\" or \"newest\".", &["sort values:price|rating|newest @Should be \"price\", \"rating\" or \"newest\""]),
    ("sort", "Has to be by_price or by_rating.", &["sort values:by_price|by_rating @Has to be by_price or by_rating"]),
    ("note", "Must be short or empty.", &[]),
    ("sort", "Must be start_play.", &[]),
    ("query", "Clone URL. Must be `http://` or `https://`.", &[]),
    ("query", "Must be a valid SQL or GraphQL query.", &[]),
    // Sign words with "or zero" are a bound of 0 inclusive.
    ("limit", "Lines to skip; must be positive or zero.", &["limit range[0,- @positive or zero"]),
    ("limit", "Zero or positive.", &["limit range[0,- @Zero or positive"]),
    ("limit", "Must be positive.", &["limit range(0,- @positive"]),
    // Destroying words name a destructive tool, wherever they stand, unless negated.
    ("", "Create a new file or completely overwrite an existing file with new content.", &["tool writes:creates @Create", "tool destroys:overwrite @overwrite"]),
    ("", "Permanently removes the torrent and its data.", &["tool destroys:permanently @Permanently"]),
    ("", "Appends a line; never overwrites the file.", &["tool writes:appends @Appends"]),
    ("", "Writes a copy without overwriting the original.", &["tool writes:writes @Writes"]),
    ("", "Fails instead of deleting anything.", &[]),
    ("", "Lists the files that were deleted last week.", &[]),
    ("", "Existing files are overwritten.", &["tool destroys:overwritten @overwritten"]),
    ("quantity", "Quantity; the line is deleted when this is 0.", &[]),
    // A bare name between "the" and "parameter" names a parameter.
    ("", "Each item in the what parameter is a table or a record id.", &["tool param:what @what parameter"]),
    ("", "The thing argument selects the record.", &["tool param:thing @thing argument"]),
    ("", "Pass the optional parameter to filter.", &[]),
    ("", "The first argument is the table.", &[]),
    ("", "Set the Limit parameter.", &[]),
    ("", "Use the limit parameters wisely.", &[]),
    // A type word before a noun is about that noun ("an integer quantity"), not about the
    // property named before it; after a copula it is about the subject.
    ("", "Requires sku and an integer quantity.", &["sku required @Requires", "quantity required @Requires", "quantity type:integer @integer"]),
    ("", "Requires an integer quantity and a sku.", &["quantity required @Requires", "sku required @Requires", "quantity type:integer @integer"]),
    ("", "Takes a `sku` and a whole number `quantity`.", &["quantity type:integer @whole number"]),
    ("", "Adds the sku with a boolean `express` flag.", &["tool writes:adds @Adds", "express type:boolean @boolean"]),
    ("", "Returns the sku and an integer count.", &[]),
    ("", "Looks up the sku, then a boolean answer is returned.", &[]),
    ("", "The sku must be given; quantity is an integer.", &["sku required @must be given", "quantity type:integer @integer"]),
    ("", "`quantity`, an integer between 1 and 5.", &["quantity type:integer @integer", "quantity range[1,5] @between 1 and 5"]),
    ("", "`quantity` (integer) is the count.", &["quantity type:integer @integer"]),
    ("quantity", "An integer count of items.", &["quantity type:integer @integer"]),
    ("quantity", "Like `sku`, an integer limit applies.", &[]),
    ("", "Search with boolean query syntax.", &[]),
    ("query", "Boolean query: +term -term |term.", &[]),
    ("", "Supports Boolean search over the sku.", &[]),
    ("express", "A boolean flag; true ships today.", &["express type:boolean @boolean"]),
    ("", "Set the boolean `express` option to ship today.", &["express type:boolean @boolean", "tool param:express @`express` option"]),
    ("", "Requires an integer quantity limit.", &[]),
    ("express", "Express delivery (boolean).", &["express type:boolean @boolean"]),
    // A type word in a list of types names one of several: the value may be any of them.
    ("value", "Value should be JSON (string, number, boolean).", &[]),
    ("value", "A string or an integer.", &[]),
    ("count", "An integer number of days.", &["count type:integer @integer"]),
    // A type offered beside another kind of value is one alternative, not the type.
    ("account", "Chat ID (integer for user, or @username for channel)", &[]),
    ("account", "An integer id or a handle.", &[]),
    // Near misses: a bound, another example, leaving it out, a parenthesis.
    ("quantity", "An integer, 1 or more.", &["quantity type:integer @integer", "quantity range[1,- @1 or more"]),
    ("quantity", "An integer such as 5 or 10.", &["quantity type:integer @integer"]),
    ("quantity", "An integer, or omit it for one.", &["quantity type:integer @integer"]),
    ("express", "A boolean (true or false).", &["express type:boolean @boolean"]),
    // Values compare as values: quotes inside a code span are the string's, not part of it.
    ("sort", "Layout of the result (default: `\"grid\"`).", &["sort default=\"grid\" @default: `\"grid\"`"]),
    ("sort", "Defaults to `'newest'`.", &["sort default=\"newest\" @Defaults to `'newest'`"]),
    ("sort", "One of `\"asc\"`, `\"desc\"`.", &["sort values:asc|desc @One of `\"asc\"`, `\"desc\"`"]),
    ("limit", "Page size (default: `\"20\"`).", &["limit default=\"20\" @default: `\"20\"`"]),
    ("limit", "Page size (default: `20`).", &["limit default=20 @default: `20`"]),
    // A sign word that says what a sign means is no bound; an explicit range wins.
    ("limit", "Lag in frames (positive = y leads x). Range: 0..60.", &["limit range[0,60] @0..60"]),
    ("limit", "Offset in frames; positive means later, negative earlier.", &[]),
    ("limit", "Offset; positive values shift right.", &[]),
    ("limit", "Must be positive; between 1 and 60.", &["limit range[1,60] @between 1 and 60"]),
    ("limit", "Lag (positive: y leads x), from -60 to 60.", &["limit range[-60,60] @from -60 to 60"]),
    ("limit", "A positive number of frames.", &["limit range(0,- @positive"]),
    // The noun after the number names the property it bounds.
    ("", "Holds seats for a show; you may hold at most 6 seats.", &["tool writes:holds @Holds", "seats range-,6] @at most 6 seats"]),
    ("", "Reserve between 1 and 4 seats.", &["tool writes:reserves @Reserve", "seats range[1,4] @between 1 and 4 seats"]),
    ("", "At most 6 results are returned.", &[]),
    ("", "Lists shows with at most 6 seats left.", &[]),
    ("", "Up to 10 items per page.", &[]),
    ("quantity", "At most 6 seats.", &["quantity range-,6] @At most 6 seats"]),
    // Write verbs in a tool's description, and the words they are not.
    ("", "Hold seats for a performance.", &["tool writes:holds @Hold"]),
    ("", "Email the customer a receipt.", &["tool writes:emails @Email"]),
    ("", "Returns the email address of the customer.", &[]),
    ("", "Hold on to the result for later calls.", &[]),
    ("", "Looks up which seats are on hold.", &[]),
    ("", "Email addresses are masked.", &[]),
    ("", "Holds are released after ten minutes.", &[]),
    ("", "Email delivery status for an order.", &[]),
    ("", "Install instructions for the plugin.", &[]),
    ("", "Lock status of a file.", &[]),
    ("", "Notify the guest by email.", &["tool writes:notifies @Notify"]),
    ("", "Grants a user access to the venue.", &["tool writes:grants @Grants"]),
    ("", "Publish the draft for the given sku.", &["tool writes:publishes @Publish"]),
    // A unit in the text against the unit in the name.
    ("hoursBefore", "How long before the show to remind, in minutes.", &["hoursBefore unit:min @in minutes"]),
    ("hoursBefore", "Hours before the show, e.g. 24.", &[]),
    // A bound in a unit only one property is measured in is about that property.
    ("", "Waits for the job, up to 30 seconds.", &["timeoutSeconds range-,30] s @up to 30 seconds"]),
    ("", "Reminds the guest up to 48 hours ahead.", &["hoursBefore range-,48] h @up to 48 hours"]),
    ("", "Returns up to 20 results within 5 minutes.", &[]),
    ("", "Files of up to 10 MB are accepted.", &[]),
    ("", "Requires a positive integer quantity.", &["quantity required @Requires", "quantity type:integer @integer"]),
    ("", "Boolean operators AND, OR and NOT are supported.", &[]),
    ("", "Integer overflow is reported as an error.", &[]),
    ("", "Both fields are optional.", &[]),
    ("", "`sku` and the number of items are listed.", &[]),
    // A counted noun that is no property's: the bound is about that thing.
    ("", "Searches by query, up to 25,000 rows with pagination.", &["rowLimit range-,25000] @up to 25,000 rows"]),
    ("", "Runs the query, at most 500 pages.", &[]),
    // Requiredness in some cases only is no claim.
    ("note", "Required with `sku`.", &[]),
    ("note", "Required for gift orders; ignored otherwise.", &[]),
    ("note", "Is required only in bulk mode.", &[]),
    ("", "Lists the runs of a sku (optional limit; all runs when omitted).", &["limit optional @optional"]),
    // Parameters of other tools are not this tool's.
    ("", "Call first: every tool except `health` accepts an optional `account` parameter.", &[]),
    ("", "All other tools take the `account` argument returned here.", &[]),
    ("", "Pass the `account` parameter to pick a mailbox.", &["tool param:account @`account` parameter"]),
    ("", "Pass the index to list_accounts's `account` parameter.", &[]),
    ("", "Pass the index to listAccounts\u{2019}s `account` parameter.", &[]),
    ("", "Pass the tool's `account` parameter.", &["tool param:account @`account` parameter"]),
    // An imperative that adds to the request, not to stored state.
    ("", "Lists the runs; add filters for sku and date.", &[]),
    ("", "Lists the runs. Add a filter on sku to narrow them.", &[]),
    ("", "Add a note to the run.", &["tool writes:adds @Add"]),
    // A listed value marked as the default.
    ("sort", "Valid options: \"locked\" (default): keep the lockfile; \"unlocked\": allow updates.", &["sort default=\"locked\" @\"locked\" (default)"]),
    ("sort", "One of `grid` (the default) or `list`.", &["sort default=\"grid\" @`grid` (the default)"]),
    ("sort", "Use `grid` (defaults vary by client).", &[]),
    // Coordinated subjects: a claim after "a and b are …" is about each of them.
    ("", "Both `sku` and `quantity` are required.", &["sku required @are required", "quantity required @are required"]),
    ("", "sku, quantity and note must be provided.", &["sku required @must be provided", "quantity required @must be provided", "note required @must be provided"]),
    ("", "`sku` and `quantity` are optional.", &["sku optional @optional", "quantity optional @optional"]),
    ("", "sku or quantity is required.", &[]),
    ("", "The sku and the quantity are required.", &["sku required @are required", "quantity required @are required"]),
    ("", "Send sku and quantity; the latter is required.", &["tool writes:sends @Send"]),
    ("", "Either sku or quantity must be provided.", &[]),
    // Required and optional properties listed after the claim: "Requires A and B", a
    // "Required:" heading. Alternatives, conditions and other subjects claim nothing.
    ("", "Requires `sku` and `quantity`.", &["sku required @Requires", "quantity required @Requires"]),
    ("", "Adds a line to the cart. Requires sku and quantity.", &["tool writes:adds @Adds", "sku required @Requires", "quantity required @Requires"]),
    ("", "This tool requires `sku`, and returns the line.", &["sku required @requires"]),
    ("", "(Requires the `sku` field and a quantity.)", &["sku required @Requires", "quantity required @Requires"]),
    ("", "Required: sku, quantity. Optional: note.", &["sku required @Required:", "quantity required @Required:", "note optional @Optional:"]),
    ("", "Required parameters: `sku`, `quantity`.", &["sku required @Required parameters:", "quantity required @Required parameters:"]),
    ("", "Optional parameters: `limit`.", &["limit optional @Optional parameters:"]),
    ("quantity", "Optional: one item when omitted.", &["quantity optional @Optional", "quantity optional @when omitted"]),
    ("quantity", "Optional: one item.", &["quantity optional @Optional:"]),
    ("", "Requires sku or a barcode.", &[]),
    ("", "Requires `sku`, `quantity` or `note`.", &[]),
    ("", "Requires `sku` when no barcode is given.", &[]),
    ("", "Requires at least one of sku or quantity.", &[]),
    ("", "Requires either `sku` or `note`.", &[]),
    ("", "Requires a valid session.", &[]),
    ("", "The cart requires a sku.", &[]),
    ("", "Checkout requires quantity.", &[]),
    ("quantity", "Requires `sku` to be set.", &[]),
    ("", "Required: none.", &[]),
    ("", "Requires a sku and a quantity. Either `sku` or `note` is required.", &["quantity required @Requires"]),
    ("", "Requires sku or note, and quantity.", &[]),
    // Allowed values in the common shapes: alternatives standing alone as the value, a
    // `|` list, a heading of allowed values. Examples ("e.g.", "such as") are not the set.
    ("sort", "Sort order: `asc` or `desc`.", &["sort values:asc|desc @`asc` or `desc`"]),
    ("sort", "Sort order (`asc` or `desc`).", &["sort values:asc|desc @`asc` or `desc`"]),
    ("sort", "`asc`, `desc` or `none`.", &["sort values:asc|desc|none @`asc`, `desc` or `none`"]),
    ("sort", "Sweep mode: `\"grid\"` (exhaustive) or `\"bayesian\"` (adaptive). Default `\"grid\"`.", &["sort values:grid|bayesian @`\"grid\"` (exhaustive) or `\"bayesian\"` (adaptive)", "sort default=\"grid\" @Default `\"grid\"`"]),
    ("sort", "Output format: json|csv.", &["sort values:json|csv @json|csv"]),
    ("sort", "Output format (`json|csv|xml`).", &["sort values:json|csv|xml @`json|csv|xml`"]),
    ("sort", "Allowed values: price, rating, newest.", &["sort values:price|rating|newest @Allowed values: price, rating, newest"]),
    ("sort", "Valid options are `price` and `rating`.", &["sort values:price|rating @Valid options are `price` and `rating`"]),
    ("", "`sort`: `asc` or `desc`.", &["sort values:asc|desc @`asc` or `desc`"]),
    ("sort", "Sort order, e.g. `asc` or `desc`.", &[]),
    ("sort", "Sort order: e.g. `asc` or `desc`.", &[]),
    ("sort", "A field such as `price` or `rating`.", &[]),
    ("sort", "Sort order: `asc` or `desc` values sort the list.", &[]),
    ("sort", "Use `asc` or `desc` to change the order.", &[]),
    ("sort", "Sort order: `asc`, `desc`.", &[]),
    ("sort", "Sort by: 'cpu' or 'memory' (default 'cpu')", &["sort values:cpu|memory @'cpu' or 'memory'", "sort default=\"cpu\" @default 'cpu'"]),
    ("sort", "Image size: 'full' (original), 'half' (50%), 'quarter' (25%). Defaults to 'quarter'.", &["sort values:full|half|quarter @'full' (original), 'half' (50%), 'quarter' (25%)", "sort default=\"quarter\" @Defaults to 'quarter'"]),
    ("sort", "Search by: 'name', 'class', 'classname', or 'any' (default: 'any')", &["sort values:name|class|classname|any @'name', 'class', 'classname', or 'any'", "sort default=\"any\" @default: 'any'"]),
    ("sort", "Image size: 'full', 'half', 'quarter' and more.", &[]),
    ("sort", "Sort order: e.g. 'asc', 'desc', 'none'.", &[]),
    ("key", "Press a key: `return`, `escape`, `tab`, a letter or digit.", &[]),
    ("modifiers", "Keys to hold, as a list: `cmd`, `shift`, `alt` (or `option`), `ctrl`, `fn`.", &[]),
    ("modifiers", "Keys to hold: `cmd`, `shift` or `alt` (or `option`), in any combination.", &[]),
    ("sort", "Valid values are listed in the catalogue.", &[]),
    ("query", "A regular expression, e.g. foo|bar.", &[]),
    ("sort", "Examples: price, rating.", &[]),
    ("query", "Path to a file: `/tmp/a` or `/tmp/b`.", &[]),
    // Bare words as a property's own values: after a heading's `:`, in a parenthesis, or as
    // the whole sentence, written as names or three and more after a heading. A default mark
    // on the first item does not hide the list.
    ("sort", "Format of the converted virtual hard disk: VHD or VHDX.", &["sort values:VHD|VHDX @VHD or VHDX"]),
    ("sort", "Type of the converted disk: Fixed, Dynamic, or Differencing.", &["sort values:Fixed|Dynamic|Differencing @Fixed, Dynamic, or Differencing"]),
    ("sort", "Enables or disables Secure Boot for Generation 2 machines: On or Off.", &["sort values:On|Off @On or Off"]),
    ("sort", "Scroll direction: up, down, left, right", &["sort values:up|down|left|right @up, down, left, right"]),
    ("sort", "Member type: procedure, field, control, dataitem, or all", &["sort values:procedure|field|control|dataitem|all @procedure, field, control, dataitem, or all"]),
    ("sort", "Task priority (Low, Medium, High)", &["sort values:Low|Medium|High @Low, Medium, High"]),
    ("sort", "Snippet name (match_expr, if_let, for_loop)", &["sort values:match_expr|if_let|for_loop @match_expr, if_let, for_loop"]),
    ("sort", "click, hover, right_click, double_click, scroll, or drag.", &["sort values:click|hover|right_click|double_click|scroll|drag @click, hover, right_click, double_click, scroll, or drag"]),
    ("sort", "trusted (default) or dom_event. dom_event is untrusted.", &["sort values:trusted|dom_event @trusted (default) or dom_event"]),
    ("sort", "Which mouse button: `left` (default), `right` or `middle`.", &["sort values:left|right|middle @`left` (default), `right` or `middle`"]),
    ("sort", "Button to click: 1 (left), 2 (middle), 3 (right).", &["sort values:1|2|3 @1 (left), 2 (middle), 3 (right)"]),
    ("query", "Path: relative or absolute.", &[]),
    ("query", "Accepts: files, folders, or globs.", &[]),
    ("query", "Position (x, y, z).", &[]),
    ("query", "Coordinates (latitude, longitude, altitude).", &[]),
    ("query", "Name or email of the user.", &[]),
    ("query", "Page id or owner alias.", &[]),
    ("query", "Search scope: name, title, or body text.", &[]),
    ("query", "Search: Name or Email, then Phone.", &[]),
    ("", "Formats: json, yaml, toml.", &[]),
    ("query", "Path: a file or folder.", &[]),
    ("sort", "Archive format: zip, tar, tar.gz", &[]),
    ("sort", "Symbol kind (function, struct, class, interface, etc)", &[]),
    ("sort", "Symbol kind: function, struct, class and more", &[]),
    // Parameter names without backticks, and old or misspelt names: an identifier
    // (snake_case, camelCase, five or more characters) one or two edits from a property's
    // name. English words, exact names, types and constants name nothing.
    ("", "Books a table; set party_szie to the number of guests.", &["tool writes:books @Books", "tool param:party_szie @party_szie"]),
    ("", "Finds tables; pass `max_folded_thickness` in millimetres.", &["tool param:max_folded_thickness @`max_folded_thickness`"]),
    ("", "Waits for the job; pass `timeoutSecond` to wait longer.", &["tool param:timeoutSecond @`timeoutSecond`"]),
    ("", "Pass the timeout_secs parameter to wait longer.", &["tool param:timeout_secs @timeout_secs parameter"]),
    ("", "Reads at most rowLimt rows.", &["tool param:rowLimt @rowLimt"]),
    ("", "Reads at most row_limits rows.", &["tool param:row_limits @row_limits"]),
    ("", "Use party_size to set the size.", &[]),
    ("", "Use `partySize` to set the size.", &[]),
    ("", "Returns the row_count of the table.", &[]),
    ("", "Run list_tables first.", &[]),
    ("", "Set TIMEOUT_SECOND in the environment.", &[]),
    ("", "Returns TimedOut when the job is slow.", &[]),
    ("", "Sorts by hours before the show.", &[]),
    ("", "Every tool except `health` accepts a party_sizes argument.", &[]),
    ("", "Each result has a cc_count and a row_count.", &[]),
];

#[test]
fn every_phrasing_yields_exactly_its_claims() {
    assert!(
        TABLE.len() >= 80,
        "the table must hold at least 80 phrasings"
    );
    let mut failures = Vec::new();
    for (own, text, expected) in TABLE {
        let own = (!own.is_empty()).then_some(*own);
        let got: Vec<String> = read(text, own, PROPS)
            .iter()
            .map(|f| show(text, f))
            .collect();
        if got != *expected {
            failures.push(format!(
                "{text:?}\n   expected {expected:?}\n   got      {got:?}"
            ));
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} phrasings wrong:\n{}",
        failures.len(),
        TABLE.len(),
        failures.join("\n")
    );
}
