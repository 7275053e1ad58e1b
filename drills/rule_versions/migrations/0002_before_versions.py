"""Every existing rule set gets its version 1: its values as they are, in force since it was
created, signed off by nobody ("before versions")."""

from django.apps.registry import Apps
from django.db import migrations
from django.db.backends.base.schema import BaseDatabaseSchemaEditor

BEFORE_VERSIONS = "The rule set's values before versions (recorded when versions began)."


def give_version_1(apps: Apps, schema_editor: BaseDatabaseSchemaEditor) -> None:
    RuleSet = apps.get_model("drills", "RuleSet")
    RuleSetVersion = apps.get_model("rule_versions", "RuleSetVersion")
    for rule_set in RuleSet.objects.filter(versions__isnull=True).iterator():
        RuleSetVersion.objects.create(
            rule_set=rule_set,
            number=1,
            values=rule_set.values,
            effective_from=rule_set.created_at.date(),
            reason=BEFORE_VERSIONS,
            status="signed_off",
            proposed_at=rule_set.created_at,
        )


class Migration(migrations.Migration):
    dependencies = [("rule_versions", "0001_initial")]

    operations = [migrations.RunPython(give_version_1, migrations.RunPython.noop)]
