"""Three indexes fewer on ``drills_attempt`` (issue 17): every answer's insert and its grade's
update wrote each of them, and no query needs them. The user's own index is a prefix of
``attempt_user_kind_recent``; nothing looks attempts up by ``mistake_code`` (nor by its LIKE
form). The user's foreign-key constraint stays as it is: dropping only the index, not
rebuilding the constraint (which would check every row of a large table under a lock)."""

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models

USER_INDEX = "drills_attempt_user_id_ab240ac6"  # Django's name for the foreign key's index


class Migration(migrations.Migration):
    dependencies = [
        ("drills", "0010_user_language"),
    ]

    operations = [
        migrations.AlterField(
            model_name="attempt",
            name="mistake_code",
            field=models.CharField(blank=True, max_length=80),
        ),
        migrations.SeparateDatabaseAndState(
            database_operations=[
                migrations.RunSQL(
                    f'DROP INDEX IF EXISTS "{USER_INDEX}"',
                    reverse_sql=f'CREATE INDEX "{USER_INDEX}" ON "drills_attempt" ("user_id")',
                )
            ],
            state_operations=[
                migrations.AlterField(
                    model_name="attempt",
                    name="user",
                    field=models.ForeignKey(
                        db_index=False,
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="attempts",
                        to=settings.AUTH_USER_MODEL,
                    ),
                ),
            ],
        ),
    ]
