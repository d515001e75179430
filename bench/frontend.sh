#!/usr/bin/env bash
# Issue 40: the syn model against rust-analyzer's library crates, server by server.
# The decision (docs/architecture.md, "The Rust front end") was to keep syn, so the prototype
# is not on main's tree; it is an ancestor of main at commit 5b8b007. This script checks that
# commit out into a private worktree (nothing in this checkout changes), and runs the
# measurement there: contractlint built with `--features ra-frontend` and
# `examples/ra_probe.rs`, on each tree of the sets given, then `bench/frontend_summary.py`.
#   usage: bench/frontend.sh [SET_DIR...]   (default: /tmp/eco /tmp/rw /tmp/rw2h, the trees
#          bench/ecosystem/run.py and the realworld scorers write out)
#   env:   WORKTREE (default $TMPDIR/contractlint-frontend), OUT, PROFILE, ONLY: as in the
#          prototype's own bench/frontend.sh
set -euo pipefail
cd "$(dirname "$0")/.."
prototype=5b8b007
wt=${WORKTREE:-${TMPDIR:-/tmp}/contractlint-frontend}
if [ ! -e "$wt/.git" ]; then
  git worktree add --detach "$wt" "$prototype" >&2
fi
[ "$(git -C "$wt" rev-parse --short=7 HEAD)" = "$prototype" ] || {
  echo "$wt is not at $prototype; remove it or set WORKTREE" >&2
  exit 2
}
export OUT=${OUT:-$PWD/bench/work/frontend}
exec bash "$wt/bench/frontend.sh" "$@"
