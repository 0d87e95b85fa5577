"""``manage.py verify_history``: recompute the hash chain of every stream (kernel/chain.py) and
compare it with the head hashes recorded apart from it (game/recorded_heads.py)."""
from itertools import groupby
from operator import attrgetter

from django.core.management.base import BaseCommand, CommandError
from django.utils.translation import gettext as _
from tqdm import tqdm

from kernel.chain import first_break
from kernel.models import StoredEvent
from game.recorded_heads import head_problems, recorded_heads

FIELDS = ("stream", "seq", "type", "payload", "visibility", "dice", "command", "hash")


class Command(BaseCommand):
    help = ("Recompute the hash chain of every event stream and compare it with the head hashes recorded "
            "apart from it; name the first broken seq of each broken stream and exit non-zero if there is one.")

    def add_arguments(self, parser):
        parser.add_argument("streams", nargs="*", help="check only these streams (default: every stream)")

    def handle(self, *args, streams, verbosity, **options):
        events = StoredEvent.objects.order_by("stream", "seq")
        if streams:
            events = events.filter(stream__in=streams)
        total = events.count()
        rows = tqdm(events.values_list(*FIELDS, named=True).iterator(chunk_size=2000), total=total,
                    unit="event", desc="verifying history", file=self.stderr, disable=verbosity == 0)
        game_rows, elsewhere = recorded_heads(streams)
        checked, broken = 0, {}
        for stream, stream_rows in groupby(rows, key=attrgetter("stream")):
            checked += 1
            stream_rows = list(stream_rows)
            seq = first_break(stream, stream_rows)
            problems = [] if seq is None else [_("%(stream)s: hash chain broken at seq %(seq)s")
                                               % {"stream": stream, "seq": seq}]
            problems += head_problems(stream, stream_rows, game_rows.get(stream), elsewhere.get(stream, []))
            if problems:
                broken[stream] = problems
        rows.close()
        for problems in broken.values():
            for problem in problems:
                self.stderr.write(problem)
        if broken:
            raise CommandError(_("%(broken)s of %(checked)s streams have a broken hash chain")
                               % {"broken": len(broken), "checked": checked})
        self.stdout.write(_("%(checked)s streams, %(total)s events: every hash chain intact")
                          % {"checked": checked, "total": total})
