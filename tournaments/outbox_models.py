from django.db import models
from django.utils.translation import gettext_lazy, pgettext_lazy


class OutgoingMail(models.Model):
    """An e-mail to one address (a player's news, a personal link, an official's set-password link or message),
    written in the transaction that decided to send it and sent from here (tournaments.mail): a mail server that
    is down or refuses delays the mail and loses nothing. Tried until it is sent, less and less often; its body,
    which may carry a link that opens someone's page, is emptied once sent."""

    class Status(models.TextChoices):
        PENDING = "pending", pgettext_lazy("e-mail status", "To be sent")
        SENT = "sent", pgettext_lazy("e-mail status", "Sent")
        FAILED = "failed", pgettext_lazy("e-mail status", "Refused")

    tournament = models.ForeignKey(
        "tournaments.Tournament", null=True, blank=True, on_delete=models.CASCADE, related_name="+"
    )
    to = models.CharField(max_length=254)
    to_name = models.CharField(max_length=200, blank=True, help_text=gettext_lazy("Shown instead of the address."))
    subject = models.CharField(max_length=255)
    body = models.TextField(blank=True)
    language = models.CharField(max_length=8, blank=True)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.PENDING)
    attempts = models.PositiveSmallIntegerField(default=0)
    created_at = models.DateTimeField(auto_now_add=True)
    next_attempt_at = models.DateTimeField(help_text=gettext_lazy("When the periodic sweep sends it, if still due."))
    sent_at = models.DateTimeField(null=True, blank=True)
    last_error = models.TextField(blank=True)

    class Meta:
        verbose_name = gettext_lazy("e-mail to send")
        verbose_name_plural = gettext_lazy("e-mails to send")
        indexes = [models.Index(fields=["status", "next_attempt_at"])]

    def __str__(self):
        return f"{self.to_name or self.to}: {self.subject} ({self.get_status_display()})"
