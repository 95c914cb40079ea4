#!/usr/bin/env bash
# Build the one-folder app from a clean clone: dist/ambush-gui/ambush-gui (Linux).
#
#   bash packaging/build.sh          # in a throwaway virtual environment, build/venv
#   bash packaging/build.sh --here   # in the current Python (it gets pyinstaller and the project)
#
# Then it proves the bundle: its size on disk (under $AMBUSH_GUI_MAX_MB, 150 by default),
# no library of it reaching for a Python outside it (ldd), and `ambush-gui --selftest` run in
# a minimal environment with no Python on its PATH. Any failure fails the build, so a
# bundle that cannot start is never handed out. See packaging/README.md.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
here=0
case "${1:-}" in
  "") ;;
  --here) here=1 ;;
  *) echo "usage: bash packaging/build.sh [--here]" >&2; exit 2 ;;
esac
say() { echo "build.sh: $*"; }
missing_tools=()
die() { echo "build.sh: FAILED: $*" >&2; exit 1; }

# The Qt libraries the system provides (the bundle takes OpenGL, X11 and fonts from it):
# the same Debian packages as tools/setup.sh installs.
for lib in libGL.so.1 libEGL.so.1 libfontconfig.so.1 libxkbcommon.so.0 libxcb-cursor.so.0; do
  ldconfig -p | grep -q "$lib" || die "$lib is missing: install the Qt system libraries first (bash tools/setup.sh play, or the Debian packages it lists)"
done

# The build's own tools: readelf and gcc (binutils, gcc) and ICU's icupkg (icu-devtools) trim
# Qt's ICU data from 32 MB to 14 (the spec's _small_icu).
for tool in readelf:binutils gcc:gcc icupkg:icu-devtools strip:binutils; do
  command -v "${tool%%:*}" >/dev/null || missing_tools+=("${tool#*:}")
done
if [ ${#missing_tools[@]} -gt 0 ]; then
  sudo=""; [ "$(id -u)" -eq 0 ] || sudo="sudo"
  say "installing Debian packages: ${missing_tools[*]}"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing_tools[@]}" >/dev/null
fi

PY=${PYTHON:-python3}
if [ "$here" = 1 ]; then
  say "building with the current Python ($(command -v "$PY"))"
else
  say "a fresh virtual environment in build/venv"
  rm -rf build/venv
  "$PY" -m venv build/venv
  PY=$root/build/venv/bin/python
fi
"$PY" -m pip install -q ".[package]"

rm -rf dist/ambush-gui build/pyinstaller
say "PyInstaller (a few minutes)"
"$PY" -m PyInstaller --noconfirm --log-level WARN --distpath dist --workpath build/pyinstaller \
  packaging/ambush-gui.spec
bundle=$root/dist/ambush-gui
[ -x "$bundle/ambush-gui" ] || die "no executable $bundle/ambush-gui"
# a downloaded bundle adds itself to the desktop's menu the same way as a clone does
cp packaging/ambush-gui.desktop packaging/install-desktop.sh "$bundle/"

# Its size on disk.
mb=$(du -sm "$bundle" | cut -f1)
say "dist/ambush-gui is $(du -sh "$bundle" | cut -f1) on disk"
[ "$mb" -le "${AMBUSH_GUI_MAX_MB:-150}" ] || die "the bundle is $mb MB, over ${AMBUSH_GUI_MAX_MB:-150} MB: see the spec's _UNUSED"

# No library in it links to a Python outside it (the bootloader loads _internal's libpython).
outside=$(find "$bundle" -type f \( -name '*.so*' -o -name ambush-gui \) -print0 |
  LD_LIBRARY_PATH="$bundle/_internal" xargs -0 -n 50 ldd 2>/dev/null |
  awk -v b="$bundle" '$2 == "=>" && $3 ~ /^\// && $3 !~ "^"b && tolower($1) ~ /python/ {print $3}' | sort -u)
[ -z "$outside" ] || die "bundle libraries link to a Python outside it: $outside"
say "ldd: no library reaches outside the bundle for Python"

# The self-test in a minimal environment: no PYTHON* variables, a PATH with no python on
# it, a fresh HOME; the bundle itself checks that every Python module and library it
# loaded came from inside it.
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$tmp/bin" "$tmp/home"
if env -i PATH="$tmp/bin" HOME="$tmp/home" QT_QPA_PLATFORM=offscreen "$bundle/ambush-gui" --selftest \
    >"$tmp/selftest.log" 2>&1; then
  grep '^selftest:' "$tmp/selftest.log"
else
  cat "$tmp/selftest.log" >&2
  die "the bundle's self-test failed (above)"
fi

# Its version and its shipped files, as a player sees them: --version prints pyproject's
# version, and list names every shipped scenario, mission and campaign.
bare() { env -i PATH="$tmp/bin" HOME="$tmp/home" QT_QPA_PLATFORM=offscreen "$bundle/ambush-gui" "$@"; }
want=$("$PY" -c 'import tomllib; print(tomllib.load(open("pyproject.toml", "rb"))["project"]["version"])')
said=$(bare --version)
[ "$said" = "ambush-gui $want" ] || die "--version says '$said', not 'ambush-gui $want'"
shipped=$(find ambush_gui/scenarios -maxdepth 2 -name '*.toml' -not -path '*/charts/*' | wc -l)
listed=$(bare list | wc -l)
[ "$listed" -eq "$shipped" ] || die "list names $listed files, and $shipped are shipped"
say "$said; list names all $listed shipped scenarios, missions and campaigns"
say "done: run dist/ambush-gui/ambush-gui; bash packaging/install-desktop.sh adds it to the desktop's menu"
