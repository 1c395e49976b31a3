# Shared set-up for scripts/play and scripts/test (sourced, not run).
# Creates .venv, installs the project with its dev tools, installs the JS runtime
# (Pyodide, PyScript) from package-lock.json and builds dist/. Each step is skipped
# when its inputs have not changed since the last run.

cd "$(dirname "${BASH_SOURCE[0]}")/.."

say() { printf '\033[1m==> %s\033[0m\n' "$*" >&2; }
die() { printf 'error: %s\n' "$*" >&2; exit 1; }

PYTHON="${PYTHON:-python3}"
command -v "$PYTHON" >/dev/null || die "Python 3.11+ is needed ($PYTHON not found)"
"$PYTHON" -c 'import sys; sys.exit(sys.version_info < (3, 11))' \
  || die "Python 3.11+ is needed ($("$PYTHON" --version 2>&1) found; set PYTHON=...)"
command -v npm >/dev/null || die "Node.js 20+ and npm are needed (npm not found)"

if [ ! -x .venv/bin/python ]; then
  say "Creating .venv"
  "$PYTHON" -m venv .venv
fi
VENV_PY="$PWD/.venv/bin/python"

stamp=".venv/.installed-$(cat pyproject.toml | "$VENV_PY" -c 'import hashlib,sys; print(hashlib.sha256(sys.stdin.buffer.read()).hexdigest()[:16])')"
if [ ! -e "$stamp" ]; then
  say "Installing Python dev dependencies"
  "$VENV_PY" -m pip install --quiet --disable-pip-version-check -e ".[dev]"
  rm -f .venv/.installed-*
  touch "$stamp"
fi

if [ -f package-lock.json ]; then
  if ! cmp -s package-lock.json node_modules/.installed-lock.json 2>/dev/null; then
    say "Installing the JS runtime (npm ci)"
    npm ci --no-audit --no-fund --loglevel=error
    cp package-lock.json node_modules/.installed-lock.json
  fi
else
  say "Installing the JS runtime (npm install)"
  npm install --no-audit --no-fund --loglevel=error
fi

say "Building dist/"
"$VENV_PY" tools/build_site.py
