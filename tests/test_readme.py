"""The README is how a new user starts (issue 13 "API tidy-ups"): it names every demo user the
demo loader creates, the referee too, and how to serve on another port."""
import inspect
import re
from pathlib import Path

from tournament.management.commands import load_demo

README = (Path(__file__).resolve().parents[1] / "README.md").read_text()


def demo_usernames() -> set[str]:
    source = inspect.getsource(load_demo)
    return set(load_demo.DEMO_USERS) | set(re.findall(r'create_(?:super)?user\("(\w+)"', source))


def test_the_readme_names_every_demo_user_and_the_port():
    users = demo_usernames()
    assert {"admin", "organiser", "referee", "alice"} <= users
    assert [name for name in sorted(users) if f"`{name}`" not in README] == []
    assert "PORT=" in README
