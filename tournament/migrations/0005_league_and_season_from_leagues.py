"""A tournament's league and season are the leagues app's now (state only: same tables)."""
import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('leagues', '0001_initial'),
        ('tournament', '0004_tournament_uploads'),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.AlterField(
                    model_name='tournament',
                    name='league',
                    field=models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='tournaments', to='leagues.league'),
                ),
                migrations.AlterField(
                    model_name='tournament',
                    name='season',
                    field=models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='tournaments', to='leagues.season'),
                ),
            ],
            database_operations=[],
        ),
    ]
