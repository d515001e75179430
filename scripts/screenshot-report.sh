#!/usr/bin/env bash
# Render a readiness report with headless Chromium to a PNG, for review by eye.
#   scripts/screenshot-report.sh [PATHS...]       (default: testdata)
# Environment: OUT (default docs/readiness-report.png), HTML (default target/readiness-report.html),
# WIDTH/HEIGHT of the window (default 1200x2400), SOURCE_DATE_EPOCH to fix the report's date,
# CROP (`WxH+X+Y`, ImageMagick geometry) to keep only part of the page, e.g. an executed table.
# Needs Debian's `chromium` (apt-get install chromium), and `imagemagick` for CROP.
set -euo pipefail
cd "$(dirname "$0")/.."
out=${OUT:-docs/readiness-report.png}
html=${HTML:-target/readiness-report.html}
width=${WIDTH:-1200}
height=${HEIGHT:-2400}
[ $# -gt 0 ] || set -- testdata
browser=$(command -v chromium || command -v chromium-browser || true)
if [ -z "$browser" ]; then
    echo "chromium not found: apt-get install chromium" >&2
    exit 2
fi
mkdir -p "$(dirname "$html")" "$(dirname "$out")"
out=$(realpath "$out")
html=$(realpath -m "$html")
cargo run --quiet --locked -- report "$@" --format html -o "$html"
profile=$(mktemp -d)
trap 'rm -rf "$profile"' EXIT
"$browser" --headless --no-sandbox --disable-gpu --disable-background-networking \
    --disable-component-update --disable-sync --no-first-run --hide-scrollbars \
    --user-data-dir="$profile" --window-size="$width,$height" \
    --screenshot="$out" "file://$html" 2>/dev/null
if [ -n "${CROP:-}" ]; then
    convert "$out" -crop "$CROP" +repage "$out"
fi
echo "wrote $out from $html"
