# Sourced by the build scripts: the environment Debian's emscripten needs here.
# (TOOLCHAIN.md: emcc's JS optimizer needs Debian's acorn; a pyenv shim doubles emcc's
# start-up time; the closure compiler is npm's native build, Debian's is too old.)
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
export NODE_PATH=/usr/share/nodejs
export EMSDK_PYTHON=/usr/bin/python3
export EM_CLOSURE_COMPILER="$ROOT/node_modules/google-closure-compiler-linux/compiler"
# Emscripten's cache lives in /usr/share and is frozen; nothing we build needs ports.
export EM_FROZEN_CACHE=1
