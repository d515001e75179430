#!/usr/bin/env python3
"""Memory and time budget for hostile input (issues 23 and 41): every adversarial input of
tests/adversarial.rs, tests/budget.rs and docs/security.md, generated here at full size, is
run by the release binary under /usr/bin/time -v in `check`, `report` and `cases` (inputs
made for one format or command in that one only), with one and with two threads; each run
must finish within 10 s and 500 MB.

usage: bench/budget.py [BINARY] [--only SUBSTRING] [--from SUBSTRING] [--threads N]
       (default target/release/contractlint; build it first; --from: start at the first
       input whose name holds SUBSTRING; --threads: only that count)

Each run is capped (180 s, 4 GB address space) so that an input still over budget cannot
take the machine down; a capped run is reported as over budget. Prints a Markdown table
(the one in docs/security.md) and exits 1 if any run is over budget. The CPU column (user +
system) is what an idle machine's wall time would be at most: on a shared machine the wall
time measures the load, and "within on CPU" judges the run by its CPU time instead.
"""

import json
import os
import re
import resource
import signal
import subprocess
import sys
import tempfile
from pathlib import Path

SECONDS, MEGABYTES = 10.0, 500
CAP_SECONDS, CAP_BYTES = 180, 4 << 30

CLEAN = (
    '{"name":"addCartLine","description":"Adds a line to the cart.","inputSchema":'
    '{"$schema":"https://json-schema.org/draft/2020-12/schema","type":"object",'
    '"additionalProperties":false,"properties":{"quantity":{"type":"integer",'
    '"description":"How many.","minimum":1,"maximum":5}},"required":["quantity"]}}'
)
CARGO = '[package]\nname = "deep"\nversion = "0.1.0"\n'
INPUT = "#[derive(serde::Deserialize)]\npub struct AddCartLineInput { pub q: u8 }\n"


def rust(body):
    """A crate whose validator holds `body`, linked to the clean tool."""
    return {
        "Cargo.toml": CARGO,
        "tools.json": CLEAN,
        "src/lib.rs": INPUT + f"pub fn validate_add_cart_line(x: u8) -> bool {{ {body}; true }}\n",
    }


def nest(template, core, n):
    pre, post = template.split("$")
    return pre * n + core + post * n


def page_script(execute):
    return (
        "navigator.modelContext.registerTool({ name: 'deep', description: 'd', "
        f"inputSchema: {{ type: 'object' }}, execute: {execute} }});\n"
    )


def ref_fanout(n=500):
    """n small schema files, each property referring twice to the next file."""
    files = {"tools.json": CLEAN}
    for i in range(n):
        nxt = f'{{"$ref":"s{i + 1}.json"}}' if i + 1 < n else '{"type":"integer"}'
        files[f"s{i}.json"] = f'{{"type":"object","properties":{{"a":{nxt},"b":{nxt}}}}}'
    files["tools.json"] = (
        '{"name":"deepRef","description":"d","inputSchema":{"$ref":"s0.json"}}'
    )
    return files


def many_findings(megabytes=10):
    """One manifest of ~10 MB whose every tool has an empty range (S006) and more."""
    tool = (
        '{{"name":"t{i}","description":"d","inputSchema":{{"type":"object",'
        '"properties":{{"q":{{"type":"integer","minimum":5,"maximum":1}}}}}}}}'
    )
    out, size, i = [], 0, 0
    while size < megabytes * 1_000_000:
        t = tool.format(i=i)
        out.append(t)
        size += len(t) + 1
        i += 1
    return {"tools.json": "[" + ",".join(out) + "]"}


def long_line(findings=200):
    """A minified one-line manifest of 200 tools with findings and 5 MB of padding."""
    pad = '"x":"' + "a" * 25_000 + '",'
    tools = ",".join(
        f'{{{pad}"name":"t{i}","inputSchema":{{"type":"object","properties":'
        f'{{"q":{{"type":"integer","minimum":5,"maximum":1}}}}}}}}'
        for i in range(findings)
    )
    return {"tools.json": "[" + tools + "]"}


