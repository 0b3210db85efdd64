#!/bin/sh
# Fetch and build 4pchess (github.com/obryanlouis/4pchess, GPL-3.0), the four-player Teams chess engine,
# as an outside program for `hyperchess match` and the lockstep test (tools/fourpchess/README.md).
#
#   tools/build_4pchess.sh [SOURCE]
#
# SOURCE (or $FOURPCHESS_SOURCE): a git URL, a checkout, or a bare git directory; default
# https://github.com/obryanlouis/4pchess. Builds into $HYPERCHESS_4PCHESS_DIR (default
# ${XDG_CACHE_HOME:-~/.cache}/hyperchess/4pchess): `make cli` there (the engine), and the legal-move driver
# tools/fourpchess/movegen.cc compiled against its board.cc and utils.cc. Prints where both are. Nothing of 4pchess is
# copied into this repository. Without g++, make or git it prints one line and exits 0 (skipped).
set -eu

here=$(cd "$(dirname "$0")" && pwd)
source=${1:-${FOURPCHESS_SOURCE:-https://github.com/obryanlouis/4pchess}}
cache=${XDG_CACHE_HOME:-$HOME/.cache}
dir=${HYPERCHESS_4PCHESS_DIR:-$cache/hyperchess/4pchess}

case "${1:-}" in
  -h|--help) sed -n '2,11p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
esac
for tool in g++ make git; do
  if ! command -v "$tool" >/dev/null 2>&1; then
    echo "build_4pchess: skipped: $tool is not installed"
    exit 0
  fi
done

mkdir -p "$dir"
tmp="$dir/src.new"
rm -rf "$tmp"
if [ -d "$source" ] && git -C "$source" rev-parse --is-bare-repository 2>/dev/null | grep -qx true; then
  mkdir -p "$tmp"
  git -C "$source" archive HEAD | tar -x -C "$tmp"
  commit=$(git -C "$source" rev-parse HEAD)
elif [ -d "$source/.git" ] || { [ -d "$source" ] && git -C "$source" rev-parse HEAD >/dev/null 2>&1; }; then
  mkdir -p "$tmp"
  git -C "$source" archive HEAD | tar -x -C "$tmp"
  commit=$(git -C "$source" rev-parse HEAD)
else
  if ! git clone -q --depth 1 "$source" "$tmp" 2>"$dir/clone.log"; then
    echo "build_4pchess: cannot fetch $source ($(tail -n 1 "$dir/clone.log")); give a local source: $0 DIR" >&2
    rm -rf "$tmp"
    exit 1
  fi
  commit=$(git -C "$tmp" rev-parse HEAD)
fi
for f in Makefile board.cc board.h cli.cc command_line.cc; do
  if [ ! -f "$tmp/$f" ]; then
    echo "build_4pchess: $source has no $f: not 4pchess's source" >&2
    rm -rf "$tmp"
    exit 1
  fi
done
rm -rf "$dir/src"
mv "$tmp" "$dir/src"
echo "$commit $source" > "$dir/SOURCE"

if ! (cd "$dir/src" && nice make cli >"$dir/build.log" 2>&1); then
  echo "build_4pchess: make cli failed; see $dir/build.log" >&2
  exit 1
fi
if ! nice g++ -O2 -std=c++20 -I"$dir/src" "$here/fourpchess/movegen.cc" "$dir/src/board.cc" "$dir/src/utils.cc" \
    -o "$dir/movegen" >>"$dir/build.log" 2>&1; then
  echo "build_4pchess: the movegen driver failed to compile; see $dir/build.log" >&2
  exit 1
fi
echo "4pchess $commit"
echo "cli: $dir/src/cli"
echo "movegen: $dir/movegen"
