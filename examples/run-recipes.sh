#!/usr/bin/env bash
# Runs each test-runner recipe of examples/ as a team would: `npm ci` in its folder, then its tests with
# parallel workers. Prints each recipe's times and whether it passed (and its output when it failed), and
# exits 1 if any failed. The recipes link the package here (file:../..): build it first (npm ci does).
set -uo pipefail
cd "$(dirname "$0")"

if [ ! -f ../dist/index.js ]; then
  echo "The package is not built: run npm ci (or npm run build) in $(cd .. && pwd) first." >&2
  exit 1
fi
# No recipe downloads a browser: the Playwright one runs the system's Chromium.
export PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1

# The first Python with pytest and pytest-xdist (Debian's python3-pytest and python3-pytest-xdist will do).
python=""
for candidate in python3 /usr/bin/python3; do
  if "$candidate" -c "import pytest, xdist" >/dev/null 2>&1; then
    python=$candidate
    break
  fi
done

log=$(mktemp)
trap 'rm -f "$log"' EXIT
failed=()
now_ms() { echo $(($(date +%s%N) / 1000000)); }
seconds_since() {
  local ms=$(($(now_ms) - $1))
  printf '%d.%d s' $((ms / 1000)) $((ms % 1000 / 100))
}

# recipe <folder> <why it is skipped, or nothing> <its test command…>
recipe() {
  local name=$1 skip=$2 started install
  shift 2
  if [ -n "$skip" ]; then
    printf '%-11s skipped: %s\n' "$name" "$skip"
    return
  fi
  started=$(now_ms)
  # --ignore-scripts: the link's prepare would build the package again, and no recipe needs a script of its own.
  if ! (cd "$name" && npm ci --ignore-scripts --no-audit --no-fund --loglevel=error) >"$log" 2>&1; then
    printf '%-11s FAILED: npm ci (%s)\n' "$name" "$(seconds_since "$started")"
    cat "$log"
    failed+=("$name")
    return
  fi
  install=$(seconds_since "$started")
  started=$(now_ms)
  if (cd "$name" && "$@") >"$log" 2>&1; then
    printf '%-11s passed: tests %s (npm ci %s)\n' "$name" "$(seconds_since "$started")" "$install"
  else
    printf '%-11s FAILED: tests %s (npm ci %s); their output:\n' "$name" "$(seconds_since "$started")" "$install"
    cat "$log"
    failed+=("$name")
  fi
}

recipe vitest "" npm test
recipe jest "" npm test
recipe node-test "" npm test
recipe playwright "$([ -x /usr/bin/chromium ] || echo "no /usr/bin/chromium (apt-get install chromium)")" npm test
recipe pytest "$([ -n "$python" ] || echo "no Python with pytest and pytest-xdist (apt-get install python3-pytest python3-pytest-xdist)")" \
  "${python:-python3}" -m pytest -n 2

if [ ${#failed[@]} -gt 0 ]; then
  echo "Recipes that failed: ${failed[*]}"
  exit 1
fi
