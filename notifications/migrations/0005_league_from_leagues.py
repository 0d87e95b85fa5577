"""A webhook's league is the leagues app's now (state only: same table)."""
import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('leagues', '0001_initial'),
        ('notifications', '0004_notification_kinds_for_appointments'),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.AlterField(
                    model_name='webhookendpoint',
                    name='league',
                    field=models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.CASCADE, related_name='webhooks', to='leagues.league'),
                ),
            ],
            database_operations=[],
        ),
    ]
