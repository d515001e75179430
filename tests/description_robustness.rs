//! Bad input never panics: random mixes of numbers, signs, quotes, escapes and claim words
//! through the claim reader and every literal decoder (deterministic seed).

use contractlint::extract::description::read;
use contractlint::extract::literal::{LiteralKind, align_comment, decode};
use contractlint::link::claims::resolve;

#[test]
fn random_descriptions_and_literals_never_panic() {
    let pieces = [
        "1",
        "-",
        "−",
        "2,000",
        ".",
        "5.5",
        "`a`",
        "\"q\"",
        "“x”",
        "at least",
        " ",
        "é",
        "😀",
        "(",
        ")",
        "from",
        "to",
        "between",
        "and",
        "mm",
        "in",
        "one of:",
        "default",
        "read-only",
        ";",
        "\n",
        "1-",
        "-1",
        "v",
        "ISO",
        "+",
        "#",
        "0",
        "00",
        "1.2.3",
        "'",
        "’",
        "-5-",
        "%",
        "utf-",
        "when",
        "if",
        "`",
        "\\",
        "\\u",
        "\\u{",
        "\\x",
        "r#",
        "\\ud83d",
        "\\u00e9",
        "}",
        "\\\n",
        "${",
    ];
    let mut seed: u64 = 42;
    for _ in 0..5000 {
        let mut s = String::new();
        seed = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        let n = (seed >> 33) % 12;
        for _ in 0..n {
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            s.push_str(pieces[((seed >> 33) as usize) % pieces.len()]);
        }
        let props = ["quantity", "partySize"];
        let _ = resolve(&read(&s, true), Some("quantity"), &props);
        let _ = resolve(&read(&s, false), None, &props);
        for k in [LiteralKind::Json, LiteralKind::Rust, LiteralKind::Js] {
            let _ = decode(k, &format!("\"{s}\""));
            let _ = decode(k, &s);
        }
        let _ = align_comment(&s, &s.replace('/', ""));
    }
}
