"""The certificate as a PDF (ReportLab): trainee, game, score, issue and expiry dates, the
issuer, the verification code and a QR code of the verification address (segno).

Drawn from the stored certificate on each download (the same bytes every time for the same
certificate and address), so nothing but the row needs storing.
"""

from __future__ import annotations

from io import BytesIO

import segno
from django.utils.formats import date_format
from django.utils.translation import gettext
from reportlab.lib.colors import HexColor
from reportlab.lib.pagesizes import A4, landscape
from reportlab.pdfgen.canvas import Canvas

from drills.exams.models import Certificate
from drills.labels import whole_percent

FELT = HexColor("#0b5d3b")
GOLD = HexColor("#b8860b")


def certificate_pdf(certificate: Certificate, verify_url: str) -> bytes:
    buffer = BytesIO()
    width, height = landscape(A4)
    # invariant=1: no creation date or random id in the file; pageCompression=0 keeps the
    # text searchable by tests and tools.
    canvas = Canvas(buffer, pagesize=(width, height), invariant=1, pageCompression=0)
    canvas.setTitle(
        gettext("Certificate: %(name)s, %(game)s") % {"name": certificate.holder_name, "game": certificate.game_name}
    )
    canvas.setAuthor(certificate.property_name)
    canvas.setStrokeColor(FELT)
    canvas.setLineWidth(6)
    canvas.rect(24, 24, width - 48, height - 48)
    canvas.setStrokeColor(GOLD)
    canvas.setLineWidth(1.5)
    canvas.rect(36, 36, width - 72, height - 72)

    center = width / 2
    canvas.setFillColor(FELT)
    canvas.setFont("Helvetica-Bold", 30)
    canvas.drawCentredString(center, height - 120, gettext("Certificate of Qualification"))
    canvas.setFillColor(HexColor("#1d2329"))
    canvas.setFont("Helvetica", 14)
    canvas.drawCentredString(center, height - 165, gettext("This certifies that"))
    canvas.setFont("Helvetica-Bold", 26)
    canvas.drawCentredString(center, height - 205, certificate.holder_name)
    canvas.setFont("Helvetica", 14)
    canvas.drawCentredString(center, height - 240, gettext("has passed the dealer certification exam for"))
    canvas.setFont("Helvetica-Bold", 20)
    canvas.drawCentredString(center, height - 272, certificate.game_name)
    canvas.setFont("Helvetica", 14)
    canvas.drawCentredString(center, height - 310, gettext("at %(property)s") % {"property": certificate.property_name})
    passed = gettext("on %(day)s with a score of %(percent)s %%") % {
        "day": date_format(certificate.exam_date, "d F Y"),
        "percent": whole_percent(certificate.score_percent),
    }
    canvas.drawCentredString(center, height - 332, passed)
    canvas.setFont("Helvetica", 12)
    issued = gettext("Issued %(day)s by %(issuer)s") % {
        "day": date_format(certificate.issued_at, "d F Y"),
        "issuer": certificate.issuer,
    }
    if certificate.expires_on:
        expiry = gettext("valid until %(day)s") % {"day": date_format(certificate.expires_on, "d F Y")}
    else:
        expiry = gettext("no expiry date")
    canvas.drawCentredString(center, height - 362, f"{issued}; {expiry}")

    canvas.setFont("Helvetica", 10)
    canvas.drawString(60, 92, gettext("Verification code"))
    canvas.setFont("Courier-Bold", 13)
    canvas.drawString(60, 74, certificate.code)
    canvas.setFont("Helvetica", 10)
    canvas.drawString(60, 56, gettext("Verify at %(url)s") % {"url": verify_url})
    draw_qr(canvas, verify_url, x=width - 60 - QR_SIZE, y=52, size=QR_SIZE)
    canvas.showPage()
    canvas.save()
    return buffer.getvalue()


QR_SIZE = 96.0  # points (about 34 mm): scannable from a printed page


def draw_qr(canvas: Canvas, data: str, *, x: float, y: float, size: float) -> None:
    """The QR code of ``data`` as vector squares (no image library), quiet zone included."""
    qr = segno.make_qr(data, error="m")
    border = 4  # the quiet zone the QR standard asks for, in modules
    modules = len(qr.matrix) + 2 * border
    cell = size / modules
    canvas.setFillColor(HexColor("#ffffff"))
    canvas.rect(x, y, size, size, stroke=0, fill=1)
    canvas.setFillColor(HexColor("#000000"))
    for row_number, row in enumerate(qr.matrix):
        top = y + size - (row_number + border + 1) * cell
        for column, dark in enumerate(row):
            if dark:
                canvas.rect(x + (column + border) * cell, top, cell, cell, stroke=0, fill=1)
