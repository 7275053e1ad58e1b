"""Settings for the HTTP benchmarks: the site's own settings plus a benchmark-only
urlconf that adds a bare DRF view (one SELECT, one INSERT) to compare against."""

from casino_training.settings import *  # noqa: F403

ROOT_URLCONF = "tests.benchmarks.bench_urls"
