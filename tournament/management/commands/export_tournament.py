"""``manage.py export_tournament <id> [--output FILE]``: a finished tournament as one file for the
league's server (tournament/exports.py), e.g. on a club's laptop with no connection to it."""
import json

from django.core.management.base import BaseCommand, CommandError

from kernel.refusals import CommandRejected
from tournament.exports import export_tournament
from tournament.models import Tournament


class Command(BaseCommand):
    help = "Export a finished tournament (its stream and its games', with their hash chains) as one JSON file."

    def add_arguments(self, parser):
        parser.add_argument("tournament_id", type=int)
        parser.add_argument("--output", help="the file to write (default: standard output)")

    def handle(self, *args, tournament_id, output=None, **options):
        tournament = Tournament.objects.filter(pk=tournament_id).first()
        if tournament is None:
            raise CommandError(f"no tournament {tournament_id}")
        try:
            text = json.dumps(export_tournament(tournament))
        except CommandRejected as exc:
            raise CommandError(exc.message) from None
        if output:
            with open(output, "w", encoding="utf-8") as f:
                f.write(text)
        else:
            self.stdout.write(text)
