"""``manage.py rebuild_tournaments``: rebuild every tournament read model from its events."""
from django.core.management.base import BaseCommand
from django.utils.translation import ngettext

from tournament.services import rebuild_projections


class Command(BaseCommand):
    help = "Rebuild tournament brackets, standings and indexes from the tournament event streams."

    def handle(self, *args, **options):
        count = rebuild_projections()
        self.stdout.write(ngettext("rebuilt %(count)d tournament", "rebuilt %(count)d tournaments", count)
                          % {"count": count})
