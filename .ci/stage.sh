# Sourced by .ci/run and .ci/side-lane: `stage NAME` closes the stage before
# it with the seconds it took (and the script's total so far) and opens the
# next, so that the slowest stage is plain to see in CI's log.
stage() {
  if [ -n "${stage_name:-}" ]; then
    echo "-- ${stage_prefix:-}$stage_name took $((SECONDS - stage_start)) s (total $SECONDS s)"
  fi
  stage_name="$1" stage_start=$SECONDS
  echo "== ${stage_prefix:-}$1"
}
