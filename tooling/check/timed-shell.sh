#!/usr/bin/env bash
# The shell pnpm runs package scripts with during `pnpm check` (npm_config_script_shell, set by
# check.sh). It runs the script as bash would and, when VOCAL_CHECK_TIMES names a file, appends
# one line for it: the package and script, when it started and ended, and the CPU time its
# processes used. `times` counts every descendant the script waited for (vitest workers, product
# servers, Chromium and its renderers), which a sampler of /proc misses for short-lived processes.
started=$(date +%s.%N)
bash "$@"
status=$?
if [ -n "${VOCAL_CHECK_TIMES:-}" ] && [ "${npm_lifecycle_event:-npx}" != npx ]; then
  end=$(date +%s.%N)
  # `times` prints the shell's own times, then its children's: "0m1.250s 0m0.310s". Run in this
  # shell, not in a $(...) subshell, whose children are its own.
  times_file=$(mktemp)
  times >"$times_file"
  children=$(tail -n 1 "$times_file")
  rm -f "$times_file"
  printf '%s\t%s\t%s\t%s\t%s\t%s\n' "${npm_package_name:-?}" "$npm_lifecycle_event" "$started" "$end" "$children" "$status" >>"$VOCAL_CHECK_TIMES"
fi
exit "$status"
