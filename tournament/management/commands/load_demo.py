"""Demo data for the embedded default: users, a league, and games of every system.

Idempotent: does nothing when the demo users already exist.
"""
from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand
from django.db import transaction

from game import autoplay, services
from systems.registry import available_systems, get_system
from tournament import demo as tournament_demo

DEMO_USERS = ("alice", "bob", "carol", "dave")


class Command(BaseCommand):
    help = ("Load demo users (README: admin, organiser, referee, alice, bob, carol, dave), games of every system, "
            "a league with a season and a played-out cup round.")

    def handle(self, *args, **options):
        User = get_user_model()
        if User.objects.filter(username="admin").exists():
            self.stdout.write("demo data already loaded")
            return
        with transaction.atomic():
            User.objects.create_superuser("admin", "admin@example.org", "admin")
            users = {name: User.objects.create_user(name, f"{name}@example.org", name) for name in DEMO_USERS}
        for name in available_systems():
            self.demo_games(name, users)
        referee = User.objects.create_user("referee", "referee@example.org", "referee")
        organiser = User.objects.create_user("organiser", "organiser@example.org", "organiser")
        tournament_demo.load(users, organiser=organiser, referee=referee)
        self.stdout.write("tournament: Northolt Cup (303, single elimination), round one played")
        tournament_demo.load_table_swiss(users, organiser=organiser, referee=referee)
        self.stdout.write("tournament: Kraków Table Swiss (303 at the table), round one partly reported")
        self.stdout.write(self.style.SUCCESS("demo data loaded"))

    def demo_games(self, system_name: str, users: dict) -> None:
        system = get_system(system_name)
        sides = services.sides_for(system, {})
        players = dict(zip(sides, [users["alice"], users["bob"], users["carol"], users["dave"]]))
        finished = services.create_game(system_name=system_name, setup={}, players=players, created_by=users["alice"])
        autoplay.play(finished, players, seed=1)
        running = services.create_game(system_name=system_name, setup={}, players=players, created_by=users["alice"])
        autoplay.play(running, players, seed=2, until_version=8)
        self.stdout.write(f"{system_name}: finished game {finished.pk} ({finished.status}), running game {running.pk}")
