from django.urls import path

from history.sol import views

urlpatterns = [
    path("sol/import/", views.upload, name="sol-import"),
    path("sol/import/<int:job_id>/", views.job_page, name="sol-import-job"),
    path("t/<slug:slug>/export.sol.gz", views.download, name="sol-export"),
]
