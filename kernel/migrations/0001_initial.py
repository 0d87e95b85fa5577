"""The event store's models move from game to the kernel: state only, the tables (created by
game's migrations) keep their names and rows."""
import django.db.models.deletion
import kernel.fields
from django.conf import settings
from django.db import migrations, models


class Migration(migrations.Migration):

    initial = True

    dependencies = [
        ('game', '0009_outbox_consumption'),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.CreateModel(
                    name='OutboxMessage',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('topic', models.CharField(max_length=60)),
                        ('payload', models.JSONField()),
                        ('created_at', models.DateTimeField(auto_now_add=True)),
                        ('dispatched_at', models.DateTimeField(blank=True, db_index=True, null=True)),
                        ('consumed_at', models.DateTimeField(blank=True, null=True)),
                    ],
                    options={
                        'db_table': 'game_outboxmessage',
                        'ordering': ['id'],
                        'indexes': [models.Index(condition=models.Q(('consumed_at__isnull', True)), fields=['id'], name='outbox_unconsumed')],
                    },
                ),
                migrations.CreateModel(
                    name='Snapshot',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('stream', models.CharField(max_length=80)),
                        ('seq', models.PositiveIntegerField()),
                        ('ruleset_version', models.CharField(max_length=40)),
                        ('state', kernel.fields.OrderedJSONField()),
                    ],
                    options={
                        'db_table': 'game_snapshot',
                        'indexes': [models.Index(fields=['stream', 'ruleset_version', '-seq'], name='game_snapsh_stream_082743_idx')],
                        'constraints': [models.UniqueConstraint(fields=('stream', 'ruleset_version', 'seq'), name='snapshot_unique')],
                    },
                ),
                migrations.CreateModel(
                    name='StoredEvent',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('stream', models.CharField(max_length=80)),
                        ('seq', models.PositiveIntegerField()),
                        ('type', models.CharField(max_length=80)),
                        ('payload', kernel.fields.OrderedJSONField(default=dict)),
                        ('actor', models.CharField(blank=True, default='', max_length=150)),
                        ('visibility', models.CharField(default='public', max_length=20)),
                        ('recorded_at', models.DateTimeField(auto_now_add=True)),
                        ('dice', kernel.fields.OrderedJSONField(blank=True, null=True)),
                        ('command', kernel.fields.OrderedJSONField(blank=True, null=True)),
                        ('hash', models.CharField(editable=False, max_length=64)),
                    ],
                    options={
                        'db_table': 'events',
                        'ordering': ['stream', 'seq'],
                        'constraints': [models.UniqueConstraint(fields=('stream', 'seq'), name='events_stream_seq_unique')],
                    },
                ),
                migrations.CreateModel(
                    name='IdempotencyRecord',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('key', models.CharField(max_length=200)),
                        ('stream', models.CharField(max_length=80)),
                        ('fingerprint', models.CharField(blank=True, default='', max_length=64)),
                        ('status', models.PositiveSmallIntegerField()),
                        ('response', kernel.fields.OrderedJSONField()),
                        ('created_at', models.DateTimeField(auto_now_add=True)),
                        ('user', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, to=settings.AUTH_USER_MODEL)),
                    ],
                    options={
                        'db_table': 'game_idempotencyrecord',
                        'constraints': [models.UniqueConstraint(fields=('user', 'stream', 'key'), name='idempotency_unique_per_stream')],
                    },
                ),
                migrations.CreateModel(
                    name='OutboxConsumption',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('consumer', models.CharField(max_length=120)),
                        ('consumed_at', models.DateTimeField(auto_now_add=True)),
                        ('message', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='consumptions', to='kernel.outboxmessage')),
                    ],
                    options={
                        'db_table': 'game_outboxconsumption',
                        'constraints': [models.UniqueConstraint(fields=('message', 'consumer'), name='outbox_consumed_once')],
                    },
                ),
            ],
            database_operations=[],
        ),
    ]
