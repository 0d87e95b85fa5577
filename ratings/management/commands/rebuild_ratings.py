"""``manage.py rebuild_ratings``: recompute the ratings projection from the result events."""
from django.core.management.base import BaseCommand
from tqdm import tqdm

from ratings.projection import rebuild


class Command(BaseCommand):
    help = "Drop all ratings, Elo history and solo results, then rebuild them from the game result events."

    def handle(self, *args, **options):
        def progress(results, total):
            return tqdm(results, total=total, unit="result", desc="rebuilding ratings", file=self.stderr)

        counts = rebuild(progress=progress)
        summary = ", ".join(f"{kind}: {n}" for kind, n in sorted(counts.items())) or "no results"
        self.stdout.write(self.style.SUCCESS(f"ratings rebuilt ({summary})"))
