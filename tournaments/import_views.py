"""The secretary's entry import page: upload a file; once a stage of the event is drawn, see what the import will
and will not change, then confirm it (a second POST carrying the rows read from the file, signed)."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _

from tournaments import services
from tournaments.forms import ConfirmImportForm, ImportForm
from tournaments.importing import ImportFailed, ImportNeedsConfirmation, file_rows
from tournaments.models import Event
from tournaments.scoping import secretary_tournament

# New entries named on the confirmation page; the rest are counted.
NAMES_SHOWN = 30


@login_required
def event_import(request, slug, event_id):
    tournament = secretary_tournament(request, slug)
    event = get_object_or_404(Event, pk=event_id, tournament=tournament)
    confirming = request.method == "POST" and "rows" in request.POST
    form = ImportForm(request.POST or None, request.FILES or None) if not confirming else ImportForm()
    context = {"form": form, "event": event, "errors": []}
    if confirming:
        confirmation = ConfirmImportForm(request.POST, event=event, user=request.user)
        if not confirmation.is_valid():
            context["errors"] = [message for messages_ in confirmation.errors.values() for message in messages_]
            return render(request, "tournaments/import.html", context)
        source, confirm = confirmation.cleaned_data["rows"], True
    elif request.method == "POST" and form.is_valid():
        source, confirm = form.cleaned_data["file"], False
    else:
        return render(request, "tournaments/import.html", context)
    try:
        rows = file_rows(source)
        summary = services.import_entries(event, rows, confirm=confirm)
    except ImportFailed as failure:
        context["errors"] = failure.errors
    except ImportNeedsConfirmation as question:
        confirmation = ConfirmImportForm(event=event, user=request.user)
        confirmation.initial = {"rows": confirmation.sign(rows), "confirm": True}
        preview = question.preview
        context.update(
            preview=preview,
            confirmation=confirmation,
            names=preview.new_entries[:NAMES_SHOWN],
            more=max(len(preview.new_entries) - NAMES_SHOWN, 0),
            drawn=", ".join(stage.name for stage in preview.drawn_stages),
            closed=", ".join(preview.closed_stages),
            open=", ".join(preview.open_stages),
        )
    else:
        messages.success(request, _("Imported: %(summary)s.") % {"summary": summary})
        return redirect(event)
    return render(request, "tournaments/import.html", context)
