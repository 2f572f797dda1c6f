#!/usr/bin/env bash
# Fetches Lua 5.4 from the system's own source package (`apt-get source lua5.4`, Debian's or
# Ubuntu's) into a cache folder, once, and prints that folder. tilegrade compiles Lua from it with
# a fixed string-hash seed (lua/lua.cmake says why): Debian's liblua5.4 seeds its string hashes
# from the clock and from addresses, so pairs() over string keys could differ from one run to the
# next. Fetching is an install step, like apt-get install: the build itself never downloads.
# Usage: scripts/lua-source.sh            (as root the first time: it may add deb-src entries)
#   TILEGRADE_LUA_SOURCE  the cache folder (default /var/cache/tilegrade/lua5.4); CMake reads the
#                         same variable, so both agree on where the sources are
set -euo pipefail
dest=${TILEGRADE_LUA_SOURCE:-/var/cache/tilegrade/lua5.4}
say() { echo "lua-source: $*" >&2; }
if [ -f "$dest/src/lstate.c" ] && [ -f "$dest/VERSION" ]; then
  echo "$dest"
  exit 0
fi
if [ "$(id -u)" -ne 0 ]; then
  say "Lua's sources are not in $dest yet; run as root: sudo scripts/lua-source.sh"
  exit 1
fi
export DEBIAN_FRONTEND=noninteractive
# dpkg-source (dpkg-dev) unpacks the source package and applies the distribution's patches.
"$(dirname "$0")/apt-install.sh" lua-source dpkg-dev
if ! apt-get source --print-uris lua5.4 >/dev/null 2>&1; then
  # The same archives the system installs binaries from, as deb-src: works on Debian and Ubuntu,
  # in either sources format, without naming a mirror here.
  say "adding deb-src entries for the system's own archives"
  list=/etc/apt/sources.list.d/tilegrade-deb-src.list
  sources=/etc/apt/sources.list.d/tilegrade-deb-src.sources
  cat /etc/apt/sources.list /etc/apt/sources.list.d/*.list 2>/dev/null |
    sed -n 's/^deb \(.*\)$/deb-src \1/p' | sort -u > "$list.new" || true
  : > "$sources.new"
  for file in /etc/apt/sources.list.d/*.sources; do
    [ -f "$file" ] && [ "$file" != "$sources" ] || continue
    sed 's/^Types:[[:space:]]*deb[[:space:]]*$/Types: deb-src/' "$file" >> "$sources.new"
    echo >> "$sources.new"
  done
  for file in "$list" "$sources"; do
    if [ -s "$file.new" ]; then mv "$file.new" "$file"; else rm -f "$file.new"; fi
  done
  apt-get update -qq
fi
download=$(mktemp -d "${TMPDIR:-/tmp}/tilegrade-lua.XXXXXX")
trap 'rm -rf "$download"' EXIT
# Root downloads it itself: the _apt user may not write into the temporary folder.
(cd "$download" && apt-get source -qq -o APT::Sandbox::User=root lua5.4 >/dev/null 2>&1) || {
  say "apt-get source lua5.4 failed (is the archive reachable?)"
  exit 1
}
unpacked=$(find "$download" -mindepth 1 -maxdepth 1 -type d -name 'lua5.4-*' | head -1)
[ -f "$unpacked/src/lstate.c" ] || { say "no src/lstate.c in the lua5.4 source package"; exit 1; }
version=$(sed -n '1s/^lua5\.4 (\([^)]*\)).*/\1/p' "$unpacked/debian/changelog")
echo "$version" > "$unpacked/VERSION"
mkdir -p "$(dirname "$dest")"
rm -rf "$dest"
mv "$unpacked" "$dest"
say "Lua 5.4 sources $version in $dest"
echo "$dest"
