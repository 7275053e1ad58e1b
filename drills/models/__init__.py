"""The site's models, one module per area."""

from drills.models.ops import WorkerHeartbeat
from drills.models.people import Property, Role, Team, User

__all__ = ["Property", "Role", "Team", "User", "WorkerHeartbeat"]
