#!/usr/bin/env bash
# The Action's install step: download the release binary for the action's own ref and the
# runner's platform, verify it against the release's SHA256SUMS, and put it on PATH.
#
# Outputs (GITHUB_OUTPUT): found=release when installed from the release; found=none when the
# release has no archive for this ref or platform (a branch or commit ref, a platform
# without a binary), so the action builds from its own sources instead. Any other failure
# (a network error, a missing SHA256SUMS, a checksum mismatch) fails the step: a binary that
# cannot be verified is never run, and a broken download is not hidden behind a slow build.
#
# Environment: ACTION_REF, ACTION_REPOSITORY (github.action_ref / github.action_repository),
# GITHUB_SERVER_URL, RUNNER_OS, RUNNER_ARCH, RUNNER_TEMP, GITHUB_OUTPUT, GITHUB_PATH.
set -euo pipefail

none() {
  echo "contractlint: $1; building from the action's sources instead"
  echo "found=none" >> "$GITHUB_OUTPUT"
  exit 0
}

case "$RUNNER_OS/$RUNNER_ARCH" in
  Linux/X64) target=x86_64-unknown-linux-musl ;;
  Linux/ARM64) target=aarch64-unknown-linux-musl ;;
  macOS/X64) target=x86_64-apple-darwin ;;
  macOS/ARM64) target=aarch64-apple-darwin ;;
  Windows/X64) target=x86_64-pc-windows-msvc ;;
  *) none "no release binary for $RUNNER_OS/$RUNNER_ARCH" ;;
esac
case "$target" in
  *windows*) archive="contractlint-$target.zip"; exe=contractlint.exe ;;
  *) archive="contractlint-$target.tar.gz"; exe=contractlint ;;
esac
if [ -z "${ACTION_REF:-}" ] || [ -z "${ACTION_REPOSITORY:-}" ]; then
  none "the action's ref is unknown (a local action)"
fi

base="${GITHUB_SERVER_URL:-https://github.com}/$ACTION_REPOSITORY/releases/download/$ACTION_REF"
work="$(mktemp -d "${RUNNER_TEMP:-${TMPDIR:-/tmp}}/contractlint-XXXXXX")"

# HTTP status of a download into $2; curl's own failure (no connection) fails the step.
fetch() {
  curl --silent --show-error --location --retry 3 --connect-timeout 10 \
    --output "$2" --write-out '%{http_code}' "$1"
}

status="$(fetch "$base/$archive" "$work/$archive")"
case "$status" in
  200) ;;
  404) none "release $ACTION_REF has no $archive" ;;
  *) echo "contractlint: downloading $base/$archive failed: HTTP $status" >&2; exit 1 ;;
esac
status="$(fetch "$base/SHA256SUMS" "$work/SHA256SUMS")"
if [ "$status" != 200 ]; then
  echo "contractlint: release $ACTION_REF has $archive but no SHA256SUMS (HTTP $status): not installing an unverified binary" >&2
  exit 1
fi

expected="$(awk -v f="$archive" '$2 == f || $2 == "*" f { print $1 }' "$work/SHA256SUMS")"
if command -v sha256sum >/dev/null; then
  actual="$(sha256sum "$work/$archive" | cut -d' ' -f1)"
else
  actual="$(shasum -a 256 "$work/$archive" | cut -d' ' -f1)"
fi
if [ -z "$expected" ]; then
  echo "contractlint: SHA256SUMS of $ACTION_REF does not list $archive: not installing an unverified binary" >&2
  exit 1
fi
if [ "$expected" != "$actual" ]; then
  echo "contractlint: checksum mismatch for $archive: SHA256SUMS says $expected, the download is $actual" >&2
  exit 1
fi

bin="$work/bin"
mkdir -p "$bin"
case "$archive" in
  *.zip) unzip -q -o "$work/$archive" -d "$bin" ;;
  *) tar -xzf "$work/$archive" -C "$bin" ;;
esac
"$bin/$exe" --version
echo "$bin" >> "$GITHUB_PATH"
echo "found=release" >> "$GITHUB_OUTPUT"
echo "contractlint: installed $archive from release $ACTION_REF (sha256 $actual)"
