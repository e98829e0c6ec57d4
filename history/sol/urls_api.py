from django.urls import path

from history.sol import api

urlpatterns = [
    path("tournaments/<slug:tournament_slug>/export.sol.gz", api.ExportView.as_view(), name="api-sol-export"),
    path("sol/import/", api.ImportView.as_view(), name="api-sol-import"),
    path("sol/import/<int:job_id>/", api.ImportStatusView.as_view(), name="api-sol-import-status"),
]
