"""League and Season now belong to the leagues app (leagues/migrations/0001): state only."""
from django.db import migrations


class Migration(migrations.Migration):

    dependencies = [
        ('tournament', '0005_league_and_season_from_leagues'),
        ('notifications', '0005_league_from_leagues'),
        ('ratings', '0006_table_legs'),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.RemoveField(
                    model_name='season',
                    name='league',
                ),
                migrations.DeleteModel(
                    name='League',
                ),
                migrations.DeleteModel(
                    name='Season',
                ),
            ],
            database_operations=[],
        ),
    ]
