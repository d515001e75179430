#!/usr/bin/env python3
"""Run action.yml's steps the way the GitHub runner does, against a fake release served on
127.0.0.1 (no network): each `run:` step in bash with its `env:` expressions evaluated,
GITHUB_OUTPUT / GITHUB_PATH / GITHUB_STEP_SUMMARY files, `if:` conditions on earlier steps'
outputs, `actions/cache` as a miss. A fake `cargo` on PATH records how (and whether) the
action builds from source.

    python scripts/test-action.py target/debug/contractlint     # needs PyYAML, curl, jq

Scenarios: the release is installed and verified; a checksum mismatch, a missing SHA256SUMS
and a server error fail the install step; a ref or platform without an archive falls back to
`cargo install` from the action's own directory, where rustup's own resolution (a fake
`cargo` asks the real `rustup show active-toolchain` in its working directory) must not pick
the user's checkout's `rust-toolchain.toml`; a copy of the action that builds in the checkout
must fail that check (the test can fail). Diff mode (`diff-base`) compares the checkout, a git
repository made here, with its first commit: the Markdown reaches the step summary, the counts
the outputs, and a breaking change fails the job after both reports are written.
"""

import atexit
import hashlib
import http.server
import io
import os
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile
import threading
import time

import yaml

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
ACTION_REPOSITORY = "contractlint/contractlint"
TARGET = "x86_64-unknown-linux-musl"
ARCHIVE = f"contractlint-{TARGET}.tar.gz"

SAMPLE_TOOL = """{
  "name": "addCartLine",
  "description": "Adds a product to the cart. Quantity is an integer from 1 through 5.",
  "inputSchema": {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "type": "object",
    "properties": {
      "sku": {"type": "string", "description": "Product code.", "minLength": 1},
      "qty": {"type": "integer", "description": "Items, 1 through 5.", "minimum": 1, "maximum": 5}
    },
    "required": ["sku", "quantity"],
    "additionalProperties": false
  }
}
"""

# The user's checkout pins a toolchain that is not installed: a build started there fails.
USER_TOOLCHAIN = '[toolchain]\nchannel = "1.31.0"\n'

FAKE_CARGO = """#!/usr/bin/env bash
# Records the call and the toolchain the rustup proxy would choose here (a rust-toolchain.toml
# upward from the working directory wins over the default); `install --root R` "installs"
# the binary under test into R/bin.
printf '%s\\n' "$PWD" "$@" > "$CARGO_LOG"
if [ -n "$REAL_RUSTUP" ]; then
  RUSTUP_HOME="$REAL_RUSTUP_HOME" RUSTUP_AUTO_INSTALL=0 "$REAL_RUSTUP" show active-toolchain \\
    > "$CARGO_LOG.toolchain" 2>&1 || { cat "$CARGO_LOG.toolchain" >&2; exit 1; }
fi
root=""
while [ $# -gt 0 ]; do [ "$1" = --root ] && root="$2"; shift; done
[ -n "$root" ] || { echo "fake cargo: no --root" >&2; exit 1; }
mkdir -p "$root/bin" && cp "$CONTRACTLINT_UNDER_TEST" "$root/bin/contractlint"
"""


class Release(http.server.BaseHTTPRequestHandler):
    """Serves `files` (URL path -> bytes, or an int HTTP status); anything else is 404."""

    files = {}

    def do_GET(self):
        body = self.files.get(self.path, 404)
        if isinstance(body, int):
            self.send_response(body)
            self.end_headers()
            return
        self.send_response(200)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args):
        pass


def expression(expr, ctx):
    """Evaluate the subset of GitHub expressions action.yml uses."""
    def lookup(m):
        value = ctx
        for part in m.group(0).split("."):
            value = value.get(part, "") if isinstance(value, dict) else ""
        return repr(value)

    py = re.sub(r"'[^']*'|\b(?:inputs|steps|github|runner)(?:\.[\w-]+)+", lambda m: m.group(0) if m.group(0).startswith("'") else lookup(m), expr)
    py = py.replace("&&", " and ").replace("||", " or ")
    py = re.sub(r"!(?!=)", " not ", py)
    if re.search(r"[A-Za-z_]\w*\(", py):
        raise ValueError(f"unsupported expression: {expr}")
    return eval(py, {"__builtins__": {}}, {})


def substitute(text, ctx):
    return re.sub(r"\$\{\{(.*?)\}\}", lambda m: str(expression(m.group(1).strip(), ctx)), str(text))


