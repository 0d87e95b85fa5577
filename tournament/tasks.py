"""Tournament tasks: consumers of the ``game_finished`` outbox topic (idempotent, ``acks_late``)."""
from datetime import timedelta

from celery import shared_task
from django.conf import settings
from django.utils import timezone

from . import services
from .services.results import record_missed_results


@shared_task(acks_late=True)
def record_game_result(game_id: str, result_seq: int) -> bool:
    """Feed a finished game into its tournament stream; a second delivery changes nothing."""
    return services.record_game_result(game_id, result_seq)


@shared_task(acks_late=True)
def record_missed_game_results() -> int:
    """Beat's reconciliation pass: results of finished games missing from their tournament."""
    waited = timezone.now() - timedelta(seconds=settings.NIGHTDUEL_MISSED_RESULTS_AFTER_SECONDS)
    return record_missed_results(finished_before=waited)


@shared_task(acks_late=True)
def auto_confirm_table_reports() -> int:
    """Beat: confirm table reports nobody answered within the tournament's auto_confirm_minutes."""
    return services.auto_confirm_due_reports()
