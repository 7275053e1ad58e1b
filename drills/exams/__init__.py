"""Certification exams: blueprints, timed sittings, grading, results, certificates (issue 8).

Decisions (where the issue left a choice):

- Versioning: a blueprint version is editable until its first sitting, then frozen. The
  staff page saves a change to a frozen version as version N+1 (copy-on-write; unchanged
  content creates nothing); the admin shows a frozen version read-only and offers "copy the
  latest version into a new version". Sittings point at their version and keep a snapshot
  of it. Attempts count per blueprint, across versions; a blueprint's game never changes.
- A section is ``count`` items of one drill kind at one difficulty (mix kinds with several
  sections); optional per-item target time and section minimum.
- Time: the deadline is fixed at the start (``min(start + limit, closes_at)``); a write is
  accepted while ``now < deadline``. The sitting page shows one item at a time and an
  item's clock starts the first time the server shows it (the API's detail shows all, so
  their clocks all start then); the time of the graded (last) answer counts; a late item
  keeps ``late_credit_percent`` of its score.
- Scores: percentages truncated to 2 decimals; the stored figure decides pass/fail against
  the overall pass mark and every section minimum; unanswered items score 0.
- Review phases: during / after submitting / after the exam closes (at ``closes_at`` if the
  blueprint has one, else at the sitting's deadline). "Score" shows overall, sections,
  pass/fail, right/wrong per item and the certificate; "answers" the key; "explanations"
  the explanation and rule IDs (only with answers). After the close the score must show.
  Feedback shown during the sitting locks the answered item (its answer stands).
- Starting again while a sitting is open resumes it (same deadline); no new attempt after
  a pass, while the last sitting is being graded, or before the retake wait has passed.
- Certificates: issued with the passing result (same transaction); the PDF is drawn on
  request from the stored row; the verification page shows name, game, date, property and
  valid/revoked only. Revoking is an admin action.
- Certification status: certified > in-progress > revoked > failed > not-attempted.
"""
