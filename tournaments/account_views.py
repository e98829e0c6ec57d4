"""A signed-in person's own page: the invitations waiting for their answer (tournaments.invitations), the
tournaments they are an official of, to leave one, and their latest messages (tournaments.notifications)."""

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from core.errors import ServiceError
from tournaments import display, invitations, officials
from tournaments.models import Notification, Tournament

NOTIFICATIONS_SHOWN = 20
ROLE_NAMES = dict(display.ROLE_CHOICES)


class AnswerForm(forms.Form):
    answer = forms.ChoiceField(choices=[("accept", "accept"), ("decline", "decline")])


class LeaveForm(forms.Form):
    tournament = forms.IntegerField(min_value=1, max_value=2**31 - 1)
    role = forms.ChoiceField(choices=display.ROLE_CHOICES)


@login_required
def account(request):
    user = request.user
    waiting = [(invitation, ROLE_NAMES[invitation.role]) for invitation in invitations.pending_for(user)]
    held = [(tournament, role, ROLE_NAMES[role]) for tournament, role in invitations.appointments_of(user)]
    notes = Notification.objects.filter(user=user).select_related("tournament")[:NOTIFICATIONS_SHOWN]
    return render(
        request, "tournaments/account.html", {"invitations": waiting, "appointments": held, "notifications": notes}
    )


@require_POST
@login_required
def answer_invitation(request, invitation_id):
    invitation = get_object_or_404(invitations.pending_for(request.user), pk=invitation_id)
    form = AnswerForm(request.POST)
    if not form.is_valid():
        messages.error(request, _("Accept or decline the invitation."))
        return redirect("account")
    accept = form.cleaned_data["answer"] == "accept"
    try:
        invitations.answer(invitation, accept)
    except ServiceError as error:
        messages.error(request, error.message)
        return redirect("account")
    said = display.APPOINTED if accept else display.DECLINED
    names = {"person": officials.person(request.user), "tournament": invitation.tournament}
    messages.success(request, said[invitation.role] % names)
    return redirect(invitation.tournament if accept else "account")


@require_POST
@login_required
def leave(request):
    form = LeaveForm(request.POST)
    if not form.is_valid():
        messages.error(request, _("Choose the tournament and the role to leave."))
        return redirect("account")
    tournament = get_object_or_404(Tournament.objects.visible_to(request.user), pk=form.cleaned_data["tournament"])
    role = form.cleaned_data["role"]
    try:
        invitations.leave(request.user, tournament, role)
    except ServiceError as error:
        messages.error(request, error.message)
    else:
        names = {"person": officials.person(request.user), "tournament": tournament}
        messages.success(request, display.REMOVED[role] % names)
    return redirect("account")
