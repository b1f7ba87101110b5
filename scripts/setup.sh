#!/usr/bin/env bash
# One-time (and idempotent) setup for gpuwise on Debian bookworm:
#  1. Debian packages for the native build, the wasm build, fonts and tests;
#  2. ImGui and SDL2 *source packages* (apt-get source) unpacked into deps/ (git-ignored);
#  3. npm test dependencies from the committed package-lock.json.
# Nothing is fetched from anywhere but Debian's archive and the npm registry.
# Quiet when everything is already in place.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"

SUDO=""
if [ "$(id -u)" != 0 ]; then SUDO="sudo"; fi
export DEBIAN_FRONTEND=noninteractive

PACKAGES=(
  build-essential cmake ninja-build pkg-config xz-utils dpkg-dev
  emscripten binaryen nlohmann-json3-dev catch2 libsdl2-dev libgl-dev
  clang-14 libclang-rt-14-dev llvm-14 clang-tidy-14
  chromium fonts-dejavu-core fonts-wqy-microhei python3-fonttools brotli gzip nodejs
  librsvg2-bin
)

# Debian's node is fine; a machine that already has a newer node (with its own npm)
# keeps it. Debian ships npm as a separate package.
command -v npm >/dev/null 2>&1 || PACKAGES+=(npm)

missing=()
for p in "${PACKAGES[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "ok installed"; then
    missing+=("$p")
  fi
done

# deb-src entry next to Debian's own, so that `apt-get source` works (TOOLCHAIN.md).
SRC_LIST=/etc/apt/sources.list.d/gpuwise-deb-src.sources
need_update=0
if [ ! -f "$SRC_LIST" ]; then
  if [ -f /etc/apt/sources.list.d/debian.sources ]; then
    sed 's/^Types: deb$/Types: deb-src/' /etc/apt/sources.list.d/debian.sources | $SUDO tee "$SRC_LIST" >/dev/null
  else
    grep -E '^deb ' /etc/apt/sources.list | sed 's/^deb /deb-src /' | $SUDO tee /etc/apt/sources.list.d/gpuwise-deb-src.list >/dev/null
    $SUDO touch "$SRC_LIST"
  fi
  need_update=1
fi

DEPS="$ROOT/deps"
have_sources=1
[ -f "$DEPS/imgui/imgui.cpp" ] || have_sources=0
[ -f "$DEPS/sdl2/include/SDL.h" ] || have_sources=0

if [ ${#missing[@]} -gt 0 ] || { [ $have_sources = 0 ] && [ $need_update = 1 ]; } || \
   { [ $have_sources = 0 ] && ! ls /var/lib/apt/lists/*_source_Sources* >/dev/null 2>&1; }; then
  echo "setup: apt-get update"
  $SUDO apt-get update -qq
fi
if [ ${#missing[@]} -gt 0 ]; then
  echo "setup: installing ${missing[*]}"
  $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

if [ $have_sources = 0 ]; then
  echo "setup: fetching ImGui and SDL2 Debian source packages into deps/"
  mkdir -p "$DEPS/download"
  (cd "$DEPS/download" && apt-get source --download-only -qq imgui libsdl2 >/dev/null)
  rm -rf "$DEPS/imgui" "$DEPS/sdl2"
  mkdir -p "$DEPS/imgui" "$DEPS/sdl2"
  tar -xf "$(ls "$DEPS"/download/imgui_*.orig.tar.* | head -n1)" -C "$DEPS/imgui" --strip-components=1
  tar -xf "$(ls "$DEPS"/download/libsdl2_*.orig.tar.* | head -n1)" -C "$DEPS/sdl2" --strip-components=1
fi

# npm test dependencies, pinned by package-lock.json; reinstall only when the lock changed.
if [ -f package-lock.json ]; then
  if [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
    echo "setup: npm ci"
    npm ci --no-audit --no-fund --loglevel=error >/dev/null
    touch node_modules/.package-lock.json
  fi
fi
