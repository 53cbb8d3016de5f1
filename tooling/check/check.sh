#!/usr/bin/env bash
# `pnpm check` in two phases, for a machine of two cores (decisions 0036 and 0058).
#
# 1. Everything that waits on nothing real-time, at once: lint, typecheck, every build, and the
#    API suite (`test:main` and the security suites, `test:security`). This work only needs CPU,
#    so it may take the machine whole; turbo starts each API run when the builds it needs are done.
# 2. The browser tests and the other packages' suites, with bounded parallelism: the web app's
#    browser tests from the start, beside at most three of the other suites at a time. Their fake
#    microphones play in real time and stall when the machine is overloaded, so nothing CPU-bound
#    runs beside them any more (the API suite did, at nice 5, and was starved to 14 minutes: it was
#    the check's critical path). Phase 2 runs only the test tasks (--only): phase 1 built what they need.
#
# Every phase runs to the end whatever fails (--continue), and the check fails if any did. At the
# end it prints where the time went (summary.mjs): each phase, each task's wall and CPU time, and
# the slowest test files.
set -u
cd "$(dirname "$0")/../.."
turbo=(npx --no-install turbo run --continue)
status=0

report=$(mktemp -d "${TMPDIR:-/tmp}/vocal-check-XXXXXX")
mkdir -p "$report/vitest"
export VOCAL_CHECK_TIMES="$report/tasks.tsv" VOCAL_CHECK_REPORTS="$report/vitest"
export npm_config_script_shell="$PWD/tooling/check/timed-shell.sh"

# phase NAME COMMAND...: runs it, notes its start, end and exit status.
phase() {
  local name=$1 started ended code
  shift
  started=$(date +%s.%N)
  "$@"
  code=$?
  ended=$(date +%s.%N)
  printf '%s\t%s\t%s\t%s\n' "$name" "$started" "$ended" "$code" >>"$report/phases.tsv"
  return "$code"
}

phase 'phase 1: lint, typecheck, build, API suite' "${turbo[@]}" lint typecheck build test:main test:security --concurrency=24 || status=1

tests() {
  local code=0
  "${turbo[@]}" test --only --filter=@vocal/web &
  local web=$!
  "${turbo[@]}" test --only --filter='!@vocal/web' --filter='!@vocal/api' --concurrency=3 || code=1
  wait "$web" || code=1
  return "$code"
}
phase 'phase 2: tests' tests || status=1

node tooling/check/summary.mjs "$report" || true
rm -rf "$report"
exit "$status"
