"""How entries reach an event before the draw: when they open and close, how many it takes, and whether anyone may
sign up on the public form. Entries made here land as ordinary tournaments.Entry rows."""

from django.db import models
from django.utils.translation import gettext_lazy

from tournaments.models import Event, Player


class EventRegistration(models.Model):
    """An event's entries window. With no row, an event takes entries only from its secretaries (as always)."""

    event = models.OneToOneField(Event, on_delete=models.CASCADE, related_name="registration")
    opens_at = models.DateTimeField(null=True, blank=True, help_text=gettext_lazy("Empty: open at once."))
    closes_at = models.DateTimeField(null=True, blank=True, help_text=gettext_lazy("Empty: until closed by hand."))
    # The secretary closed entries by hand, whatever the dates say.
    closed = models.BooleanField(default=False)
    cap = models.PositiveIntegerField(
        null=True, blank=True, help_text=gettext_lazy("How many entries the event takes; empty: no limit.")
    )
    public_sign_up = models.BooleanField(
        default=False, help_text=gettext_lazy("Anyone may sign up on the event's public form.")
    )

    class Meta:
        verbose_name = gettext_lazy("entries window")

    def __str__(self):
        return str(self.event)


class SignUp(models.Model):
    """Someone who signed up on the event's public form. Pending until they confirm from the link they were
    e-mailed; then an entry of the event (`entry`, where the entry came from) or, with the event full, on its
    waiting list in the order of confirmation."""

    class Status(models.TextChoices):
        PENDING = "pending", gettext_lazy("Waiting for the e-mail's confirmation")
        WAITING = "waiting", gettext_lazy("On the waiting list")
        ENTERED = "entered", gettext_lazy("Entered")

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="sign_ups")
    first_name = models.CharField(max_length=80)
    last_name = models.CharField(max_length=80)
    club = models.CharField(max_length=120, blank=True)
    country = models.CharField(max_length=3)
    # Kept as given, compared folded (email_key): one sign-up per address and event.
    email = models.EmailField()
    email_key = models.CharField(max_length=254, editable=False)
    partner_first_name = models.CharField(max_length=80, blank=True)
    partner_last_name = models.CharField(max_length=80, blank=True)
    # Asked only where the event's eligibility reads them (registration.services.details_asked), and given to the
    # players' records when the sign-up is entered.
    sex = models.CharField(max_length=1, choices=Player.Sex.choices, blank=True)
    date_of_birth = models.DateField(null=True, blank=True)
    partner_sex = models.CharField(max_length=1, choices=Player.Sex.choices, blank=True)
    partner_date_of_birth = models.DateField(null=True, blank=True)
    # What the one signing up agreed to publish of themselves (tournaments.consent, source "sign-up form"),
    # recorded on their player when the sign-up is entered.
    publish_name = models.BooleanField(default=True)
    publish_rating = models.BooleanField(default=True)
    publish_portrait = models.BooleanField(default=False)
    language = models.CharField(max_length=8, blank=True)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.PENDING)
    # The confirmation link's secret (registration.services.confirmation_path); it expires (CONFIRM_HOURS).
    token = models.CharField(max_length=64, unique=True, editable=False)
    created_at = models.DateTimeField(auto_now_add=True)
    confirmed_at = models.DateTimeField(null=True, blank=True)
    entered_at = models.DateTimeField(null=True, blank=True)
    entry = models.OneToOneField(
        "tournaments.Entry", null=True, blank=True, on_delete=models.SET_NULL, related_name="sign_up"
    )

    class Meta:
        verbose_name = gettext_lazy("sign-up")
        constraints = [models.UniqueConstraint(fields=["event", "email_key"], name="one_sign_up_per_address_and_event")]
        indexes = [models.Index(fields=["event", "status", "confirmed_at"])]

    def __str__(self):
        return self.name

    def save(self, *args, **kwargs):
        self.email_key = self.email.strip().casefold()
        super().save(*args, **kwargs)

    @property
    def name(self):
        first = f"{self.first_name} {self.last_name}".strip()
        if self.partner_first_name:
            return f"{first} / {self.partner_first_name} {self.partner_last_name}".strip()
        return first
