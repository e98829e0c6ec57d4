from django.urls import include, path
from rest_framework.routers import SimpleRouter

from history.championships import api

router = SimpleRouter()
router.register("championships", api.ChampionshipViewSet, basename="championship")

urlpatterns = [path("", include(router.urls))]
