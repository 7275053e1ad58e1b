# Shared by scripts/serve and scripts/test: create .venv and install the pinned
# requirements when they changed since the last install (a stamp holds their hash).
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"

PYTHON="${PYTHON:-python3}"
if ! "$PYTHON" -c 'import sys; sys.exit(0 if sys.version_info >= (3, 11) else 1)' 2>/dev/null; then
  echo "Dealer Academy needs Python 3.11 or newer as '$PYTHON' (set PYTHON=/path/to/python3.11)." >&2
  exit 1
fi

ensure_venv() {
  local requirements="$1"
  if [ ! -x .venv/bin/python ]; then
    echo "==> Creating .venv with $("$PYTHON" --version)"
    "$PYTHON" -m venv .venv
  fi
  local stamp=".venv/.installed-$(basename "$requirements" .txt)"
  local want
  want="$(cat requirements*.txt | "$PYTHON" -c 'import hashlib,sys; print(hashlib.sha256(sys.stdin.buffer.read()).hexdigest())')"
  if [ ! -f "$stamp" ] || [ "$(cat "$stamp")" != "$want" ]; then
    echo "==> Installing $requirements into .venv"
    .venv/bin/python -m pip install --quiet --disable-pip-version-check --upgrade pip
    .venv/bin/python -m pip install --quiet --disable-pip-version-check -r "$requirements"
    echo "$want" > "$stamp"
  fi
}
