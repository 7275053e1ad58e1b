from django.apps import AppConfig


class RuleVersionsConfig(AppConfig):
    name = "drills.rule_versions"
    label = "rule_versions"
    verbose_name = "House rule versions"

    def ready(self) -> None:
        from drills.rule_versions import signals  # noqa: F401  (connects the receivers)
