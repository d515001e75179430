#!/usr/bin/env bash
# Build the benchmark corpus under bench/work/corpus:
#   real/   sources of a pinned list of large crates (fetched with cargo into the local
#           registry, then copied), about 56 MB of real Rust
#   planted real/ + 200 synthetic tools, so the prefilter has something to find
#   planted-500  real/ + 500 synthetic tools (issue 45's planted tree)
#   synth-N synthetic tools only (N = 1000, 10000, 50000, 100000) for the scaling runs
set -euo pipefail
cd "$(dirname "$0")"
work=work
mkdir -p "$work"
fetch="$work/fetch"
mkdir -p "$fetch/src"
echo 'fn main() {}' > "$fetch/src/main.rs"
cat > "$fetch/Cargo.toml" <<'TOML'
[package]
name = "corpus-fetch"
version = "0.0.0"
edition = "2021"

[dependencies]
tokio = { version = "=1.48.0", features = ["full"] }
libc = "=0.2.177"
rustix = { version = "=1.1.2", features = ["all-apis"] }
regex-automata = "=0.4.13"
syn = { version = "=2.0.110", features = ["full"] }
clap_builder = "=4.5.51"
hyper = "=1.8.1"
h2 = "=0.4.12"
rustls = "=0.23.35"
object = "=0.37.3"
gimli = "=0.32.3"
chrono = "=0.4.42"
serde_json = "=1.0.145"
nom = "=8.0.0"
winnow = "=0.7.13"
encoding_rs = "=0.8.35"
futures-util = "=0.3.31"
image = "=0.25.8"
naga = "=27.0.3"
diesel = { version = "=2.3.14", features = ["postgres", "sqlite", "mysql"] }
wgpu-core = "=30.0.2"
bevy_ecs = "=0.20.1"
tantivy = "=0.27.0"
TOML
(cd "$fetch" && cargo fetch -q)
registry=$(ls -d "${CARGO_HOME:-$HOME/.cargo}"/registry/src/*/ | head -n 1)
rm -rf "$work/corpus/real"
mkdir -p "$work/corpus/real"
sed -n '/^\[dependencies\]/,$p' "$fetch/Cargo.toml" | grep -E '^[a-z_-]+ = ' | sed -E 's/^([a-z_-]+) = .*"=([^"]+)".*/\1-\2/' | while read -r dir; do
  cp -r "$registry/$dir" "$work/corpus/real/"
done
# Each crate ships a Cargo.toml; the walk must not treat the corpus as one project's output.
rm -rf "$work/corpus/planted"
cp -r "$work/corpus/real" "$work/corpus/planted"
python3 gen_tools.py 200 "$work/corpus/planted/synthetic-shop"
rm -rf "$work/corpus/planted-500"
cp -r "$work/corpus/real" "$work/corpus/planted-500"
python3 gen_tools.py 500 "$work/corpus/planted-500/synthetic-shop"
for n in 1000 10000 50000 100000; do
  [ -d "$work/corpus/synth-$n" ] || python3 gen_tools.py "$n" "$work/corpus/synth-$n"
done
du -sh "$work/corpus"/*
find "$work/corpus/real" -name '*.rs' | wc -l | xargs echo "real .rs files:"
