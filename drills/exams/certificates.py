"""The certificate as a PDF (ReportLab): trainee, game, date, property, verification code.

Drawn from the stored certificate on each download (the same bytes every time for the same
certificate and address), so nothing but the row needs storing.
"""

from __future__ import annotations

from io import BytesIO

from reportlab.lib.colors import HexColor
from reportlab.lib.pagesizes import A4, landscape
from reportlab.pdfgen.canvas import Canvas

from drills.exams.models import Certificate

FELT = HexColor("#0b5d3b")
GOLD = HexColor("#b8860b")


def certificate_pdf(certificate: Certificate, verify_url: str) -> bytes:
    buffer = BytesIO()
    width, height = landscape(A4)
    # invariant=1: no creation date or random id in the file; pageCompression=0 keeps the
    # text searchable by tests and tools.
    canvas = Canvas(buffer, pagesize=(width, height), invariant=1, pageCompression=0)
    canvas.setTitle(f"Certificate: {certificate.holder_name}, {certificate.game_name}")
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
    canvas.drawCentredString(center, height - 120, "Certificate of Qualification")
    canvas.setFillColor(HexColor("#1d2329"))
    canvas.setFont("Helvetica", 14)
    canvas.drawCentredString(center, height - 165, "This certifies that")
    canvas.setFont("Helvetica-Bold", 26)
    canvas.drawCentredString(center, height - 205, certificate.holder_name)
    canvas.setFont("Helvetica", 14)
    canvas.drawCentredString(center, height - 240, "has passed the dealer certification exam for")
    canvas.setFont("Helvetica-Bold", 20)
    canvas.drawCentredString(center, height - 272, certificate.game_name)
    canvas.setFont("Helvetica", 14)
    canvas.drawCentredString(center, height - 310, f"at {certificate.property_name}")
    canvas.drawCentredString(center, height - 332, f"on {certificate.exam_date:%d %B %Y}")

    canvas.setFont("Helvetica", 10)
    canvas.drawString(60, 92, "Verification code")
    canvas.setFont("Courier-Bold", 13)
    canvas.drawString(60, 74, certificate.code)
    canvas.setFont("Helvetica", 10)
    canvas.drawString(60, 56, f"Verify at {verify_url}")
    canvas.showPage()
    canvas.save()
    return buffer.getvalue()
