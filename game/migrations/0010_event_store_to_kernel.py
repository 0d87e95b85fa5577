"""The event store's models now belong to the kernel (kernel/migrations/0001): state only."""
from django.db import migrations


class Migration(migrations.Migration):

    dependencies = [
        ('kernel', '0001_initial'),
        ('game', '0009_outbox_consumption'),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.RemoveField(
                    model_name='idempotencyrecord',
                    name='user',
                ),
                migrations.RemoveField(
                    model_name='outboxconsumption',
                    name='message',
                ),
                migrations.DeleteModel(
                    name='Snapshot',
                ),
                migrations.DeleteModel(
                    name='StoredEvent',
                ),
                migrations.DeleteModel(
                    name='IdempotencyRecord',
                ),
                migrations.DeleteModel(
                    name='OutboxConsumption',
                ),
                migrations.DeleteModel(
                    name='OutboxMessage',
                ),
            ],
            database_operations=[],
        ),
    ]
