#!/usr/bin/env bash
# Add the built app to the desktop's menu (XDG): its .desktop file and its icons.
#
#   bash packaging/install-desktop.sh [BUNDLE]              # install (BUNDLE: dist/ambush-gui)
#   bash packaging/install-desktop.sh --uninstall           # take them away again
#
# Installs, for this user only (no root):
#   $XDG_DATA_HOME/applications/ambush-gui.desktop   (Exec= the bundle's executable)
#   $XDG_DATA_HOME/icons/hicolor/<N>x<N>/apps/ambush-gui.png, and scalable/apps/ambush-gui.svg
# with XDG_DATA_HOME defaulting to ~/.local/share. The bundle stays where it is: move it,
# and run this again. Works from a clone (packaging/) and from a bundle it was copied into.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
data=${XDG_DATA_HOME:-$HOME/.local/share}
apps=$data/applications
icons=$data/icons/hicolor
desktop=$apps/ambush-gui.desktop
say() { echo "install-desktop.sh: $*"; }

refresh() {  # menus and icon themes pick the change up at once where these tools exist
  command -v update-desktop-database >/dev/null && update-desktop-database -q "$apps" 2>/dev/null || true
  command -v gtk-update-icon-cache >/dev/null && gtk-update-icon-cache -q -t "$icons" 2>/dev/null || true
}

if [ "${1:-}" = "--uninstall" ]; then
  rm -f "$desktop"
  find "$icons" -path "*/apps/ambush-gui.*" -type f -print -delete 2>/dev/null | sed 's/^/removed /' || true
  refresh
  say "removed $desktop and the ambush-gui icons"
  exit 0
fi
case "${1:-}" in -*) echo "usage: bash install-desktop.sh [BUNDLE] | --uninstall" >&2; exit 2 ;; esac

# The bundle: as given, else the folder this script is in (a copy inside the bundle), else
# the clone's dist/ambush-gui.
if [ -n "${1:-}" ]; then bundle=$1
elif [ -x "$here/ambush-gui" ]; then bundle=$here
else bundle=$here/../dist/ambush-gui
fi
bundle=$(cd "$bundle" 2>/dev/null && pwd) || { echo "no bundle at ${1:-$here/../dist/ambush-gui}: build it first (bash packaging/build.sh)" >&2; exit 1; }
[ -x "$bundle/ambush-gui" ] || { echo "$bundle has no ambush-gui executable" >&2; exit 1; }
entry=$here/ambush-gui.desktop
[ -f "$entry" ] || entry=$bundle/ambush-gui.desktop

# The icons: the bundle's own art, else the clone's assets/.
art=$bundle/_internal/ambush_gui/assets/icon
[ -d "$art" ] || art=$here/../assets/icon
mkdir -p "$apps"
sed -e "s|^Exec=.*|Exec=\"$bundle/ambush-gui\"|" -e "s|^TryExec=.*|TryExec=$bundle/ambush-gui|" \
  "$entry" > "$desktop"
say "installed $desktop"
found=0
for png in "$art"/ambush-gui-*.png; do
  [ -f "$png" ] || continue
  n=$(basename "$png" .png); n=${n##*-}
  mkdir -p "$icons/${n}x${n}/apps"
  cp "$png" "$icons/${n}x${n}/apps/ambush-gui.png"
  found=$((found + 1))
done
if [ -f "$art/ambush-gui.svg" ]; then
  mkdir -p "$icons/scalable/apps"
  cp "$art/ambush-gui.svg" "$icons/scalable/apps/ambush-gui.svg"
  found=$((found + 1))
fi
[ "$found" -gt 0 ] && say "installed $found icons under $icons" || say "no icons found in $art: the menu shows a generic one"
refresh
