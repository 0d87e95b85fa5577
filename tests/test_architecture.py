"""The shape of the code (docs/architecture.md): the apps import each other only downwards
(kernel ← accounts ← leagues ← systems ← game ← bots ← tournament ← ratings ← notifications ←
matchmaking), the game systems know nothing of each other, and the rules engines and pure folds
import no Django — the contracts in ``.importlinter``, checked by import-linter."""
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_every_import_contract_is_kept():
    lint_imports = Path(sys.executable).with_name("lint-imports")
    run = subprocess.run([str(lint_imports), "--config", ".importlinter", "--no-cache"], cwd=ROOT,
                         capture_output=True, text=True, env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert run.returncode == 0, run.stdout[-3000:] + run.stderr[-2000:]
    assert "3 kept, 0 broken" in run.stdout
