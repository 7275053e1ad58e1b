import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "casino_training.settings")

from casino_training.chunked import ChunkedBodyMiddleware

application = ChunkedBodyMiddleware(get_wsgi_application())
