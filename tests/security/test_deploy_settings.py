"""Production settings (issue 24): with DEBUG off the service refuses to start on the key
published with the code; HTTPS, secure cookies, HSTS and the trusted proxy come from the
environment with safe defaults, so that ``manage.py check --deploy`` is clean under the
README's production settings; the embedded default still needs no configuration at all."""
import os
import re
import secrets
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def readme_production_env() -> dict:
    """The variables the README's production section exports, its ``...`` filled in."""
    readme = (ROOT / "README.md").read_text()
    section = readme[readme.index("## Production shape"):]
    block = section[section.index("```bash"):section.index("```", section.index("```bash") + 3)]
    env = {}
    for line in block.splitlines():
        if line.startswith("export "):
            for name, value in re.findall(r"(\w+)=(\S+)", line.split("#")[0]):
                env[name] = value.replace("...", "secret")
    env["SECRET_KEY"] = secrets.token_urlsafe(50)
    return env


def manage(env: dict, *args: str) -> subprocess.CompletedProcess:
    """``manage.py`` with only ``env`` (and the path) set: nothing of the test run's own environment."""
    return subprocess.run([sys.executable, "manage.py", *args], cwd=ROOT, capture_output=True, text=True,
                          env={"PATH": os.environ["PATH"], "HOME": os.environ.get("HOME", "/tmp"), **env}, timeout=120)


def test_the_readme_names_every_production_setting():
    env = readme_production_env()
    assert {"DATABASE_URL", "REDIS_URL", "SECRET_KEY", "ALLOWED_HOSTS", "TRUSTED_PROXIES"} <= set(env)
    assert env["DEBUG"] == "0"


def test_check_deploy_is_clean_under_the_readme_production_settings():
    checked = manage(readme_production_env(), "check", "--deploy", "--fail-level", "WARNING")
    assert checked.returncode == 0, checked.stdout + checked.stderr
    shown = manage(readme_production_env(), "shell", "-c", "from django.conf import settings as s; print(["
                   "s.SECURE_SSL_REDIRECT, s.SESSION_COOKIE_SECURE, s.CSRF_COOKIE_SECURE, s.SECURE_HSTS_SECONDS, "
                   "s.SECURE_PROXY_SSL_HEADER, s.REST_FRAMEWORK['NUM_PROXIES']])")
    assert shown.stdout.strip().splitlines()[-1] == "[True, True, True, 31536000, ('HTTP_X_FORWARDED_PROTO', 'https'), 1]", shown.stderr


def test_debug_off_refuses_to_start_without_a_key_of_its_own():
    production = {k: v for k, v in readme_production_env().items() if k != "SECRET_KEY"}
    for env in (production, {"DEBUG": "0"}, {"DATABASE_URL": "sqlite:///unused.sqlite3"}):
        refused = manage(env, "check")
        assert refused.returncode != 0
        assert "SECRET_KEY is not set: with DEBUG off the service needs its own secret key" in refused.stderr


def test_the_embedded_default_needs_no_configuration():
    started = manage({}, "check")
    assert started.returncode == 0, started.stderr
    shown = manage({}, "shell", "-c", "from django.conf import settings as s; print([s.DEBUG, s.SECURE_SSL_REDIRECT, "
                                      "s.SESSION_COOKIE_SECURE, s.SECURE_PROXY_SSL_HEADER])")
    assert shown.stdout.strip().splitlines()[-1] == "[True, False, False, None]", shown.stderr