def dense_rust(megabytes=6, files=4):
    """Token-dense Rust files (a long array literal) with a tool marker, so each is parsed."""
    out = {"Cargo.toml": CARGO, "tools.json": CLEAN}
    n = megabytes * 1_000_000 // 2
    for k in range(files):
        out[f"src/d{k}.rs"] = (
            f'pub struct S{k};\n#[rmcp::tool_router]\nimpl S{k} {{\n'
            f'    #[tool(description = "Adds line {k}.")]\n'
            f"    pub async fn add_line_{k}(&self) -> String {{ String::new() }}\n}}\n"
            + "pub const T: &[u8] = &["
            + "1," * n
            + "];\n"
        )
    out["src/lib.rs"] = INPUT + "".join(f"mod d{k};\n" for k in range(files))
    return out


def doubling_chain(links=24):
    """Required properties whose `$ref`s each name the previous definition twice."""
    defs = {"d0": {"type": "integer", "minimum": 1}}
    for i in range(1, links):
        prev = {"$ref": f"#/$defs/d{i - 1}"}
        defs[f"d{i}"] = {"type": "object", "required": ["a", "b"],
                         "properties": {"a": prev, "b": prev}}
    schema = {"type": "object", "required": ["x"],
              "properties": {"x": {"$ref": f"#/$defs/d{links - 1}"}}, "$defs": defs}
    return {"tools.json": json.dumps(
        {"name": "chain", "description": "Chains.", "inputSchema": schema})}


def shared_fanout(tools=10, depth=8, fan=10):
    """Ten tools whose schemas are one definition that fans out 10 ways per level."""
    defs = {"d0": {"type": "integer", "minimum": 1}}
    for i in range(1, depth):
        defs[f"d{i}"] = {"type": "object", "properties": {
            f"p{k}": {"$ref": f"#/$defs/d{i - 1}"} for k in range(fan)}}
    out = {"defs.json": json.dumps({"$defs": defs})}
    out["tools.json"] = json.dumps([
        {"name": f"t{j}", "description": "d",
         "inputSchema": {"$ref": f"defs.json#/$defs/d{depth - 1}"}} for j in range(tools)])
    return out


def rust_fanout(tools=500, depth=16):
    """500 tools in a hand-written `tools/list` whose `json!` schemas each carry a definition
    that doubles per level: each is within its reader's cap, the run's budget stops the rest."""
    defs = ['"d0": {"type": "integer"}'] + [
        f'"d{i}": {{"type": "object", "properties": {{"a": {{"$ref": "#/$defs/d{i - 1}"}}, '
        f'"b": {{"$ref": "#/$defs/d{i - 1}"}}}}}}' for i in range(1, depth)]
    listed = ", ".join(
        f'{{"name": "t{j}", "description": "d", "inputSchema": {{"type": "object", '
        f'"properties": {{"x": {{"$ref": "#/$defs/d{depth - 1}"}}}}, '
        f'"$defs": {{{", ".join(defs)}}}}}}}' for j in range(tools))
    return {"Cargo.toml": CARGO + '\n[dependencies]\nserde_json = "1"\n',
            "src/lib.rs": "use serde_json::{Value, json};\n\npub fn list_tools() -> Value {\n"
            f'    json!({{"tools": [{listed}]}})\n}}\n'}


def findings_flood(properties=190_000):
    """One tool whose properties each have an empty range (S006) and no description (S008);
    the tree's own config turns preview rules on, as a pull request can."""
    props = ",".join(f'"p{i}":{{"type":"integer","minimum":5,"maximum":1}}'
                     for i in range(properties))
    return {"tools.json": '{"name":"flood","description":"d","inputSchema":'
            '{"type":"object","properties":{' + props + '}}}',
            "contractlint.toml": "preview = true\n"}


def described(text):
    return {"tools.json": json.dumps({"name": "desc", "description": text, "inputSchema": {
        "type": "object", "properties": {"q": {"type": "integer", "description": text}}}})}


def duplicate_keys(megabytes=8.8):
    n = int(megabytes * 1_000_000 / 6)
    return {"tools.json": '{"name":"dup","description":"d","inputSchema":{"type":"object"},'
            '"x":{' + ",".join(['"a":1'] * n) + "}}"}


def cases():
    """(name, files, special setup or None, tool for `cases`)."""
    for name, files, special in hostile():
        tool = "addCartLine"
        if "tools.json" in files:
            m = re.search(r'"name":\s*"([^"]+)"', files["tools.json"])
            tool = m.group(1) if m else tool
        yield name, files, special, tool


