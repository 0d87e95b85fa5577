"""League and Season move from ratings to leagues: state only, the tables keep their names and rows."""
import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models


class Migration(migrations.Migration):

    initial = True

    dependencies = [
        ('ratings', '0006_table_legs'),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.CreateModel(
                    name='League',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('name', models.CharField(max_length=120, unique=True)),
                        ('slug', models.SlugField(unique=True)),
                        ('created_at', models.DateTimeField(auto_now_add=True)),
                        ('organisers', models.ManyToManyField(blank=True, related_name='organised_leagues', to=settings.AUTH_USER_MODEL)),
                    ],
                    options={
                        'db_table': 'ratings_league',
                        'ordering': ['name'],
                    },
                ),
                migrations.CreateModel(
                    name='Season',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('name', models.CharField(max_length=120)),
                        ('starts_on', models.DateField(blank=True, null=True)),
                        ('ends_on', models.DateField(blank=True, null=True)),
                        ('league', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='seasons', to='leagues.league')),
                    ],
                    options={
                        'db_table': 'ratings_season',
                        'ordering': ['league', '-starts_on', 'name'],
                        'constraints': [models.UniqueConstraint(fields=('league', 'name'), name='season_name_unique')],
                    },
                ),
            ],
            database_operations=[],
        ),
    ]
