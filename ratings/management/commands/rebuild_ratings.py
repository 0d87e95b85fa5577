"""``manage.py rebuild_ratings``: recompute the ratings projection from the result events."""
from django.core.management.base import BaseCommand
from django.utils.translation import gettext as _
from tqdm import tqdm

from ratings.projection import rebuild


class Command(BaseCommand):
    help = "Drop all ratings, Elo history and solo results, then rebuild them from the game result events."

    def add_arguments(self, parser):
        parser.add_argument("--batch", type=int, default=10_000, help="results read and written per batch")

    def handle(self, *args, **options):
        def progress(batches, total):
            with tqdm(total=total, unit="result", unit_scale=True, desc="rebuilding ratings", file=self.stderr) as bar:
                for results in batches:
                    yield results
                    bar.update(len(results))

        counts = rebuild(progress=progress, batch=options["batch"])
        summary = ", ".join(f"{kind}: {n}" for kind, n in sorted(counts.items())) or _("no results")
        self.stdout.write(self.style.SUCCESS(_("ratings rebuilt (%(summary)s)") % {"summary": summary}))