def hostile():
    """(name, files, special setup or None)."""
    impl_fn = rust("")
    impl_fn["src/lib.rs"] = (
        INPUT
        + "pub fn validate_add_cart_line(_: "
        + nest("impl Fn() -> $", "u8", 20_000)
        + ") -> bool { true }\n"
    )
    yield "Rust `impl Fn() ->` x20,000", impl_fn, None
    yield "Rust closures `|x|` x20,000", rust("let _ = " + nest("|x| $", "x", 20_000)), None
    yield "Rust `return` x30,000", rust("let _ = " + nest("return $", "x", 30_000)), None
    yield "Rust `+ 1` x200,000", rust("let _ = x" + " + 1" * 200_000), None
    yield "Rust `.min(5)` x200,000", rust("let _ = x" + ".min(5)" * 200_000), None
    yield "Rust `as u8` x100,000 (600 KB)", rust("let _ = x" + " as u8" * 100_000), None
    yield "Rust 75 chains of 1,300 casts (586 KB)", rust(("let _ = x" + " as u8" * 1_300 + ";\n") * 75), None
    yield "Rust 25 method chains of 800 calls", rust(("let _ = x" + ".min(5)" * 800 + ";\n") * 25), None
    yield "JSON tool schema nested 100,000 deep", {
        "tools.json": '{"name":"t","inputSchema":' + '{"a":' * 100_000 + "1" + "}" * 100_001
    }, None
    yield "page script `() =>` x100,000", {"tools.json": CLEAN, "web/p.js": page_script(nest("() => $", "1", 100_000))}, None
    yield "page form with 30,000 attributes", {
        "tools.json": CLEAN,
        "web/f.html": '<form toolname="t" tooldescription="d"'
        + "".join(f' a{i}="v"' for i in range(30_000))
        + '><input name="q"></form>',
    }, None
    yield ".gitignore linked to /dev/zero", {"tools.json": CLEAN, ".git/HEAD": "ref: refs/heads/main\n"}, "zero-gitignore"
    yield "FIFO named .gitignore", {"tools.json": CLEAN, ".git/HEAD": "ref: refs/heads/main\n"}, "fifo-gitignore"
    yield "contractlint.toml linked to /dev/zero", {"tools.json": CLEAN}, "zero-config"
    yield "cross-file `$ref` fan-out, 500 files", ref_fanout(), None
    yield "10 MB manifest, one finding per tool", many_findings(), None
    for fmt in ["human", "sarif", "github", "concise"]:
        yield f"10 MB manifest, `--format {fmt}`", many_findings(), fmt
    yield "10 MB manifest, `report --format json`", many_findings(), "report"
    yield "10 MB manifest, `report --format html`", many_findings(), "report-html"
    # `group = false` keeps one finding per tool and rule: the report's per-tool lookup.
    ungrouped = dict(many_findings(), **{"contractlint.toml": "group = false\n"})
    yield "10 MB manifest, `group = false`, `report --format json`", ungrouped, "report"
    yield "one-line 5 MB manifest, 200 findings (human)", long_line(), "human"
    yield "4 token-dense 6 MB Rust files, 4 threads", dense_rust(), "threads4"
    # Issue 41.
    yield "`$ref` chain doubling per link, 24 links, all required", doubling_chain(), None
    yield "10 tools sharing one definition that fans out 10 ways, 8 deep", shared_fanout(), None
    yield "500 `json!` tools, each a definition doubling 16 deep", rust_fanout(), None
    yield "description: 1 MB of nested `([` … `])`", described(
        "([" * 250_000 + "x" + "])" * 250_000), None
    yield "description: 160 KB of `(x) `", described("(x) " * 40_000), None
    yield "description: 400 KB of unclosed curly quotes", described("\u201ca " * 100_000), None
    yield "8.8 MB of duplicate keys", duplicate_keys(), None
    yield "one tool, 190,000 properties each an S006 and S008 finding (10 MB)", findings_flood(), None
    yield "150 nested `.gitignore` files of 1 MiB", {"tools.json": CLEAN}, "nested-gitignores"
    yield "`max-file-size = 2000000000` committed, a 1 GB sparse manifest", {
        "tools.json": CLEAN, "contractlint.toml": "max-file-size = 2000000000\n"}, "sparse-1g"
    yield "11 MB manifest padded before its tools", {"tools.json": json.dumps(
        {"pad": "x" * 11_000_000, "name": "padded", "description": "d",
         "inputSchema": {"type": "object"}})}, None
    yield "`check -`: 11 MB on standard input", {}, "stdin-big"
    yield "`cases --run`: a server writing an endless line", {"tools.json": CLEAN}, "run-zero"
    yield "`--cases-file /dev/zero`", {"tools.json": CLEAN}, "cases-file-zero"
    for fmt in ["json", "human"]:
        yield f"100,000 tools (`bench/gen_tools.py`), `--format {fmt} --no-group`", {}, \
            f"tools100k-{fmt}"


