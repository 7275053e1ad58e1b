"""``python manage.py load_demo``: the demo casino, its people and rule sets (idempotent)."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand

from drills.services.demo import DEMO_EXAM_TITLE, PROPERTY_NAME, TEAM_NAME, load_demo


class Command(BaseCommand):
    help = "Create or reset the demo casino (Demo Casino), its users, a team and a rule set per game."

    def handle(self, *args: Any, **options: Any) -> None:
        report = load_demo()
        self.stdout.write(f"{PROPERTY_NAME} is ready. Demo logins (demo data only: never use these passwords):")
        for user in report.users:
            role = "superuser" if user.superuser else user.role.label.lower()
            self.stdout.write(f"  {user.username:<12} / {user.password:<16} {role}")
        self.stdout.write(f"Team {TEAM_NAME!r}: supervisor and trainee1-trainee5.")
        self.stdout.write(f"Exam: {DEMO_EXAM_TITLE!r} (Exams page, as a trainee).")
        for rule_set in report.rule_sets:
            default = " (default)" if rule_set.is_default else ""
            self.stdout.write(f"Rule set {rule_set.slug}{default}: {rule_set.name}")
        for line in report.versions:
            self.stdout.write(line)
        for game in report.skipped_games:
            self.stdout.write(f"No rule set for {game}: its engine is not installed yet.")
