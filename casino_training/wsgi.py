import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "casino_training.settings")

from casino_training.chunked import ChunkedBodyMiddleware
from casino_training.warm import warm_up

application = ChunkedBodyMiddleware(get_wsgi_application())
warm_up()  # views and catalogues loaded, then frozen out of the garbage collector's way
