"""A game keeps the ruleset version it was created under (its GameCreated says it), so the engine
of that version folds it; games stored before are given theirs from their first event."""
from django.db import migrations, models


def versions_from_game_created(apps, schema_editor):
    Game = apps.get_model("game", "Game")
    StoredEvent = apps.get_model("kernel", "StoredEvent")
    for game in Game.objects.filter(ruleset_version="").only("id").iterator():
        created = StoredEvent.objects.filter(stream=f"game-{game.id}", seq=1).values_list("payload", flat=True).first()
        version = (created or {}).get("ruleset_version", "")
        if version:
            Game.objects.filter(pk=game.pk).update(ruleset_version=version)


class Migration(migrations.Migration):

    dependencies = [
        ('kernel', '0001_initial'),
        ('game', '0012_replays_that_teach'),
    ]

    operations = [
        migrations.AddField(
            model_name='game',
            name='ruleset_version',
            field=models.CharField(blank=True, default='', max_length=40),
        ),
        migrations.RunPython(versions_from_game_created, migrations.RunPython.noop),
    ]
