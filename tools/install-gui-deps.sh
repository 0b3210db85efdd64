#!/bin/sh
# Install what tools/xboard_match.py and tests/gui/ need: the real XBoard GUI, Fairy-Max (an opponent that knows
# normal, capablanca, cylinder, ...), a virtual X server, and screenshot tools (ImageMagick `import`, xdotool,
# xwininfo). Idempotent: apt-get skips packages that are already installed. Run as root (or through sudo).
set -eu

PACKAGES="xboard fairymax xvfb xdotool imagemagick x11-utils"

missing=""
for p in $PACKAGES; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing="$missing $p"
done
if [ -z "$missing" ]; then
    echo "install-gui-deps: all present ($PACKAGES)"
    exit 0
fi

SUDO=""
[ "$(id -u)" -eq 0 ] || SUDO="sudo"
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
# shellcheck disable=SC2086
$SUDO apt-get install -y --no-install-recommends $missing
# Debian installs XBoard and Fairy-Max in /usr/games, which is not always on PATH.
echo "install-gui-deps: installed$missing (xboard: /usr/games/xboard, fairymax: /usr/games/fairymax)"
