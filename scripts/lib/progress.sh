# Long builds that say how far they are (sourced by build-static.sh, web-build.sh): a command's
# own output goes to a log, and one line per tenth of the build to standard error, so that no
# script is silent for minutes and none floods a terminal or a CI log with every compile line.

# Runs COMMAND; prints "WHO: WHAT" first, then "WHO: WHAT: 40%" as cmake's "[ 40%]" lines pass;
# on failure, the last 40 lines of its output. Returns COMMAND's status.
with_progress() {  # WHO WHAT COMMAND...
  local who=$1 what=$2 log status
  shift 2
  log=$(mktemp)
  echo "$who: $what" >&2
  # The status travels in a file: the pipe's own status would be awk's.
  { "$@" 2>&1; echo $? > "$log.status"; } | tee "$log" | awk -v say="$who: $what" '
    / installing / && !/^\[/ { print > "/dev/stderr" }  # apt-install.sh: packages, minutes
    match($0, /^\[ *[0-9]+%\]/) {
      percent = substr($0, 2, RLENGTH - 3) + 0
      if (percent >= next_tenth) {
        printf "%s: %d%%\n", say, percent > "/dev/stderr"
        next_tenth = int(percent / 10) * 10 + 10
      }
    }'
  status=$(cat "$log.status" 2>/dev/null || echo 1)
  [ "$status" = 0 ] || tail -40 "$log" >&2
  rm -f "$log" "$log.status"
  return "$status"
}
