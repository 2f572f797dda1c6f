#!/usr/bin/env bash
# Builds the check page: a static folder (HTML, JS, WebAssembly and the student copies of the
# assignments) that any static host serves, and that grades scripts in the student's browser with
# the same engine and grader as `tilegrade check`. Installs what it needs (Debian's emscripten,
# Lua's Debian source package) on first use.
#
# Usage: scripts/web-build.sh [--out DIR] [ASSIGNMENT_DIR...]
#   default: every folder of assignments/, into build-web/site. Instructors name their own
#   assignment folders (each with assignment.json, expected.json, README.md and starter.lua).
# Environment: BUILD_DIR (native build, default build), WEB_BUILD_DIR (default build-web).
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD

out=""
assignments=()
while (($#)); do
  case "$1" in
    --out) out=$2; shift 2 ;;
    -h|--help) sed -n '2,10p' "$0"; exit 0 ;;
    *) assignments+=("$1"); shift ;;
  esac
done
BUILD_DIR=${BUILD_DIR:-build}
WEB_BUILD_DIR=${WEB_BUILD_DIR:-build-web}
out=${out:-$WEB_BUILD_DIR/site}
((${#assignments[@]})) || assignments=(assignments/*/)

say() { echo "web-build: $*" >&2; }

# Lua 5.4 from Debian's own source package, the version the native build links (liblua5.4-dev),
# unpacked into the build folder: never copied into the repository.
lua_sources() {
  local version dir
  version=$(dpkg-query -W -f='${Version}' liblua5.4-dev)
  dir="$WEB_BUILD_DIR/lua-source/$version"
  if [ ! -f "$dir/src/lua.h" ]; then
    if ! apt-get source --print-uris "lua5.4=$version" >/dev/null 2>&1; then
      say "adding Debian's source archive (deb-src) for apt-get source"
      local codename
      codename=$(. /etc/os-release && echo "$VERSION_CODENAME")
      cat > /etc/apt/sources.list.d/tilegrade-deb-src.sources <<SOURCES
# Added by tilegrade's scripts/web-build.sh: Debian's Lua sources, built for WebAssembly.
Types: deb-src
URIs: http://deb.debian.org/debian
Suites: $codename $codename-updates
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg

Types: deb-src
URIs: http://deb.debian.org/debian-security
Suites: $codename-security
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg
SOURCES
      DEBIAN_FRONTEND=noninteractive apt-get update -qq
    fi
    rm -rf "$WEB_BUILD_DIR/lua-source"
    mkdir -p "$WEB_BUILD_DIR/lua-source/download"
    # Root downloads it itself: the _apt user cannot write into the build folder.
    (cd "$WEB_BUILD_DIR/lua-source/download" &&
      apt-get source -qq -o APT::Sandbox::User=root "lua5.4=$version" >/dev/null)
    mv "$WEB_BUILD_DIR"/lua-source/download/lua5.4-*/ "$dir"
  fi
  case "$dir" in  # WEB_BUILD_DIR may be absolute
    /*) echo "$dir/src" ;;
    *) echo "$ROOT/$dir/src" ;;
  esac
}

# The folder the page carries for one assignment: its student copy (visible tests only), as
# `tilegrade export` writes it for any instructor.
student_copy() {  # SOURCE_DIR DESTINATION_DIR: `tilegrade export`, nothing hidden in it
  local source=$1 destination=$2
  rm -rf "$destination"
  "$BUILD_DIR/tilegrade" export "$source" "$destination" >/dev/null
}

scripts/apt-install.sh web-build emscripten dpkg-dev python3 cmake make
# Debian's emscripten finds its JavaScript parser (node-acorn) here, whichever node runs it.
export NODE_PATH=/usr/share/nodejs${NODE_PATH:+:$NODE_PATH}

. scripts/lib/progress.sh
# The native command writes the student copies' expected.json: the command alone is built (no
# test suite), into a folder that has none yet.
if [ ! -f "$BUILD_DIR/CMakeCache.txt" ]; then
  with_progress web-build "building the native tilegrade (the command alone) in $BUILD_DIR" \
    env BUILD_DIR="$BUILD_DIR" scripts/setup.sh --grader-only
fi
with_progress web-build "building the native tilegrade in $BUILD_DIR" \
  cmake --build "$BUILD_DIR" --target tilegrade -j "$(nproc)"

say "Lua's Debian sources (downloaded on first use)"
lua_src=$(lua_sources)
wasm_dir=$WEB_BUILD_DIR
emcmake cmake -S web -B "$wasm_dir" -DCMAKE_BUILD_TYPE=Release -DLUA_SOURCE_DIR="$lua_src" \
  >/dev/null
with_progress web-build "building the WebAssembly grader in $wasm_dir" \
  cmake --build "$wasm_dir" -j "$(nproc)"
say "writing the page and the student copies into $out"

rm -rf "$out"
mkdir -p "$out/assignments"
cp web/app.js web/worker.js web/page.css "$wasm_dir/tilegrade.js" "$wasm_dir/tilegrade.wasm" \
  "$out/"
index="[]"
for source in "${assignments[@]}"; do
  source=${source%/}
  [ -f "$source/assignment.json" ] || { say "$source: no assignment.json"; exit 2; }
  name=$(basename "$source")
  student_copy "$source" "$out/assignments/$name"
  index=$(python3 - "$index" "$name" "$out/assignments/$name/assignment.json" <<'PY'
import json, sys
index = json.loads(sys.argv[1])
title = json.load(open(sys.argv[3], encoding="utf-8")).get("title", sys.argv[2])
index.append({"name": sys.argv[2], "title": title})
print(json.dumps(index))
PY
)
done
printf '%s\n' "$index" > "$out/assignments/index.json"

# The report is shown in a frame that inherits the page's Content-Security-Policy, so the policy
# names the report's own style and script by hash (taken from a report the grader just wrote).
first=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))[0]["name"])' \
  "$out/assignments/index.json")
sample="$WEB_BUILD_DIR/sample-report.html"
"$BUILD_DIR/tilegrade" check "$out/assignments/$first" "$out/assignments/$first/starter.lua" \
  --format html > "$sample" || true
python3 - "$sample" web/index.html "$out/index.html" <<'PY'
import base64, hashlib, re, sys
report = open(sys.argv[1], encoding="utf-8").read()
def digest(tag):
    block = re.search(r"<%s>(.*?)</%s>" % (tag, tag), report, re.S).group(1)
    return "sha256-" + base64.b64encode(hashlib.sha256(block.encode()).digest()).decode()
page = open(sys.argv[2], encoding="utf-8").read()
page = page.replace("@REPORT_SCRIPT_HASH@", digest("script"))
page = page.replace("@REPORT_STYLE_HASH@", digest("style"))
open(sys.argv[3], "w", encoding="utf-8").write(page)
PY
say "wrote $out ($(du -sk "$out" | cut -f1) KiB)"
