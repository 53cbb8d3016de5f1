#!/usr/bin/env bash
# `pnpm check` in two phases, for a machine of two cores (decisions 0036, 0058 and 0080).
#
# 1. Lint, typecheck, every build and the whole API suite (`test:main`, and the security suites,
#    fuzz and authorization matrix, `test:security`) at once: CPU-bound work that waits on nothing
#    real-time, so it may take the machine whole. Beside the browser tests, below their product
#    servers' priority, the security suites were starved (four files of under a minute each took
#    25 to 28 minutes, issue 22), and the API suite cost half as much CPU again (478 CPU-s against
#    310): it stays apart from the browsers. It used to run alone in a phase of its own after
#    this one; beside the compilers instead, the cores no longer idle at the end of one phase and
#    the start of the next (the two took 5 min 34 s in turn on 2026-11-30).
# 2. The browser suites, with bounded parallelism: the web app's tests from the start, beside at
#    most two of the other suites at a time. Started all at once beside the compilers, as before,
#    the suites kept 25 to 42 threads runnable on two cores: fake microphones stalled, vitest's
#    60-s worker start ran out, servers took minutes to start. This phase runs only the test
#    tasks (--only): phase 1 built what they need.
#
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

phase 'phase 1: lint, typecheck, build, API suite' "${turbo[@]}" lint typecheck build test:security test:main --concurrency=24 || status=1

browser_suites() {
  local code=0
  "${turbo[@]}" test --only --filter=@vocal/web &
  local web=$!
  "${turbo[@]}" test --only --filter='!@vocal/web' --filter='!@vocal/api' --concurrency=2 || code=1
  wait "$web" || code=1
  return "$code"
}
phase 'phase 2: browser suites and the rest' browser_suites || status=1

node tooling/check/summary.mjs "$report" || true
rm -rf "$report"
exit "$status"
