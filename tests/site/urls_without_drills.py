"""The site's URLs without the drills pages: what the navigation shows before they exist."""

from django.urls import URLPattern, URLResolver

from casino_training.urls import urlpatterns as site_urlpatterns

urlpatterns: list[URLPattern | URLResolver] = [
    pattern
    for pattern in site_urlpatterns
    if isinstance(pattern, (URLPattern, URLResolver)) and not str(pattern.pattern).startswith("drills/")
]
