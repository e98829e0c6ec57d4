from django.urls import reverse
from rest_framework import serializers

from history.sol.models import ImportJob
from history.sol.services import job_progress


class UploadSerializer(serializers.Serializer):
    file = serializers.FileField(help_text=".sol (YAML or JSON), .sol.gz or a SoL backup .zip")


class ImportJobSerializer(serializers.ModelSerializer):
    done = serializers.SerializerMethodField()
    total = serializers.SerializerMethodField()
    percent = serializers.SerializerMethodField()
    status_url = serializers.SerializerMethodField()

    class Meta:
        model = ImportJob
        fields = ["id", "file_name", "status", "done", "total", "percent", "message", "status_url"]

    def get_done(self, job) -> int:
        return job_progress(job)[0]

    def get_total(self, job) -> int:
        return job_progress(job)[1]

    def get_percent(self, job) -> int:
        if job.status in (ImportJob.Status.DONE, ImportJob.Status.FAILED):
            return 100
        done, total = job_progress(job)
        return 100 * done // total if total else 0

    def get_status_url(self, job) -> str:
        return reverse("api-sol-import-status", args=[job.pk])