def write(root, files):
    for name, text in files.items():
        p = root / name
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_text(text)


def setup(root, special):
    if special == "nested-gitignores":
        (root / ".git").mkdir()
        (root / ".git/HEAD").write_text("ref: refs/heads/main\n")
        rules = "".join(f"n{i:07}\n" for i in range(131_072))[: 1 << 20]
        at = root
        for level in range(150):
            (at / ".gitignore").write_text(rules)
            at = at / f"d{level}"
            at.mkdir()
        (at / "tools.json").write_text(CLEAN)
    elif special == "sparse-1g":
        with open(root / "big.json", "wb") as f:
            f.write(b'{"pad":"')
            f.truncate(1 << 30)
    elif special == "stdin-big":
        (root / "stdin.json").write_text(json.dumps({"pad": "x" * 11_000_000}))
    elif special and special.startswith("tools100k"):
        gen = Path(__file__).resolve().parent / "gen_tools.py"
        subprocess.run([sys.executable, str(gen), "100000", str(root)], check=True,
                       stdout=subprocess.DEVNULL)
    elif special == "zero-gitignore":
        os.symlink("/dev/zero", root / ".gitignore")
    elif special == "fifo-gitignore":
        os.mkfifo(root / ".gitignore")
    elif special == "zero-config":
        os.symlink("/dev/zero", root / "contractlint.toml")


def limit():
    resource.setrlimit(resource.RLIMIT_AS, (CAP_BYTES, CAP_BYTES))


def command(binary, special, verb, tool):
    """The command line of one run, and the file its standard input comes from."""
    fmt = special if special in ("human", "sarif", "github", "concise") else "json"
    if special == "report-html":
        return [binary, "report", ".", "--format", "html", "-o", "/dev/null"], None
    if special == "report":
        return [binary, "report", ".", "--format", "json", "-o", "/dev/null"], None
    if special and special.startswith("tools100k"):
        fmt = special.split("-")[1]
        extra = ["--no-group"] if verb == "check" else []
        if verb == "check":
            return [binary, "check", ".", "--format", fmt, "-o", "/dev/null"] + extra, None
    if special == "stdin-big":
        return [binary, "check", "-", "--stdin-filename", "tools.json", "--format", "json",
                "-o", "/dev/null"], "stdin.json"
    if special == "run-zero":
        return [binary, "cases", "addCartLine", ".", "--run", "--call-timeout", "5", "-o",
                "/dev/null", "--", "sh", "-c", "exec cat /dev/zero"], None
    if special == "cases-file-zero":
        return [binary, "cases", "addCartLine", ".", "--run", "--cases-file", "/dev/zero",
                "-o", "/dev/null", "--", "true"], None
    if verb == "report":
        return [binary, "report", ".", "--format", "json", "-o", "/dev/null"], None
    if verb == "cases":
        return [binary, "cases", tool, ".", "-o", "/dev/null"], None
    return [binary, "check", ".", "--format", fmt, "-o", "/dev/null"], None


def verbs(special):
    """The commands an input is run in: all three, unless it was made for one."""
    one = {"human", "sarif", "github", "concise", "report", "report-html", "stdin-big",
           "run-zero", "cases-file-zero"}
    if special in one:
        return ["report" if special.startswith("report") else
                "cases" if special in ("run-zero", "cases-file-zero") else "check"]
    if special and special.startswith("tools100k"):
        return ["check"] if special.endswith("human") else ["check", "report", "cases"]
    return ["check", "report", "cases"]


