"""Server-rendered pages (thin views: reads from ``drills.selectors``)."""