def read_outputs(path):
    out, lines = {}, open(path).read().splitlines()
    i = 0
    while i < len(lines):
        line = lines[i]
        if "<<" in line and "=" not in line.split("<<")[0]:
            key, marker = line.split("<<", 1)
            value = []
            i += 1
            while lines[i] != marker:
                value.append(lines[i])
                i += 1
            out[key] = "\n".join(value)
        elif "=" in line:
            key, value = line.split("=", 1)
            out[key] = value
        i += 1
    return out


def load_action():
    return yaml.safe_load(open(os.path.join(REPO, "action.yml")))


def run_action(action, server_url, ref, inputs, workspace, tmp, runner_arch="X64"):
    """Returns (failed step id or None, outputs, summary, step log, PATH dirs added, elapsed)."""
    ctx = {
        "inputs": {k: str(v.get("default", "")) for k, v in action["inputs"].items()},
        "github": {"action_ref": ref, "action_repository": ACTION_REPOSITORY},
        "runner": {"os": "Linux", "arch": runner_arch},
        "steps": {},
    }
    ctx["inputs"].update(inputs)
    home, runner_temp = os.path.join(tmp, "home"), os.path.join(tmp, "runner-temp")
    fake_bin = os.path.join(tmp, "fake-bin")
    for d in (home, runner_temp, fake_bin):
        os.makedirs(d, exist_ok=True)
    cargo = os.path.join(fake_bin, "cargo")
    open(cargo, "w").write(FAKE_CARGO)
    os.chmod(cargo, 0o755)
    summary = os.path.join(tmp, "summary.md")
    open(summary, "w").close()
    added_path, log = [], []
    start = time.monotonic()
    for n, step in enumerate(action["runs"]["steps"]):
        sid = step.get("id", f"step{n}")
        if "if" in step and not expression(str(step["if"]), ctx):
            continue
        if "uses" in step:
            if not step["uses"].startswith("actions/cache@"):
                raise ValueError(f"cannot simulate {step['uses']}")
            ctx["steps"][sid] = {"outputs": {"cache-hit": "false"}}
            continue
        out_file, path_file = os.path.join(tmp, f"out-{n}"), os.path.join(tmp, f"path-{n}")
        for f in (out_file, path_file):
            open(f, "w").close()
        env = {
            "PATH": os.pathsep.join(added_path[::-1] + [fake_bin, "/usr/local/bin", "/usr/bin", "/bin"]),
            "HOME": home,
            "RUNNER_OS": "Linux",
            "RUNNER_ARCH": runner_arch,
            "RUNNER_TEMP": runner_temp,
            "GITHUB_ACTION_PATH": REPO,
            "GITHUB_WORKSPACE": workspace,
            "GITHUB_SERVER_URL": server_url,
            "GITHUB_OUTPUT": out_file,
            "GITHUB_PATH": path_file,
            "GITHUB_STEP_SUMMARY": summary,
            "CARGO_LOG": os.path.join(tmp, "cargo.log"),
            "CONTRACTLINT_UNDER_TEST": BINARY,
            "REAL_RUSTUP": RUSTUP or "",
            "REAL_RUSTUP_HOME": RUSTUP_HOME,
        }
        env.update({k: substitute(v, ctx) for k, v in step.get("env", {}).items()})
        script = os.path.join(tmp, f"step-{n}.sh")
        open(script, "w").write(substitute(step["run"], ctx))
        # The runner's `shell: bash`: bash --noprofile --norc -eo pipefail {0}
        proc = subprocess.run(["bash", "--noprofile", "--norc", "-eo", "pipefail", script],
                              cwd=workspace, env=env, capture_output=True, text=True)
        log.append((sid, proc.returncode, proc.stdout + proc.stderr))
        ctx["steps"][sid] = {"outputs": read_outputs(out_file)}
        added_path += [p for p in open(path_file).read().splitlines() if p]
        if proc.returncode != 0:
            return sid, {}, open(summary).read(), log, added_path, time.monotonic() - start
    outputs = {k: substitute(v["value"], ctx) for k, v in action["outputs"].items()}
    return None, outputs, open(summary).read(), log, added_path, time.monotonic() - start


def commit(workspace, tmp):
    """Make `workspace` a git repository with everything in one commit; returns its hash."""
    env = {"PATH": os.environ["PATH"], "HOME": tmp, "GIT_CONFIG_NOSYSTEM": "1",
           "GIT_AUTHOR_NAME": "t", "GIT_AUTHOR_EMAIL": "t@example.com",
           "GIT_COMMITTER_NAME": "t", "GIT_COMMITTER_EMAIL": "t@example.com"}
    git = lambda *a: subprocess.run(["git", *a], cwd=workspace, env=env, check=True,
                                    capture_output=True, text=True).stdout.strip()
    git("init", "-q")
    git("add", "-A")
    git("commit", "-q", "-m", "base")
    return git("rev-parse", "HEAD")


