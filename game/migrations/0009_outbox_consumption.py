"""Outbox messages are done when their consumers have run (kernel/outbox.py), not when handed over.

Messages the old code handed to the broker more than a day ago count as consumed (the
missed-results passes repair any finished game among them that was never rated or recorded);
newer ones stay open, so the re-send pass hands them to their consumers once more — each
consumer is idempotent, and from now on each run leaves its tracking record.
"""
from datetime import timedelta

import django.db.models.deletion
from django.db import migrations, models
from django.utils import timezone


def close_old_dispatched(apps, schema_editor):
    OutboxMessage = apps.get_model("game", "OutboxMessage")
    OutboxMessage.objects.filter(dispatched_at__lt=timezone.now() - timedelta(days=1)).update(
        consumed_at=models.F("dispatched_at"))


class Migration(migrations.Migration):

    dependencies = [
        ('game', '0008_idempotency_per_game_and_recorded_players'),
    ]

    operations = [
        migrations.CreateModel(
            name='OutboxConsumption',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('consumer', models.CharField(max_length=120)),
                ('consumed_at', models.DateTimeField(auto_now_add=True)),
            ],
        ),
        migrations.AddField(
            model_name='outboxmessage',
            name='consumed_at',
            field=models.DateTimeField(blank=True, null=True),
        ),
        migrations.RunPython(close_old_dispatched, migrations.RunPython.noop),
        migrations.AddIndex(
            model_name='outboxmessage',
            index=models.Index(condition=models.Q(('consumed_at__isnull', True)), fields=['id'], name='outbox_unconsumed'),
        ),
        migrations.AddField(
            model_name='outboxconsumption',
            name='message',
            field=models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='consumptions', to='game.outboxmessage'),
        ),
        migrations.AddConstraint(
            model_name='outboxconsumption',
            constraint=models.UniqueConstraint(fields=('message', 'consumer'), name='outbox_consumed_once'),
        ),
    ]
