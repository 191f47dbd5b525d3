#!/usr/bin/env bash
# `npm test`: every layer. Each layer runs even when an earlier one failed, so one run shows
# everything that is wrong; the exit code is non-zero if any layer failed.
#   typecheck | lint + format -> architecture -> weapp | alipay build -> h5 | admin build -> size budgets ->
#   jest (unit, h5, mini) -> console unit tests -> server tests on PostgreSQL -> the embedded
#   database's own server tests on PGlite -> browser tests
# Layers joined by | run side by side: each keeps one of the two cores busy (tsc, eslint and a
# webpack build are single-threaded), so together they take the time of the longer one.
# TEST_LAYERS="jest server-pglite" runs only the named layers.
# Each layer has a budget in seconds on a 2-core machine (README, "The suite's budget"); the
# summary prints each layer's time beside it and the total.
set -uo pipefail
cd "$(dirname "$0")/.."
results=test-results
mkdir -p "$results"
: > "$results/layers.txt"
passed=0
failed=0
broken=()
started_at=$SECONDS

# Seconds each layer may take on a 2-core machine (a side-by-side pair shares one budget, under
# the first name); with the install's 180 s, the sum is the suite's 30 minutes.
declare -A budget=(
  [typecheck]=150 [lint]=150 [architecture]=20
  [build-weapp]=75 [build-alipay]=75 [build-h5]=100 [build-admin]=100 [budgets]=10
  [jest]=150 [admin-unit]=20 [server-postgres]=400 [server-pglite]=90 [browser]=600
)

wanted() { [ -z "${TEST_LAYERS:-}" ] || [[ " $TEST_LAYERS " == *" $1 "* ]]; }

layer() {
  local name=$1
  shift
  wanted "$name" || return 0
  printf '\n\033[1m━━ %s\033[0m\n' "$name"
  local start=$SECONDS status=ok
  "$@" || status=FAILED
  local spent=$((SECONDS - start)) note="budget ${budget[$name]:-?}s"
  # Over its budget is said, not failed: a slower machine is not a broken change.
  if [ -n "${budget[$name]:-}" ] && [ "$spent" -gt "${budget[$name]}" ]; then note="$note, OVER IT"; fi
  echo "$name $status ${spent}s ($note)" >> "$results/layers.txt"
}

# Runs two layers side by side, each written to its own log and shown when both have ended:
#   beside "name1 command1..." "name2 command2..." (each a single string, word-split).
beside() {
  local pids=() names=()
  for spec in "$@"; do
    read -r -a words <<< "$spec"
    wanted "${words[0]}" || continue
    names+=("${words[0]}")
    layer "${words[@]}" > "$results/${words[0]}.out" 2>&1 &
    pids+=($!)
  done
  for pid in "${pids[@]}"; do wait "$pid"; done
  for name in "${names[@]}"; do cat "$results/$name.out"; rm -f "$results/$name.out"; done
}

# Adds the counts of a jest JSON report (naming its tests that passed on a retry), of Playwright's
# JSON report (naming its flaky and failed tests), or of the summary lines node's spec reporter
# prints ("ℹ pass N", "ℹ fail N") in a log, to the totals.
count() {
  local file=$1
  [ -f "$file" ] || return 0
  local p f names=''
  case "$file" in
    */playwright.json | playwright.json)
      # Passed = expected + flaky (each flaky test named below), failed = unexpected; a test
      # skipped after a failure in its serial file is listed too (its file failed already).
      read -r p f < <(node --import tsx scripts/playwright-summary.ts counts "$PWD/$file")
      names=$(node --import tsx scripts/playwright-summary.ts names "$PWD/$file")
      ;;
    *.json)
      read -r p f < <(node -e 'const r=require(process.argv[1]);console.log(r.numPassedTests, r.numFailedTests)' "$PWD/$file")
      # A test that passed after a retry (jest.retryTimes in test/jest/mini-setup.js) is named.
      names=$(node -e '
        const r = require(process.argv[1])
        const flaky = r.testResults.flatMap((file) => file.assertionResults
          .filter((a) => a.status === "passed" && (a.retryReasons ?? []).length > 0)
          .map((a) => `    ${require("path").relative(process.cwd(), file.name)} › ${a.fullName}`))
        if (flaky.length) console.log(`  flaky: failed, then passed on a retry (${flaky.length}):\n${flaky.join("\n")}`)' "$PWD/$file")
      ;;
    budgets.log | */budgets.log) read -r p f < <(grep -aE '^[0-9]+ passed, [0-9]+ failed$' "$file" | tail -n 1 | awk '{print $1, $3}') ;;
    *.log)
      p=$(grep -aE '^ℹ pass [0-9]+' "$file" | awk '{s+=$3} END {print s+0}')
      f=$(grep -aE '^ℹ fail [0-9]+' "$file" | awk '{s+=$3} END {print s+0}')
      ;;
  esac
  passed=$((passed + p))
  failed=$((failed + f))
  echo "  $file: $p passed, $f failed" >> "$results/layers.txt"
  [ -z "$names" ] || echo "$names" >> "$results/layers.txt"
}

# Runs a command, keeping its output in a log for the counts.
logged() {
  local log=$1
  shift
  "$@" 2>&1 | tee "$log"
}