def run(binary, root, special, verb, tool, threads):
    cmd, stdin = command(binary, special, verb, tool)
    if special and special.startswith("tools100k") and verb == "cases":
        cmd = [binary, "cases", "tool_00001", ".", "-o", "/dev/null"]
    env = dict(os.environ, RAYON_NUM_THREADS=str(4 if special == "threads4" else threads))
    cmd = ["/usr/bin/time", "-v"] + cmd
    # A session of its own, ended whole at the cap: killing `time` alone leaves the
    # binary under it running on.
    with open(root / stdin, "rb") if stdin else open(os.devnull, "rb") as given:
        p = subprocess.Popen(
            cmd, cwd=root, env=env, stdin=given, stdout=subprocess.PIPE,
            stderr=subprocess.PIPE, text=True, preexec_fn=limit, start_new_session=True,
        )
        try:
            _, err = p.communicate(timeout=CAP_SECONDS)
        except subprocess.TimeoutExpired:
            os.killpg(p.pid, signal.SIGKILL)
            p.communicate()
            return None, None, None, f"killed at {CAP_SECONDS} s"
    wall = re.search(r"Elapsed \(wall clock\) time.*: (?:(\d+):)?(\d+):([\d.]+)", err)
    rss = re.search(r"Maximum resident set size \(kbytes\): (\d+)", err)
    code = re.search(r"Exit status: (\d+)", err)
    sig = re.search(r"Command terminated by signal (\d+)", err)
    user = re.search(r"User time \(seconds\): ([\d.]+)", err)
    system = re.search(r"System time \(seconds\): ([\d.]+)", err)
    cpu = float(user.group(1)) + float(system.group(1)) if user and system else None
    secs = None
    if wall:
        h, m, s = wall.groups()
        secs = int(h or 0) * 3600 + int(m) * 60 + float(s)
    mb = int(rss.group(1)) / 1024 if rss else None
    how = f"signal {sig.group(1)}" if sig else f"exit {code.group(1) if code else '?'}"
    return secs, cpu, mb, how


def main():
    args = sys.argv[1:]
    only = None
    if "--only" in args:
        i = args.index("--only")
        only = args[i + 1]
        del args[i:i + 2]
    start = None
    if "--from" in args:
        i = args.index("--from")
        start = args[i + 1]
        del args[i:i + 2]
    counts = [1, 2]
    if "--threads" in args:
        i = args.index("--threads")
        counts = [int(args[i + 1])]
        del args[i:i + 2]
    binary = os.path.abspath(args[0] if args else "target/release/contractlint")
    if not os.path.exists(binary):
        sys.exit(f"{binary} not found: cargo build --release --locked first")
    over = 0
    print("| input | command | threads | wall s | CPU s | peak RSS MB | result "
          "| within 10 s / 500 MB | within on CPU |")
    print("|---|---|---|---|---|---|---|---|---|")
    for name, files, special, tool in cases():
        if start and start not in name:
            continue
        start = None
        if only and only not in name:
            continue
        with tempfile.TemporaryDirectory() as d:
            root = Path(d)
            write(root, files)
            setup(root, special)
            for verb in verbs(special):
                for threads in counts:
                    secs, cpu, mb, how = run(binary, root, special, verb, tool, threads)
                    ended = how in ("exit 0", "exit 1", "exit 2") and mb is not None
                    ok = ended and secs is not None and secs <= SECONDS and mb <= MEGABYTES
                    ok_cpu = ended and cpu is not None and cpu <= SECONDS and mb <= MEGABYTES
                    over += not ok
                    fs = f"{secs:.2f}" if secs is not None else "-"
                    fc = f"{cpu:.2f}" if cpu is not None else "-"
                    fm = f"{mb:.0f}" if mb is not None else "-"
                    shown = "4" if special == "threads4" else str(threads)
                    print(f"| {name} | {verb} | {shown} | {fs} | {fc} | {fm} | {how} | "
                          f"{'yes' if ok else '**no**'} | {'yes' if ok_cpu else '**no**'} |",
                          flush=True)
    sys.exit(1 if over else 0)


if __name__ == "__main__":
    main()
