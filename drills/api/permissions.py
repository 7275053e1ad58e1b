"""Who may use which part of the API."""

from __future__ import annotations

from typing import Any

from rest_framework.permissions import BasePermission
from rest_framework.request import Request


class IsSupervisorOrStaff(BasePermission):
    """Supervisors and staff of a property (and superusers); trainees are refused, since
    the rulings door would answer their drills for them (RULINGS.md)."""

    message = "Only supervisors and staff may ask for rulings."

    def has_permission(self, request: Request, view: Any) -> bool:
        user = request.user
        return bool(user and user.is_authenticated and (user.is_supervisor or user.is_property_staff))