rm -f "$results"/*.log "$results"/jest.json "$results"/playwright.json "$results"/browser-failures.log

{ wanted jest || wanted server-postgres || wanted browser; } && { bash scripts/ensure-system.sh || broken+=(system-packages); }

# The private PostgreSQL cluster (scripts/pg.sh): the server suite runs on it, and the mini-program
# and browser tests make a database per test file on it (server/test/postgres-databases.ts; without it
# they fall back to PGlite). Started once; stopped at the end unless it was running before.
pg_url=''
pg_was_running=yes
if wanted jest || wanted server-postgres || wanted browser; then
  pg_was_running=$(bash scripts/pg.sh status >/dev/null 2>&1 && echo yes || echo no)
  if pg_url=$(bash scripts/pg.sh start); then
    export TEST_PG_URL=$pg_url TEST_RUN_ID="$(date +%s)-$$"
    # The mini-program tests' databases an interrupted earlier run left behind (the browser tests'
    # are dropped by their own global setup, test/e2e/global-setup.ts).
    node --import tsx -e "require('./server/test/postgres-databases.ts').startRun(process.env.TEST_PG_URL, ['mini'])"
  else
    pg_url=''
    broken+=(postgresql)
  fi
fi

lint_and_format() { npx eslint . && npx prettier --check --log-level warn .; }
beside "typecheck npm run --silent typecheck" "lint lint_and_format"
# The walls: no import across an app's boundary, no circle (.dependency-cruiser.cjs); the server's
# modules used only through their index.ts, with no circle between them (scripts/check-server-modules.ts).
architecture() { npm run --silent lint:deps && node --import tsx --test --test-reporter=spec scripts/*.test.ts; }
layer architecture logged "$results/architecture.log" architecture
count "$results/architecture.log"
beside "build-weapp npx taro build --type weapp --mode test" "build-alipay npx taro build --type alipay --mode test"
beside "build-h5 npx taro build --type h5 --mode production" "build-admin npx vite build --config admin/vite.config.mts --logLevel warn"
layer budgets logged "$results/budgets.log" node --import tsx bench/budgets.ts
count "$results/budgets.log"
# Both cores: jest's default is one worker fewer than the cores (one, here), 75 s -> 45 s.
layer jest npx jest --ci --maxWorkers=2 --json --outputFile="$results/jest.json"
count "$results/jest.json"

mapfile -t admin_unit < <(find admin/src admin/build -name '*.test.ts' | sort)
# The console's tsconfig, so its modules' `@wire` import resolves as in the build.
layer admin-unit logged "$results/admin-unit.log" env TSX_TSCONFIG_PATH=admin/tsconfig.json node --import tsx --test --test-reporter=spec "${admin_unit[@]}"
count "$results/admin-unit.log"

# The server suite on PostgreSQL, as production runs (a pool of one connection, so a query that
# escapes its transaction deadlocks instead of passing), then on PGlite the files that test what
# the embedded database does differently (server/test/run.ts EMBEDDED). An unexpected 500 logs its
# cause (TEST_LOG_LEVEL).
if [ -n "$pg_url" ] && wanted server-postgres; then
  DATABASE_URL=$pg_url TEST_LOG_LEVEL=error layer server-postgres logged "$results/server-postgres.log" node --import tsx server/test/run.ts
  count "$results/server-postgres.log"
fi

TEST_LOG_LEVEL=error layer server-pglite logged "$results/server-pglite.log" node --import tsx server/test/run.ts --embedded
count "$results/server-pglite.log"

# Each file's server on a database of its own (test/e2e/harness.ts): on the PostgreSQL above,
# in a server host per worker; the file of `npm start` as shipped on a PGlite directory copied from
# a template made once.
E2E_TEMPLATE_DIR=$(mktemp -d) && export E2E_TEMPLATE_DIR
# @playwright/test (playwright.config.ts): a failed file retried once in CI; the list reporter
# writes the log, the JSON report is counted and its flaky tests named.
# --retries=1 also outside CI, as before: a flaky test is named without sinking a local run.
rm -f "$results/playwright.json"
layer browser logged "$results/browser.log" npx playwright test --retries=1
rm -rf "$E2E_TEMPLATE_DIR"
[ -n "$pg_url" ] && [ "$pg_was_running" = no ] && bash scripts/pg.sh stop
count "$results/playwright.json"
if [ -s "$results/browser-failures.log" ]; then
  printf '\n\033[1m━━ browser failures, diagnosed\033[0m\n'
  cut -c1-400 "$results/browser-failures.log" | tail -n 120
fi
printf '\n\033[1m━━ summary\033[0m\n'
cat "$results/layers.txt"
mapfile -t -O "${#broken[@]}" broken < <(awk '$2 == "FAILED" {print $1}' "$results/layers.txt")
if [ ${#broken[@]} -gt 0 ]; then
  echo "failed layers: ${broken[*]}"
  [ "$failed" -eq 0 ] && failed=${#broken[@]}
fi
total=$((SECONDS - started_at))
echo "total $((total / 60)) min $((total % 60)) s (npm test; the install before it is not counted)"
echo "$passed passed, $failed failed"
[ ${#broken[@]} -eq 0 ]
