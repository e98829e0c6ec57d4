"""Pages: the secretaries' upload of a SoL file with its progress bar, and a tournament's SoL download."""

from django import forms
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from history.sol.api import sol_file_response
from history.sol.models import ImportJob
from history.sol.serializers import ImportJobSerializer
from history.sol.services import start_import
from tournaments.models import Tournament
from tournaments.permissions import can_create_tournament


class UploadForm(forms.Form):
    file = forms.FileField(
        label=gettext_lazy("SoL file"), help_text=gettext_lazy(".sol (YAML or JSON), .sol.gz or a SoL backup .zip")
    )


def require_importer(user):
    if not can_create_tournament(user):
        raise PermissionDenied(_("Only a tournament secretary may import SoL files."))


@login_required
def upload(request):
    require_importer(request.user)
    form = UploadForm(request.POST or None, request.FILES or None)
    if request.method == "POST" and form.is_valid():
        job = start_import(request.user, form.cleaned_data["file"])
        return redirect("sol-import-job", job.pk)
    jobs = ImportJob.objects.filter(user=request.user)[:10]
    return render(request, "sol/upload.html", {"form": form, "jobs": jobs})


@login_required
def job_page(request, job_id):
    require_importer(request.user)
    jobs = ImportJob.objects.all() if request.user.is_superuser else ImportJob.objects.filter(user=request.user)
    job = get_object_or_404(jobs, pk=job_id)
    return render(request, "sol/job.html", {"job": job, "state": ImportJobSerializer(job).data})


def download(request, slug):
    tournament = get_object_or_404(Tournament.objects.visible_to(request.user), slug=slug)
    return sol_file_response(tournament, request.user)
