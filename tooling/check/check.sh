#!/usr/bin/env bash
# `pnpm check` in two phases, for a machine of two cores (decision 0036).
#
# 1. Lint, typecheck and every build at once: CPU-bound work that waits on nothing and has no
#    timeout, so it may take the machine whole.
# 2. The tests, with bounded parallelism: the web app's browser tests and the API suite (the two
#    longest) from the start, beside at most three of the other suites at a time. Started all at
#    once beside the compilers, as before, the suites kept 25 to 42 threads runnable on two
#    cores: fake microphones stalled, vitest's 60-s worker start ran out, servers took minutes to
#    start. Phase 2 runs only the test tasks (--only): phase 1 built what they need.
#
# Every phase runs to the end whatever fails (--continue), and the check fails if any did.
set -u
cd "$(dirname "$0")/../.."
turbo=(npx --no-install turbo run --continue)
status=0

"${turbo[@]}" lint typecheck build --concurrency=24 || status=1

"${turbo[@]}" test --only --filter=@vocal/web --filter=@vocal/api --concurrency=2 &
longest=$!
"${turbo[@]}" test --only --filter='!@vocal/web' --filter='!@vocal/api' --concurrency=3 || status=1
wait "$longest" || status=1

exit "$status"
