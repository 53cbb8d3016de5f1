#!/usr/bin/env bash
# `pnpm check` in three phases, for a machine of two cores (decisions 0036 and 0058).
#
# 1. Lint (one ESLint run over the repository, the root's `lint`: decision 0081), typecheck,
#    every build and the API's security suites (fuzz and authorization matrix, `test:security`)
#    at once: CPU-bound work that waits on nothing real-time, so it may take the machine whole.
#    Beside the browser tests, below their product servers' priority, the security suites were
#    starved: four files of under a minute each alone took 25 to 28 minutes (issue 22).
# 2. The rest of the API suite (`test:main`) alone: it keeps both cores busy by itself (310 CPU-s
#    in 162 s here), and beside the browser suites, where it ran for 14 minutes, the same files
#    cost half as much CPU again (478 CPU-s): time-sliced with Chromium, every one of them paid
#    for the wait. Alone it is quick, and the browsers that follow have the cores to themselves.
# 3. Every other test task, three at a time, the longest first (test-tasks.mjs): the web app's
#    browser suite from the start, and the next task wherever one ends, so the phase does not end
#    on a long host suite started last. Started all at once beside the compilers, as before, the
#    suites kept 25 to 42 threads runnable on two cores: fake microphones stalled, vitest's 60-s
#    worker start ran out, servers took minutes to start. Phases 2 and 3 run only the test tasks
#    (--only): phase 1 built what they need.
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

phase 'phase 1: lint, typecheck, build, security' "${turbo[@]}" lint typecheck build test:security --concurrency=24 || status=1

phase 'phase 2: API suite' "${turbo[@]}" test:main --only --filter=@vocal/api || status=1

phase 'phase 3: browser suites and the rest' node tooling/check/test-tasks.mjs --slots=3 --except=@vocal/api || status=1

node tooling/check/summary.mjs "$report" || true
rm -rf "$report"
exit "$status"
