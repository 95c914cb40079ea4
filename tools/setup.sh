#!/usr/bin/env bash
# Set up ambush-gui on a Debian machine with Python >= 3.11, from a clean clone.
#
#   bash tools/setup.sh play   # install what the game needs, then start it
#   bash tools/setup.sh test   # install what the tests need, then run the whole suite
#
# System libraries come from Debian (apt-get, with sudo when not root); Python
# packages from PyPI into the current Python, or into .venv where the system
# Python refuses outside installs (PEP 668).
set -euo pipefail
cd "$(dirname "$0")/.."
mode=${1:-play}
case "$mode" in play|test) ;; *) echo "usage: bash tools/setup.sh play|test" >&2; exit 2 ;; esac

PY=${PYTHON:-python3}
"$PY" -c 'import sys; sys.exit(0 if sys.version_info >= (3, 11) else 1)' || {
  echo "ambush-gui needs Python 3.11 or newer ($PY is $("$PY" --version 2>&1))" >&2; exit 2; }

# Qt offscreen (tests) needs these; a real window adds the X11/xcb ones (DESIGN.md).
qt_core="libgl1 libegl1 libx11-6 libdbus-1-3 libfontconfig1 libfreetype6 libglib2.0-0 libxkbcommon0 fonts-dejavu-core"
qt_x11="xvfb xauth libxkbcommon-x11-0 libxcb-cursor0 libxcb-icccm4 libxcb-image0 libxcb-keysyms1 libxcb-render-util0 libxcb-shape0 libxcb-xkb1 libxcb-render0 libxcb-util1"
missing=()
for pkg in $qt_core $qt_x11; do
  dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed" || missing+=("$pkg")
done
if [ ${#missing[@]} -gt 0 ]; then
  sudo=""; [ "$(id -u)" -eq 0 ] || sudo="sudo"
  echo "Installing Debian packages: ${missing[*]}"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

extra=""; [ "$mode" = test ] && extra="[test]"
if ! "$PY" -m pip install -q -e ".$extra" 2>/tmp/ambush-gui-pip.err; then
  if grep -q externally-managed /tmp/ambush-gui-pip.err; then
    "$PY" -m venv .venv
    PY=.venv/bin/python
    "$PY" -m pip install -q --upgrade pip
    "$PY" -m pip install -q -e ".$extra"
  else
    cat /tmp/ambush-gui-pip.err >&2; exit 1
  fi
fi

if [ "$mode" = play ]; then
  exec "$PY" -m ambush_gui "${@:2}"
fi
export QT_QPA_PLATFORM=offscreen
exec "$PY" -m pytest -q -p no:cacheprovider
