from django.urls import include, path
from rest_framework.routers import SimpleRouter

from history.ratings import api

router = SimpleRouter()
router.register("ratings", api.RatingViewSet, basename="rating")

urlpatterns = [path("", include(router.urls))]