def check(cond, what, log):
    if not cond:
        for sid, code, text in log:
            print(f"--- step {sid} exited {code}\n{text}")
        sys.exit(f"FAIL: {what}")
    print(f"ok: {what}")


def rustup():
    """The real rustup and its home, or (None, "") where Rust is not managed by rustup."""
    path = shutil.which("rustup")
    if not path:
        return None, ""
    home = subprocess.run([path, "show", "home"], capture_output=True, text=True, check=True)
    return path, home.stdout.strip()


def main():
    global BINARY, RUSTUP, RUSTUP_HOME
    BINARY = os.path.abspath(sys.argv[1])
    RUSTUP, RUSTUP_HOME = rustup()
    tar_bytes = io.BytesIO()
    with tarfile.open(fileobj=tar_bytes, mode="w:gz", compresslevel=1) as tar:
        tar.add(BINARY, arcname="contractlint")
    archive = tar_bytes.getvalue()
    good_sum = hashlib.sha256(archive).hexdigest()
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Release)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{server.server_address[1]}"
    prefix = f"/{ACTION_REPOSITORY}/releases/download"

    def release(ref, sums, payload=archive):
        Release.files = {f"{prefix}/{ref}/{ARCHIVE}": payload}
        if sums is not None:
            Release.files[f"{prefix}/{ref}/SHA256SUMS"] = sums

    def scenario(ref, inputs=None, arch="X64", action=None, change=None):
        """`change`: the workspace becomes a git repository whose first commit is the sample,
        `change(workspace)` edits the checkout, and the input `diff-base: BASE` names that commit."""
        tmp = tempfile.mkdtemp(prefix="action-test-")
        atexit.register(shutil.rmtree, tmp, True)
        workspace = os.path.join(tmp, "workspace")
        os.makedirs(os.path.join(workspace, "tools"))
        open(os.path.join(workspace, "tools", "addCartLine.json"), "w").write(SAMPLE_TOOL)
        # The sample's finding (S004) is a preview rule: the repository opts in, as a user would.
        open(os.path.join(workspace, "contractlint.toml"), "w").write("preview = true\n")
        open(os.path.join(workspace, "rust-toolchain.toml"), "w").write(USER_TOOLCHAIN)
        inputs = dict(inputs or {})
        if change:
            base = commit(workspace, tmp)
            change(workspace)
            if inputs.get("diff-base") == "BASE":
                inputs["diff-base"] = base
        result = run_action(action or load_action(), url, ref, inputs, workspace, tmp, arch)
        print(f"   (ran the action's steps in {result[-1]:.1f} s)")
        cargo_log = os.path.join(tmp, "cargo.log")
        cargo = open(cargo_log).read().splitlines() if os.path.exists(cargo_log) else None
        return result + (cargo, tmp)

    def toolchain(tmp):
        path = os.path.join(tmp, "cargo.log.toolchain")
        return open(path).read().strip() if os.path.exists(path) else None

    sums = f"{'0' * 64}  contractlint-aarch64-apple-darwin.tar.gz\n{good_sum}  {ARCHIVE}\n"

    print("== the release has the archive and its checksum")
    release("v0.1.0", sums.encode())
    failed, outputs, summary, log, path, elapsed, cargo, tmp = scenario("v0.1.0")
    check(failed == "lint", "the lint step fails on the contract's error (fail-on error)", log)
    check(cargo is None, "cargo is not called", log)
    install = dict((s, t) for s, _, t in log)["install"]
    check("installed " + ARCHIVE in install and good_sum in install, "installed from the release, checksum shown", log)
    check(len(path) == 1 and path[0].startswith(os.path.join(tmp, "runner-temp")), "the verified binary's directory is put on PATH", log)
    check(summary.strip() == "contractlint: 1 error, 0 warnings, 0 infos", f"step summary: {summary.strip()!r}", log)
    failed, outputs, summary, log, path, elapsed, cargo, tmp = scenario("v0.1.0", {"fail-on": "never"})
    check(failed is None, "with fail-on never the job passes", log)
    check(outputs == {"errors": "1", "warnings": "0", "infos": "0", "breaking": "", "degrading": "", "compatible": ""},
          f"outputs {outputs}", log)
    check(elapsed < 30, f"install and lint in {elapsed:.1f} s", log)

    print("== diff mode: the checkout against its base commit")
    def changed(workspace):
        tool = os.path.join(workspace, "tools", "addCartLine.json")
        open(tool, "w").write(SAMPLE_TOOL.replace('"maximum": 5', '"maximum": 3'))
    base = "0123456789abcdef0123456789abcdef01234567"
    failed, outputs, summary, log, path, elapsed, cargo, tmp = scenario("v0.1.0", {"fail-on": "never", "diff-base": "BASE"}, change=changed)
    check(failed == "lint", "a breaking change fails the job, after the lint step reported", log)
    step_out = dict((s, t) for s, _, t in log)
    check("X007" in step_out.get("diff", ""), "the diff step prints the change (X007 bound narrowed)", log)
    check("| breaking | X007" in summary and re.search(r"^contractlint: \d+ errors?,", summary, re.M),
          "the step summary has the diff as Markdown and the lint counts", log)
    failed, outputs, summary, log, path, elapsed, cargo, tmp = scenario(
        "v0.1.0", {"fail-on": "never", "diff-base": "BASE", "diff-fail-on": "never"}, change=changed)
    check(failed is None, "with diff-fail-on never the job passes", log)
    check({k: outputs[k] for k in ("breaking", "degrading", "compatible")} == {"breaking": "1", "degrading": "0", "compatible": "0"},
          f"diff outputs {outputs}", log)
    failed, outputs, summary, log, path, elapsed, cargo, tmp = scenario(
        "v0.1.0", {"fail-on": "never", "diff-base": base}, change=changed)
    check(failed == "diff" and "lint" not in dict((s, t) for s, _, t in log), "a base the checkout lacks fails the diff step (exit 2)", log)

    print("== checksum mismatch")
    release("v0.1.0", sums.replace(good_sum, "f" * 64).encode())
    failed, outputs, summary, log, path, elapsed, cargo, tmp = scenario("v0.1.0")
    check(failed == "install", "the install step fails", log)
    check("checksum mismatch" in log[-1][2], "and says why", log)
    check(cargo is None and path == [], "nothing installed, nothing built", log)
    check(summary == "", "lint never ran", log)

    print("== archive without SHA256SUMS")
    release("v0.1.0", None)
    failed, outputs, summary, log, path, elapsed, cargo, tmp = scenario("v0.1.0")
    check(failed == "install" and "unverified" in log[-1][2] and cargo is None, "fails: not installing an unverified binary", log)

    print("== a server error is a failure, not a reason to build")
    release("v0.1.0", sums.encode(), payload=503)
    failed, outputs, summary, log, path, elapsed, cargo, tmp = scenario("v0.1.0")
    check(failed == "install" and "HTTP 503" in log[-1][2] and cargo is None, "HTTP 503 fails the install step", log)

    print("== no release for this ref (a branch or commit): build from the action's sources")
    release("v0.1.0", sums.encode())
    failed, outputs, summary, log, path, elapsed, cargo, tmp = scenario("main", {"fail-on": "never"})
    check(failed is None and outputs["errors"] == "1", "the job passes with the built binary", log)
    check(cargo == [REPO, "install", "--locked", "--path", REPO, "--root", os.path.join(tmp, "home", ".contractlint")],
          f"cargo install runs in and builds the action's own directory: {cargo}", log)
    if RUSTUP:
        chosen = toolchain(tmp)
        check(chosen is not None and "rust-toolchain" not in chosen and "1.31.0" not in chosen,
              f"rustup chooses {chosen!r}, not the checkout's rust-toolchain.toml (1.31.0)", log)
    else:
        print("NOT CHECKED: no rustup here, so which toolchain a rust-toolchain.toml selects is not tested")

    print("== control: the same action building in the user's checkout must be caught")
    broken = load_action()
    builds = [st for st in broken["runs"]["steps"] if "cargo install" in st.get("run", "")]
    check(len(builds) == 1 and 'cd "$GITHUB_ACTION_PATH"\n' in builds[0]["run"], "one build step, which enters the action's directory", [])
    builds[0]["run"] = builds[0]["run"].replace('cd "$GITHUB_ACTION_PATH"\n', "")
    failed, outputs, summary, log, path, elapsed, cargo, tmp = scenario("main", {"fail-on": "never"}, action=broken)
    check(cargo is not None and cargo[0] == os.path.join(tmp, "workspace"), "the control's cargo runs in the checkout", log)
    if RUSTUP:
        check(failed is not None and "1.31.0" in (toolchain(tmp) or ""),
              f"and fails: the checkout's rust-toolchain.toml chose 1.31.0 (step {failed})", log)

    print("== no binary for this platform")
    failed, outputs, summary, log, path, elapsed, cargo, tmp = scenario("v0.1.0", {"fail-on": "never"}, arch="ARM")
    check(failed is None and cargo is not None and "no release binary for Linux/ARM" in log[0][2], "falls back to cargo install", log)
    server.shutdown()
    print("OK: the action installs verified release binaries and falls back only without one")


if __name__ == "__main__":
    main()
