"""Why an exam write is refused. Each carries the HTTP status the doors answer with and the
field the API's error shape names (``{"errors": {field: [message]}}``)."""

from __future__ import annotations


class ExamError(Exception):
    status = 409
    field = "detail"

    def __init__(self, message: str, *, field: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        if field is not None:
            self.field = field


class StartRefused(ExamError):
    """No new sitting: no attempts left, the retake wait, the exam closed, already passed..."""


class SittingOver(ExamError):
    """The sitting was submitted or closed: nothing more is written to it."""


class TimeUp(ExamError):
    """The server's deadline has passed: the write is refused and changes nothing."""


class ItemFinal(ExamError):
    """The item's feedback was shown during the sitting, so its answer stands."""


class NoSuchItem(ExamError):
    status = 404
    field = "position"


class BlueprintInvalid(ExamError):
    status = 400
