#!/usr/bin/env bash
# `npm test`: every layer, in order. Each layer runs even when an earlier one failed, so one run
# shows everything that is wrong; the exit code is non-zero if any layer failed.
#   typecheck + lint -> builds (weapp, alipay, h5) -> jest (unit, h5, mini) ->
#   server tests on PGlite -> server tests on PostgreSQL -> browser tests
# TEST_LAYERS="jest server-pglite" runs only the named layers.
set -uo pipefail
cd "$(dirname "$0")/.."
results=test-results
mkdir -p "$results"
: > "$results/layers.txt"
passed=0
failed=0
broken=()

wanted() { [ -z "${TEST_LAYERS:-}" ] || [[ " $TEST_LAYERS " == *" $1 "* ]]; }

layer() {
  local name=$1
  shift
  wanted "$name" || return 0
  printf '\n\033[1m━━ %s\033[0m\n' "$name"
  local start=$SECONDS
  if "$@"; then
    echo "$name ok $((SECONDS - start))s" >> "$results/layers.txt"
  else
    echo "$name FAILED $((SECONDS - start))s" >> "$results/layers.txt"
    broken+=("$name")
  fi
}

# Adds the counts of a jest JSON report or a TAP file to the totals.
count() {
  local file=$1
  [ -f "$file" ] || return 0
  local p f
  case "$file" in
    *.json) read -r p f < <(node -e 'const r=require(process.argv[1]);console.log(r.numPassedTests, r.numFailedTests)' "$PWD/$file") ;;
    *.tap) p=$(grep -E '^# pass ' "$file" | awk '{s+=$3} END {print s+0}'); f=$(grep -E '^# fail ' "$file" | awk '{s+=$3} END {print s+0}') ;;
  esac
  passed=$((passed + p))
  failed=$((failed + f))
  echo "  $file: $p passed, $f failed" >> "$results/layers.txt"
}

node_tests() {
  local tap=$1
  shift
  node --import tsx --test --test-concurrency=1 --test-reporter=spec --test-reporter-destination=stdout \
    --test-reporter=tap --test-reporter-destination="$tap" "$@"
}

rm -f "$results"/*.tap "$results"/jest.json

wanted browser && { bash scripts/ensure-system.sh || broken+=(system-packages); }

layer typecheck npm run --silent typecheck
layer lint npx eslint .
layer format npx prettier --check --log-level warn .
layer build-weapp npx taro build --type weapp --mode test
layer build-alipay npx taro build --type alipay --mode test
layer build-h5 npx taro build --type h5 --mode production
layer jest npx jest --ci --json --outputFile="$results/jest.json"
count "$results/jest.json"

server_tests=$(find server/src server/test -name '*.test.ts' 2>/dev/null | sort)
layer server-pglite node_tests "$results/server-pglite.tap" $server_tests
count "$results/server-pglite.tap"

if wanted server-postgres; then
  pg_was_running=$(bash scripts/pg.sh status >/dev/null 2>&1 && echo yes || echo no)
  if url=$(bash scripts/pg.sh start); then
    DATABASE_URL=$url layer server-postgres node_tests "$results/server-postgres.tap" $server_tests
    count "$results/server-postgres.tap"
    [ "$pg_was_running" = yes ] || bash scripts/pg.sh stop
  else
    broken+=(server-postgres)
  fi
fi

layer browser node_tests "$results/browser.tap" test/e2e/*.test.ts
count "$results/browser.tap"

printf '\n\033[1m━━ summary\033[0m\n'
cat "$results/layers.txt"
if [ ${#broken[@]} -gt 0 ]; then
  echo "failed layers: ${broken[*]}"
  [ "$failed" -eq 0 ] && failed=${#broken[@]}
fi
echo "$passed passed, $failed failed"
[ ${#broken[@]} -eq 0 ]
